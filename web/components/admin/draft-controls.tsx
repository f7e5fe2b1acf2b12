/**
 * What an editor adds for drafts (docs/decisions/0039): Save draft, Unpublish and Discard draft beside its save button,
 * the quiet autosave line and a shareable preview link of the draft (0043); the state mark of a list row; and the two
 * document editors' (About content, Site settings) draft bar and Schedule section, one for both (0047).
 */
import { useId, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { conflictCopy, draftCopy, previewCopy, scheduleCopy } from '../../../shared/copy/admin';
import type { ContentState } from '../../../shared/drafts';
import type { ItemSchedule, ScheduleReply } from '../../../shared/schedules';
import { readableDateTime } from '../../../shared/site-time';
import { makePreviewLink } from '../../lib/admin/api';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import type { ScheduleIntent } from '../../lib/admin/document-drafts';
import type { Written } from '../../lib/admin/screen-data';
import type { AutosaveStatus } from './use-draft-autosave';
import { btn } from './classes';
import { ScheduleFields } from './schedule-fields';
import { Badge } from './ui';

interface DraftButtonsProps {
  busy: boolean;
  /** The item is published (Unpublish is offered). */
  published: boolean;
  /** A draft newer than the published state exists (Discard draft is offered). */
  changed: boolean;
  onSaveDraft: () => void;
  /** Absent for a new item, or where the screen does not offer them. */
  onUnpublish?: () => void;
  onDiscard?: () => void;
}

export function DraftButtons({ busy, published, changed, onSaveDraft, onUnpublish, onDiscard }: DraftButtonsProps) {
  return (
    <>
      {onUnpublish && published ? (
        <button type="button" className={btn.secondary} onClick={onUnpublish} disabled={busy}>
          {draftCopy.unpublish}
        </button>
      ) : null}
      {onDiscard && published && changed ? (
        <button type="button" className={btn.secondary} onClick={onDiscard} disabled={busy}>
          {draftCopy.discard}
        </button>
      ) : null}
      <button type="button" className={btn.secondary} onClick={onSaveDraft} disabled={busy}>
        {draftCopy.saveDraft}
      </button>
    </>
  );
}

const AUTOSAVE_TEXT: Record<AutosaveStatus, string> = {
  idle: '',
  saving: draftCopy.autosaving,
  saved: draftCopy.autosaved,
  failed: draftCopy.autosaveFailed,
  stopped: conflictCopy.autosaveStopped,
};

/** The autosave's state, read out politely (never a toast: it is not something the editor did). */
export function AutosaveLine({ status }: { status: AutosaveStatus }) {
  return (
    <p className="min-h-5 text-sm text-gray-700 md:col-span-2" role="status" aria-live="polite">
      {AUTOSAVE_TEXT[status]}
    </p>
  );
}

interface DocumentDraftBarProps {
  autosave: AutosaveStatus;
  /** A draft newer than the live document exists: the notice and Discard draft come with it. */
  drafted: boolean;
  /** What the notice says while `drafted`; none where the screen shows no notice. */
  draftNotice?: string;
  /** The last write's failure, or ''. */
  error: string;
  busy: boolean;
  /** Publish is offered (a draft to publish, or changes the screen publishes as one). */
  canPublish: boolean;
  /** A Publish is on its way: its button says so. */
  publishing: boolean;
  onSaveDraft: () => void;
  onPublish: () => void;
  onDiscard: () => void;
  /** The screen's own save button, last in the row and its primary one; without it, Publish is the primary. */
  save?: ReactNode;
}

/**
 * A document editor's draft bar: the draft notice, the autosave line, the last write's failure, and Discard draft, Save
 * draft and Publish (then the screen's own save) in one row.
 */
export function DocumentDraftBar(props: DocumentDraftBarProps) {
  const { drafted, busy, save } = props;
  return (
    <>
      {drafted && props.draftNotice ? <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">{props.draftNotice}</p> : null}
      <AutosaveLine status={props.autosave} />
      {props.error ? (
        <p role="alert" className="text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DraftButtons busy={busy} published changed={drafted} onSaveDraft={props.onSaveDraft} onDiscard={props.onDiscard} />
        {props.canPublish ? (
          <button type="button" className={save ? btn.secondary : btn.primary} disabled={busy} onClick={props.onPublish}>
            {props.publishing ? draftCopy.publishing : draftCopy.publish}
          </button>
        ) : null}
        {save}
      </div>
    </>
  );
}

/**
 * A document's Schedule section (docs/decisions/0042): shown while a draft exists, since a draft is what a schedule
 * publishes; its Publish at goes to the screen's action as a ScheduleIntent.
 */
export function DocumentSchedule({
  drafted,
  schedule,
  className,
}: {
  drafted: boolean;
  schedule: ItemSchedule | null;
  className?: string;
}) {
  const fetcher = useFetcher<Written<ScheduleReply>>();
  if (!drafted) return null;
  return (
    <ScheduleFields
      className={className}
      schedule={schedule}
      withUnpublish={false}
      busy={fetcher.state !== 'idle'}
      onSave={({ publishAt }) => {
        const body: ScheduleIntent = { intent: 'schedule', publishAt };
        void fetcher.submit({ ...body }, { method: 'put', encType: 'application/json' });
      }}
    />
  );
}

const STATE_TONES = { published: 'green', changed: 'blue', draft: 'orange', scheduled: 'gray' } as const;

/** An item's publishing state in a list row; a scheduled one says what happens when, on the site's clock. */
export function StateMark({ state, schedule }: { state: ContentState; schedule?: ItemSchedule | null }) {
  const { timeZone } = useAdminLimits();
  const when = (at: string) => readableDateTime(new Date(at), timeZone);
  const changes =
    state === 'scheduled' && schedule
      ? [
          ...(schedule.publishAt ? [scheduleCopy.listChange.publish(when(schedule.publishAt))] : []),
          ...(schedule.unpublishAt ? [scheduleCopy.listChange.unpublish(when(schedule.unpublishAt))] : []),
        ]
      : [];
  if (changes.length === 0) return <Badge tone={STATE_TONES[state]}>{draftCopy.states[state]}</Badge>;
  return (
    <Badge tone={STATE_TONES[state]} wrap>
      {scheduleCopy.listMark(changes)}
    </Badge>
  );
}

type ShareState =
  { kind: 'idle' | 'making' } | { kind: 'made'; url: string; expiresAt: string; copied: boolean } | { kind: 'failed'; message: string };

/**
 * Share preview link: makes a signed link of a draft and shows it, ready to copy, with when it stops working. `owner` is
 * the draft's API path: an item's (`/clients/<id>`) or a document's (`/about-content`).
 */
export function SharePreviewLink({ owner }: { owner: string }) {
  const { timeZone } = useAdminLimits();
  const [state, setState] = useState<ShareState>({ kind: 'idle' });
  const inputId = useId();
  const make = async () => {
    setState({ kind: 'making' });
    try {
      const { data } = await makePreviewLink(owner);
      setState({ kind: 'made', ...data, copied: false });
    } catch (error) {
      setState({ kind: 'failed', message: previewCopy.shareFailed(error instanceof Error ? error.message : '') });
    }
  };
  const copy = async (url: string, expiresAt: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setState({ kind: 'made', url, expiresAt, copied: true });
  };
  return (
    <div className="space-y-2 md:col-span-2">
      <button type="button" className={btn.secondary} onClick={() => void make()} disabled={state.kind === 'making'}>
        {state.kind === 'making' ? previewCopy.sharing : previewCopy.share}
      </button>
      {state.kind === 'made' ? (
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
            {previewCopy.linkLabel}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              readOnly
              value={state.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-sm"
            />
            <button type="button" className={btn.secondary} onClick={() => void copy(state.url, state.expiresAt)}>
              {previewCopy.copy}
            </button>
          </div>
          <p className="text-sm text-gray-700" role="status">
            {state.copied ? `${previewCopy.copied}. ` : ''}
            {previewCopy.worksUntil(readableDateTime(new Date(state.expiresAt), timeZone))}
          </p>
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <p className="text-sm text-red-700" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
