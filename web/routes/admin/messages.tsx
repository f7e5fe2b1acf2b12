/**
 * All Contact Messages, the enquiry inbox: table on wide screens, cards on narrow ones, Refresh;
 * search, status filter, pages of newest first; a message opened in full to reply, change its
 * status or delete it, and its place in the pipeline (stage, owner, follow-up, notes: docs/decisions/0040);
 * the current view exported as CSV; the board (enquiry-board.tsx) one click away.
 */
import { Download, KanbanSquare, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, redirect, useFetcher, useLoaderData, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { lifecycleCopy, messagesCopy as copy, pipelineCopy } from '../../../shared/copy/admin';
import { seesAllEnquiries } from '../../../shared/roles';
import type {
  InboxListReply,
  InboxMessage,
  InboxMessageReply,
  InboxSourcesReply,
  InboxStatusReply,
  MessageStatus,
} from '../../../shared/contact-inbox';
import { btn } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { AdminDataView } from '../../components/admin/admin-data';
import { EmptyState, PageHeader } from '../../components/admin/ui';
import { apiJson, downloadFile, restoreFromTrash } from '../../lib/admin/api';
import { signedInAccount } from '../../lib/admin/auth';
import { announceInboxCounts } from '../../lib/admin/inbox-counts';
import { loadReply, runWrite, submitted, useWritten, type Written } from '../../lib/admin/screen-data';
import type { MessageReply } from '../../../shared/replies';
import { InboxFilters } from '../../components/admin/inbox-filters';
import { InboxList } from '../../components/admin/inbox-list';
import { OpenedEnquiry } from '../../components/admin/enquiry-pipeline-panel';
import { boardParams, viewOf, viewParams } from '../../lib/admin/inbox-view';
import { ServerPager } from '../../components/admin/list-controls';
import { useServerListView } from '../../components/admin/use-server-list-view';
import { pageCountOf } from '../../../shared/admin-list';
import { isPipelineAction, loadNotes, loadOwners, runPipelineAction, type PipelineAction } from '../../lib/admin/pipeline-actions';
import type { Route } from './+types/messages';

/** The screen's address: its view lives in the query (and `message`, the e-mail alert's link to one message). */
const SCREEN = '/admin/users';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const view = viewOf(url.searchParams);
  const query = viewParams(view);
  query.set('page', String(view.page));
  const linkedId = url.searchParams.get('message');
  // without the enquiries area the server answers with the enquiries assigned to the account, and it assigns nothing
  const all = seesAllEnquiries((await signedInAccount())?.permissions ?? []);
  const [inbox, linked, choices, owners, notes] = await Promise.all([
    loadReply<InboxListReply>(`/user?${query}`, copy.fetchFailed, copy.network),
    linkedId ? loadReply<InboxMessageReply>(`/user/${encodeURIComponent(linkedId)}`, copy.fetchFailed) : null,
    // the source and project filters' choices (issue 26): without them the filters offer "All" alone
    loadReply<InboxSourcesReply>('/user/sources', copy.fetchFailed),
    // the pipeline's (issue 26): the owners to choose from, the opened message's notes
    all ? loadOwners() : null,
    loadNotes(linkedId),
  ]);
  if (inbox.reply) {
    announceInboxCounts(inbox.reply.counts);
    // a page left empty by a delete or a narrower view: the last page that has messages
    const pages = pageCountOf(inbox.reply.total, inbox.reply.limit ?? 1);
    if (view.page > pages) {
      url.searchParams.set('page', String(pages));
      return redirect(`${url.pathname}?${url.searchParams}`);
    }
  }
  return {
    view,
    all,
    inbox,
    linked,
    notes,
    owners: owners ? (owners.reply?.data ?? []) : null,
    choices: choices.reply?.data ?? { sources: [], projects: [] },
  };
}

/** Closing the message the e-mail linked to takes `message` out of the address: nothing to read again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const without = new URLSearchParams(currentUrl.search);
  without.delete('message');
  return currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.has('message') && `${without}` === `${nextUrl.searchParams}`
    ? false
    : defaultShouldRevalidate;
}

type MessageAction =
  { intent: 'status'; id: string; status: MessageStatus } | { intent: 'delete' | 'undo-delete'; id: string } | PipelineAction;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = await submitted<MessageAction>(request);
  if (isPipelineAction(action)) return runPipelineAction(action);
  const path = `/user/${encodeURIComponent(action.id)}`;
  if (action.intent === 'delete')
    return runWrite(() => apiJson<MessageReply>(path, { method: 'DELETE', fallback: copy.deleteFailed }), {
      success: () => copy.deleted,
      fallback: copy.deleteFailed,
      // in the trash: Undo brings it back for a few seconds (the Trash screen after that)
      undo: () => ({ screen: SCREEN, intent: { intent: 'undo-delete', id: action.id }, duration: lifecycleCopy.undoMs }),
    });
  return runWrite(() => restoreFromTrash('enquiries', action.id), {
    success: () => lifecycleCopy.restored('Message'),
    failure: (message) => lifecycleCopy.restoreFailed(message),
    fallback: '',
  });
}

export default function Messages() {
  const { view, all, inbox, linked, choices, owners, notes } = useLoaderData<typeof clientLoader>();
  const list = useServerListView(view, { screen: SCREEN, viewOf, queryOf: viewParams, opened: 'message' });
  const { asked, loading } = list;
  const revalidator = useRevalidator();
  // the message opened, or the one the e-mail alert linked to (?message=<id>), over the list: read with its notes by the loader
  const open = list.openedId && linked?.reply?.data._id === list.openedId ? linked.reply.data : null;
  const [confirming, setConfirming] = useState<InboxMessage | null>(null);
  const [exporting, setExporting] = useState(false);
  const statusFetcher = useFetcher<Written<InboxStatusReply>>();
  const deleteFetcher = useFetcher<Written<MessageReply>>();
  const busy = statusFetcher.state !== 'idle' || deleteFetcher.state !== 'idle';

  const linkError = linked?.error;
  useEffect(() => {
    if (!linkError) return;
    // after this render, once the layout's toaster listens
    const timer = setTimeout(() => toast.error(linkError));
    return () => clearTimeout(timer);
  }, [linkError]);

  const changeStatus = (message: InboxMessage, status: MessageStatus) => {
    const action: MessageAction = { intent: 'status', id: message._id, status };
    void statusFetcher.submit(action, { method: 'post', encType: 'application/json' });
  };
  const remove = (message: InboxMessage) => {
    // closed first: the reads after the delete no longer ask for it
    close();
    const action: MessageAction = { intent: 'delete', id: message._id };
    void deleteFetcher.submit(action, { method: 'post', encType: 'application/json' });
  };
  useWritten(deleteFetcher.data, (outcome) => {
    if (outcome.ok) setConfirming(null);
  });
  const openMessage = (message: InboxMessage) => {
    setConfirming(null);
    list.openItem(message._id);
  };
  const close = list.closeOpened;

  async function exportCsv() {
    setExporting(true);
    await runWrite(
      () =>
        downloadFile(`/user/export?${viewParams({ ...asked, page: 1 })}`, () => undefined, {
          fallback: copy.exportFailed,
          cutShort: copy.exportCutShort,
        }),
      { success: (fileName) => copy.exported(fileName), fallback: copy.exportFailed },
    );
    setExporting(false);
  }

  const result = inbox.reply;
  const rows = result?.data ?? [];
  const total = result?.total ?? 0;
  const counts = result?.counts;
  const inboxEmpty = counts !== undefined && counts.New + counts.Replied + counts.Archived === 0;

  return (
    <div>
      <PageHeader title={all ? copy.title : pipelineCopy.myEnquiries} subtitle={result ? copy.total(total) : undefined}>
        <Link to={`/admin/users/board?${boardParams(asked)}`} className={btn.secondary}>
          <KanbanSquare className="h-4 w-4" aria-hidden />
          {pipelineCopy.boardLink}
        </Link>
        {all ? (
          <button type="button" className={btn.secondary} onClick={() => void exportCsv()} disabled={exporting || inboxEmpty}>
            <Download className="h-4 w-4" aria-hidden />
            {exporting ? copy.exporting : copy.exportCsv}
          </button>
        ) : null}
        <button type="button" className={btn.secondary} onClick={() => void revalidator.revalidate()} disabled={loading}>
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
          {copy.refresh}
        </button>
      </PageHeader>

      {inboxEmpty ? null : (
        <InboxFilters asked={asked} counts={counts} choices={choices} owners={owners} search={list.search} onShow={list.show} />
      )}

      <AdminDataView loaded={inbox}>
        {() =>
          inboxEmpty ? (
            <EmptyState message={copy.empty}>
              <p className="text-sm text-gray-600">{copy.emptyHint}</p>
            </EmptyState>
          ) : rows.length === 0 ? (
            <EmptyState message={copy.noMatch}>
              <p className="text-sm text-gray-600">{copy.noMatchHint}</p>
            </EmptyState>
          ) : (
            <InboxList
              rows={rows}
              onOpen={openMessage}
              pager={<ServerPager list={list} total={total} pageSize={result?.limit ?? 1} shown={rows.length} count={copy.showing} />}
            />
          )
        }
      </AdminDataView>

      {open && !confirming ? (
        <OpenedEnquiry
          message={open}
          busy={busy}
          onStatus={all ? (status) => changeStatus(open, status) : undefined}
          onDelete={all ? () => setConfirming(open) : undefined}
          onClose={close}
          owners={owners}
          notes={notes}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          message={copy.confirmDelete(confirming.name)}
          busy={busy}
          onConfirm={() => remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
