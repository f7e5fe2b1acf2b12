/** The inbox's filters (web/routes/admin/messages.tsx; the board shows those it uses): search, status, stage, owner, source, project. */
import type { InboxCounts, InboxSourcesReply } from '../../../shared/contact-inbox';
import { MESSAGE_STATUSES } from '../../../shared/contact-inbox';
import { messagesCopy as copy, pipelineCopy } from '../../../shared/copy/admin';
import { STAGES, type EnquiryOwner } from '../../../shared/enquiry-pipeline';
import type { View } from '../../lib/admin/inbox-view';
import { choiceOf } from '../../lib/admin/list-query';
import { FilterSelect, ServerListControls, ServerListSearch } from './list-controls';

type Choices = InboxSourcesReply['data'];

/** The filter's choices, with the one asked for even when the inbox holds none of it (a link to a source seen elsewhere). */
function withAsked<T extends { source: string }>(choices: T[], asked: string, make: (source: string) => T): T[] {
  return !asked || choices.some((choice) => choice.source === asked) ? choices : [...choices, make(asked)];
}

export function InboxFilters({
  asked,
  counts,
  choices,
  owners,
  search,
  onShow,
}: {
  asked: View;
  /** The inbox's counts per status (the list's status filter); absent: no status filter (the board). */
  counts?: InboxCounts;
  choices: Choices;
  /** null: no owner filter (an account without the enquiries area sees only its own). */
  owners: EnquiryOwner[] | null;
  /** The search box (the list's; the board has none): its text and how typing changes it. */
  search?: { text: string; onType: (text: string) => void };
  /** Another view: the search still waiting for the typing to pause goes with it. */
  onShow: (changes: Partial<View>) => void;
}) {
  return (
    <ServerListControls>
      {search ? (
        <ServerListSearch id="message-search" label={copy.search} placeholder={copy.searchPlaceholder} maxLength={200} search={search} />
      ) : null}
      {counts ? (
        <FilterSelect
          id="message-status-filter"
          label={copy.statusFilter}
          value={asked.status}
          all={copy.allStatuses}
          choices={MESSAGE_STATUSES.map((status) => [status, copy.statusOption(status, counts[status])] as const)}
          onChoose={(status) => onShow({ status: choiceOf(MESSAGE_STATUSES, status, '') })}
        />
      ) : null}
      {counts ? (
        <FilterSelect
          id="message-stage-filter"
          label={pipelineCopy.stageFilter}
          value={asked.stage}
          all={pipelineCopy.allStages}
          choices={STAGES.map((stage) => [stage, stage] as const)}
          onChoose={(stage) => onShow({ stage: choiceOf(STAGES, stage, '') })}
        />
      ) : null}
      {owners ? (
        <FilterSelect
          id="message-owner-filter"
          label={pipelineCopy.ownerFilter}
          value={asked.owner}
          all={pipelineCopy.allOwners}
          choices={[['none', pipelineCopy.noOwner], ...owners.map((owner) => [owner._id, owner.email] as const)]}
          onChoose={(owner) => onShow({ owner })}
        />
      ) : null}
      <FilterSelect
        id="message-source-filter"
        label={copy.sourceFilter}
        value={asked.source}
        all={copy.allSources}
        choices={withAsked(choices.sources, asked.source, (source) => ({ source, count: 0 })).map(
          ({ source, count }) => [source, copy.filterOption(source, count)] as const,
        )}
        onChoose={(source) => onShow({ source })}
      />
      <FilterSelect
        id="message-project-filter"
        label={copy.projectFilter}
        value={asked.project}
        all={copy.allProjects}
        choices={choices.projects.map((project) => [project._id, copy.filterOption(project.title, project.count)] as const)}
        onChoose={(project) => onShow({ project })}
      />
    </ServerListControls>
  );
}
