/**
 * The enquiry board (issue 26, docs/decisions/0040): a column per pipeline stage, each enquiry a card that
 * moves to another stage by drag or keyboard (Lost asks for its reason first); filtered by owner, source and
 * project like the inbox it is reached from; a card opened shows the message with its pipeline panel.
 */
import { List, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetchers, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import type { InboxBoardReply, InboxMessage, InboxMessageReply, InboxSourcesReply } from '../../../shared/contact-inbox';
import { messagesCopy, pipelineCopy as copy } from '../../../shared/copy/admin';
import { pipelineLimits, STAGES, type Stage } from '../../../shared/enquiry-pipeline';
import { isOneOf } from '../../../shared/narrow';
import { seesAllEnquiries } from '../../../shared/roles';
import { AdminDataView } from '../../components/admin/admin-data';
import { btn, input, label } from '../../components/admin/classes';
import { BoardColumns, type BoardColumn } from '../../components/admin/enquiry-board-columns';
import { OpenedEnquiry, usePipelineWrite } from '../../components/admin/enquiry-pipeline-panel';
import { InboxFilters } from '../../components/admin/inbox-filters';
import { Modal } from '../../components/admin/modal';
import { PageHeader } from '../../components/admin/ui';
import { signedInAccount } from '../../lib/admin/auth';
import { boardParams, viewOf } from '../../lib/admin/inbox-view';
import { isPipelineAction, loadNotes, loadOwners, runPipelineAction, type PipelineAction } from '../../lib/admin/pipeline-actions';
import { loadReply, submitted } from '../../lib/admin/screen-data';
import type { Route } from './+types/enquiry-board';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const view = viewOf(url.searchParams);
  const openId = url.searchParams.get('message');
  // without the enquiries area: the enquiries assigned to the account, which it moves but does not assign
  const all = seesAllEnquiries((await signedInAccount())?.permissions ?? []);
  const [board, choices, owners, linked, notes] = await Promise.all([
    loadReply<InboxBoardReply>(`/user/board?${boardParams(view)}`, messagesCopy.fetchFailed, messagesCopy.network),
    loadReply<InboxSourcesReply>('/user/sources', messagesCopy.fetchFailed),
    all ? loadOwners() : null,
    openId ? loadReply<InboxMessageReply>(`/user/${encodeURIComponent(openId)}`, messagesCopy.fetchFailed) : null,
    loadNotes(openId),
  ]);
  return {
    view,
    all,
    board,
    linked,
    notes,
    owners: owners ? (owners.reply?.data ?? []) : null,
    choices: choices.reply?.data ?? { sources: [], projects: [] },
  };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = await submitted<PipelineAction>(request);
  return isPipelineAction(action) ? runPipelineAction(action) : null;
}

/** The columns with the moves still on their way shown where they are going. */
function withPendingMoves(columns: BoardColumn[], moving: Map<string, Stage>): BoardColumn[] {
  if (moving.size === 0) return columns;
  const cards = columns.flatMap((column) => column.data);
  return columns.map((column) => {
    const leaving = column.data.filter((message) => moving.has(message._id) && moving.get(message._id) !== column.stage).length;
    const arriving = cards
      .filter((message) => message.stage !== column.stage && moving.get(message._id) === column.stage)
      .map((message) => ({ ...message, stage: column.stage }));
    return {
      ...column,
      total: column.total - leaving + arriving.length,
      data: [...arriving, ...column.data.filter((message) => !moving.has(message._id) || moving.get(message._id) === column.stage)],
    };
  });
}

export default function EnquiryBoard() {
  const { view, all, board, linked, notes, owners, choices } = useLoaderData<typeof clientLoader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const { send } = usePipelineWrite();
  const [losing, setLosing] = useState<InboxMessage | null>(null);
  const [reason, setReason] = useState('');
  // the stage changes sent and not yet answered (their fetchers' JSON)
  const fetchers = useFetchers();
  const moving = new Map<string, Stage>();
  for (const fetcher of fetchers) {
    const json: unknown = fetcher.json;
    if (fetcher.state === 'idle' || !json || typeof json !== 'object') continue;
    if ('intent' in json && json.intent === 'stage' && 'id' in json && 'stage' in json && isOneOf(STAGES, json.stage))
      moving.set(String(json.id), json.stage);
  }

  const openId = params.get('message');
  const open = openId && linked?.reply?.data._id === openId ? linked.reply.data : null;
  const setMessage = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('message', id);
    else next.delete('message');
    setParams(next, { replace: id === null });
  };
  const move = (message: InboxMessage, stage: Stage) => {
    if (stage !== 'Lost') return send({ intent: 'stage', id: message._id, stage });
    setReason('');
    setLosing(message);
  };

  return (
    <div>
      <PageHeader title={copy.boardTitle} subtitle={copy.boardSubtitle}>
        <Link to={`/admin/users?${boardParams(view)}`} className={btn.secondary}>
          <List className="h-4 w-4" aria-hidden />
          {copy.listLink}
        </Link>
        <button
          type="button"
          className={btn.secondary}
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === 'loading'}
        >
          <RefreshCw className={`h-4 w-4 ${revalidator.state === 'loading' ? 'animate-spin' : ''}`} aria-hidden />
          {messagesCopy.refresh}
        </button>
      </PageHeader>
      <InboxFilters asked={view} choices={choices} owners={owners} onShow={(changes) => setParams(boardParams({ ...view, ...changes }))} />
      <AdminDataView loaded={board}>
        {(reply) => (
          <BoardColumns columns={withPendingMoves(reply.data, moving)} onMove={move} onOpen={(message) => setMessage(message._id)} />
        )}
      </AdminDataView>
      {open ? (
        <OpenedEnquiry
          message={open}
          busy={false}
          onStatus={all ? (status) => send({ intent: 'status', id: open._id, status }) : undefined}
          onClose={() => setMessage(null)}
          owners={owners}
          notes={notes}
        />
      ) : null}
      {losing ? (
        <Modal title={copy.lostTitle(losing.name)} onClose={() => setLosing(null)} size="sm">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send({ intent: 'stage', id: losing._id, stage: 'Lost', lostReason: reason });
              setLosing(null);
            }}
          >
            <label htmlFor="board-lost-reason" className={label}>
              {copy.lostReasonLabel}
            </label>
            <input
              id="board-lost-reason"
              className={input}
              value={reason}
              required
              data-autofocus
              maxLength={pipelineLimits.lostReasonMax}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" className={btn.secondary} onClick={() => setLosing(null)}>
                {copy.cancel}
              </button>
              <button type="submit" className={btn.primary} disabled={!reason.trim()}>
                {copy.move}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </div>
  );
}
