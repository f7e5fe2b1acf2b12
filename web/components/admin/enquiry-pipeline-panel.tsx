/**
 * An enquiry's place in the pipeline, in the message view (docs/decisions/0040): its stage (Lost with a
 * reason), owner, next follow-up and notes. Each change goes to the screen's clientAction (inbox or board).
 */
import { useState, type ComponentProps } from 'react';
import { useFetcher } from 'react-router';
import type { InboxMessage } from '../../../shared/contact-inbox';
import { pipelineCopy as copy } from '../../../shared/copy/admin';
import { STAGES, pipelineLimits, type EnquiryNote, type EnquiryOwner, type Stage } from '../../../shared/enquiry-pipeline';
import { isOneOf } from '../../../shared/narrow';
import { readableDateTime } from '../../../shared/site-time';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import type { PipelineAction } from '../../lib/admin/pipeline-actions';
import type { Loaded } from '../../lib/admin/screen-data';
import { btn, input, label } from './classes';
import { MessageDetail } from './inbox-message';
import { LabelledSelect } from './ui';

/** Sends one pipeline change to the screen's action. */
export function usePipelineWrite() {
  const fetcher = useFetcher();
  return {
    busy: fetcher.state !== 'idle',
    send: (action: PipelineAction) => void fetcher.submit(action, { method: 'post', encType: 'application/json' }),
  };
}

/**
 * An enquiry opened (the inbox's and the board's): the message view with its pipeline panel, drawn anew once a
 * change has been read back (its key), so the panel's fields show what is stored.
 */
export function OpenedEnquiry({
  owners,
  notes,
  ...detail
}: Omit<ComponentProps<typeof MessageDetail>, 'children'> & Omit<ComponentProps<typeof PipelinePanel>, 'message'>) {
  const { message: open } = detail;
  return (
    <MessageDetail {...detail}>
      <PipelinePanel
        key={`${open._id} ${open.stage} ${open.lostReason} ${open.owner?._id} ${open.followUpOn} ${notes?.reply?.data.length}`}
        message={open}
        owners={owners}
        notes={notes}
      />
    </MessageDetail>
  );
}

function PipelinePanel({
  message,
  owners,
  notes,
}: {
  message: InboxMessage;
  /** null: the owner is shown, not chosen (only the enquiries area assigns). */
  owners: EnquiryOwner[] | null;
  notes: Loaded<{ data: EnquiryNote[] }> | null;
}) {
  const { timeZone } = useAdminLimits();
  const { busy, send } = usePipelineWrite();
  const id = message._id;
  const [stage, setStage] = useState<Stage>(message.stage);
  const [reason, setReason] = useState(message.lostReason ?? '');
  const [followUp, setFollowUp] = useState(message.followUpOn ?? '');
  const [note, setNote] = useState('');

  const chooseStage = (value: string) => {
    if (!isOneOf(STAGES, value)) return;
    setStage(value);
    // Lost waits for its reason
    if (value !== 'Lost') send({ intent: 'stage', id, stage: value });
  };

  return (
    <section aria-labelledby="pipeline-title" className="mt-4 rounded-lg border border-gray-200 p-3" data-testid="message-pipeline">
      <h3 id="pipeline-title" className="text-sm font-medium text-gray-700">
        {copy.title}
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <LabelledSelect id="message-stage" label={copy.stageLabel} value={stage} disabled={busy} onChoose={chooseStage}>
          {STAGES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </LabelledSelect>
        {owners ? (
          <LabelledSelect
            id="message-owner"
            label={copy.ownerLabel}
            value={message.owner?._id ?? ''}
            disabled={busy}
            onChoose={(ownerId) => send({ intent: 'owner', id, ownerId: ownerId || null })}
          >
            <option value="">{copy.noOwner}</option>
            {owners.map((owner) => (
              <option key={owner._id} value={owner._id}>
                {owner.email}
              </option>
            ))}
          </LabelledSelect>
        ) : (
          <dl>
            <dt className={label}>{copy.ownerLabel}</dt>
            <dd className="text-sm text-gray-900">{message.owner?.email ?? copy.noOwner}</dd>
          </dl>
        )}
      </div>
      {stage === 'Lost' ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send({ intent: 'stage', id, stage: 'Lost', lostReason: reason });
          }}
        >
          <div className="flex-1">
            <label htmlFor="message-lost-reason" className={label}>
              {copy.lostReasonLabel}
            </label>
            <input
              id="message-lost-reason"
              className={input}
              value={reason}
              maxLength={pipelineLimits.lostReasonMax}
              required
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <button type="submit" className={btn.secondary} disabled={busy || !reason.trim()}>
            {copy.save}
          </button>
        </form>
      ) : null}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send({ intent: 'follow-up', id, followUpOn: followUp || null });
        }}
      >
        <div>
          <label htmlFor="message-follow-up" className={label}>
            {copy.followUpLabel}
          </label>
          <input
            id="message-follow-up"
            type="date"
            className={input}
            value={followUp}
            onChange={(event) => setFollowUp(event.target.value)}
          />
        </div>
        <button type="submit" className={btn.secondary} disabled={busy}>
          {copy.save}
        </button>
        {message.followUpOn ? (
          <button
            type="button"
            className={btn.secondary}
            disabled={busy}
            onClick={() => send({ intent: 'follow-up', id, followUpOn: null })}
          >
            {copy.clear}
          </button>
        ) : null}
      </form>
      <h4 className="mt-4 text-sm font-medium text-gray-700">{copy.notesTitle}</h4>
      {notes?.error ? <p className="text-sm text-red-700">{notes.error}</p> : null}
      {notes?.reply && notes.reply.data.length === 0 ? <p className="text-sm text-gray-600">{copy.noNotes}</p> : null}
      <ol className="mt-1 space-y-2" data-testid="message-notes">
        {notes?.reply?.data.map((entry) => (
          <li key={entry._id} className="rounded bg-gray-50 p-2 text-sm">
            <p className="whitespace-pre-line break-words">{entry.text}</p>
            <p className="mt-1 text-xs text-gray-600">
              {copy.noteBy(entry.author.email, readableDateTime(new Date(entry.createdAt), timeZone))}
            </p>
          </li>
        ))}
      </ol>
      <form
        className="mt-2"
        onSubmit={(event) => {
          event.preventDefault();
          send({ intent: 'note', id, text: note });
        }}
      >
        <label htmlFor="message-note" className={label}>
          {copy.noteLabel}
        </label>
        <textarea
          id="message-note"
          className={input}
          rows={2}
          value={note}
          maxLength={pipelineLimits.noteMax}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" className={`${btn.secondary} mt-2`} disabled={busy || !note.trim()}>
          {copy.addNote}
        </button>
      </form>
    </section>
  );
}
