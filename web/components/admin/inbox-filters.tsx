/** The inbox's filters (web/routes/admin/messages.tsx; the board shows those it uses): search, status, stage, owner, source, project. */
import { Search } from 'lucide-react';
import type { InboxCounts, InboxSourcesReply } from '../../../shared/contact-inbox';
import { MESSAGE_STATUSES } from '../../../shared/contact-inbox';
import { messagesCopy as copy, pipelineCopy } from '../../../shared/copy/admin';
import { STAGES, type EnquiryOwner } from '../../../shared/enquiry-pipeline';
import { isOneOf } from '../../../shared/narrow';
import type { View } from '../../lib/admin/inbox-view';
import { input, label } from './classes';
import { LabelledSelect } from './ui';

type Choices = InboxSourcesReply['data'];

/** The filter's choices, with the one asked for even when the inbox holds none of it (a link to a source seen elsewhere). */
function withAsked<T extends { source: string }>(choices: T[], asked: string, make: (source: string) => T): T[] {
  return !asked || choices.some((choice) => choice.source === asked) ? choices : [...choices, make(asked)];
}

function Filter({
  id,
  title,
  value,
  onChange,
  children,
}: {
  id: string;
  title: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <LabelledSelect id={id} label={title} className="sm:w-48" value={value} onChoose={onChange}>
      {children}
    </LabelledSelect>
  );
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
    <div className="mb-4 flex flex-col flex-wrap gap-3 sm:flex-row sm:items-end">
      {search ? (
        <div className="min-w-64 flex-1">
          <label htmlFor="message-search" className={label}>
            {copy.search}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-500" aria-hidden />
            <input
              id="message-search"
              type="search"
              className={`${input} pl-9`}
              placeholder={copy.searchPlaceholder}
              value={search.text}
              maxLength={200}
              onChange={(event) => search.onType(event.target.value)}
            />
          </div>
        </div>
      ) : null}
      {counts ? (
        <Filter
          id="message-status-filter"
          title={copy.statusFilter}
          value={asked.status}
          onChange={(status) => onShow({ status: isOneOf(MESSAGE_STATUSES, status) ? status : '' })}
        >
          <option value="">{copy.allStatuses}</option>
          {MESSAGE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {copy.statusOption(status, counts[status])}
            </option>
          ))}
        </Filter>
      ) : null}
      {counts ? (
        <Filter
          id="message-stage-filter"
          title={pipelineCopy.stageFilter}
          value={asked.stage}
          onChange={(stage) => onShow({ stage: isOneOf(STAGES, stage) ? stage : '' })}
        >
          <option value="">{pipelineCopy.allStages}</option>
          {STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stage}
            </option>
          ))}
        </Filter>
      ) : null}
      {owners ? (
        <Filter id="message-owner-filter" title={pipelineCopy.ownerFilter} value={asked.owner} onChange={(owner) => onShow({ owner })}>
          <option value="">{pipelineCopy.allOwners}</option>
          <option value="none">{pipelineCopy.noOwner}</option>
          {owners.map((owner) => (
            <option key={owner._id} value={owner._id}>
              {owner.email}
            </option>
          ))}
        </Filter>
      ) : null}
      <Filter id="message-source-filter" title={copy.sourceFilter} value={asked.source} onChange={(source) => onShow({ source })}>
        <option value="">{copy.allSources}</option>
        {withAsked(choices.sources, asked.source, (source) => ({ source, count: 0 })).map(({ source, count }) => (
          <option key={source} value={source}>
            {copy.filterOption(source, count)}
          </option>
        ))}
      </Filter>
      <Filter id="message-project-filter" title={copy.projectFilter} value={asked.project} onChange={(project) => onShow({ project })}>
        <option value="">{copy.allProjects}</option>
        {choices.projects.map((project) => (
          <option key={project._id} value={project._id}>
            {copy.filterOption(project.title, project.count)}
          </option>
        ))}
      </Filter>
    </div>
  );
}
