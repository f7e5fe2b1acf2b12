/**
 * All Contact Messages, the enquiry inbox: table on wide screens, cards on narrow ones, Refresh;
 * search, status filter, pages of newest first; a message opened in full to reply, change its
 * status or delete it; the current view exported as CSV.
 */
import { Download, RefreshCw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  redirect,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { toast } from 'sonner';
import { lifecycleCopy, messagesCopy as copy } from '../../../shared/copy/admin';
import {
  MESSAGE_STATUSES,
  type InboxListReply,
  type InboxMessage,
  type InboxMessageReply,
  type InboxSourcesReply,
  type InboxStatusReply,
  type MessageStatus,
} from '../../../shared/contact-inbox';
import { formatPhone } from '../../../shared/phone';
import { readableDate } from '../../../shared/site-time';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { btn, card, input, label } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { AdminDataView } from '../../components/admin/admin-data';
import { EmptyState, PageHeader } from '../../components/admin/ui';
import { apiJson, downloadFile, restoreFromTrash } from '../../lib/admin/api';
import { announceInboxCounts } from '../../lib/admin/inbox-counts';
import { loadReply, runWrite, submitted, useWritten, type Written } from '../../lib/admin/screen-data';
import type { MessageReply } from '../../../shared/replies';
import { AlertState, MessageDetail, MessageText, StatusBadge } from '../../components/admin/inbox-message';
import { viewOf, viewParams, type View } from '../../lib/admin/inbox-view';
import type { Route } from './+types/messages';

const SEARCH_DELAY_MS = 300;

/** The filter's choices, with the one asked for even when the inbox holds none of it (a link to a source seen elsewhere). */
function withAsked<T extends { source: string }>(choices: T[], asked: string, make: (source: string) => T): T[] {
  return !asked || choices.some((choice) => choice.source === asked) ? choices : [...choices, make(asked)];
}

/** The screen's address: its view lives in the query (and `message`, the e-mail alert's link to one message). */
const SCREEN = '/admin/users';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const view = viewOf(url.searchParams);
  const query = viewParams(view);
  query.set('page', String(view.page));
  const linkedId = url.searchParams.get('message');
  const [inbox, linked, choices] = await Promise.all([
    loadReply<InboxListReply>(`/user?${query}`, copy.fetchFailed, copy.network),
    linkedId ? loadReply<InboxMessageReply>(`/user/${encodeURIComponent(linkedId)}`, copy.fetchFailed) : null,
    // the source and project filters' choices (issue 26): without them the filters offer "All" alone
    loadReply<InboxSourcesReply>('/user/sources', copy.fetchFailed),
  ]);
  if (inbox.reply) {
    announceInboxCounts(inbox.reply.counts);
    // a page left empty by a delete or a narrower view: the last page that has messages
    const pages = Math.max(1, Math.ceil(inbox.reply.total / (inbox.reply.limit ?? 1)));
    if (view.page > pages) {
      url.searchParams.set('page', String(pages));
      return redirect(`${url.pathname}?${url.searchParams}`);
    }
  }
  return { view, inbox, linked, choices: choices.reply?.data ?? { sources: [], projects: [] } };
}

/** Closing the message the e-mail linked to takes `message` out of the address: nothing to read again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const without = new URLSearchParams(currentUrl.search);
  without.delete('message');
  return currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.has('message') && `${without}` === `${nextUrl.searchParams}`
    ? false
    : defaultShouldRevalidate;
}

type MessageAction = { intent: 'status'; id: string; status: MessageStatus } | { intent: 'delete' | 'undo-delete'; id: string };

export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = await submitted<MessageAction>(request);
  const path = `/user/${encodeURIComponent(action.id)}`;
  if (action.intent === 'status')
    return runWrite(
      () => apiJson<InboxStatusReply>(path, { method: 'PATCH', body: { status: action.status }, fallback: copy.statusFailed }),
      { success: (reply) => copy.statusChanged(reply.data.status), fallback: copy.statusFailed },
    );
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
  const { timeZone } = useAdminLimits();
  const { view, inbox, linked, choices } = useLoaderData<typeof clientLoader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loadingView = navigation.state === 'loading' && navigation.location.pathname === SCREEN;
  const loading = revalidator.state === 'loading' || loadingView;
  // the view asked for last, even while it loads: the filter shows it, a search typed next and the CSV keep it
  const asked = loadingView ? viewOf(new URLSearchParams(navigation.location.search)) : view;
  const [searchText, setSearchText] = useState(view.q);
  // the message the e-mail alert linked to (?message=<id>) opens over the list
  const [open, setOpen] = useState<InboxMessage | null>(linked?.reply?.data ?? null);
  const [confirming, setConfirming] = useState<InboxMessage | null>(null);
  const [exporting, setExporting] = useState(false);
  const statusFetcher = useFetcher<Written<InboxStatusReply>>();
  const deleteFetcher = useFetcher<Written<MessageReply>>();
  const busy = statusFetcher.state !== 'idle' || deleteFetcher.state !== 'idle';

  /** Another view: `changes` on the query, the first page unless a page is given. */
  const show = (changes: Partial<View>, replace = false) => {
    const merged = { ...asked, page: 1, ...changes };
    const next = viewParams(merged);
    if (merged.page > 1) next.set('page', String(merged.page));
    setParams(next, { replace });
  };

  const linkError = linked?.error;
  useEffect(() => {
    if (!linkError) return;
    // after this render, once the layout's toaster listens
    const timer = setTimeout(() => toast.error(linkError));
    return () => clearTimeout(timer);
  }, [linkError]);

  // the search follows the typing, once it pauses
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const typeSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      if (text.trim() !== view.q) show({ q: text.trim() }, true);
    }, SEARCH_DELAY_MS);
  };

  const changeStatus = (message: InboxMessage, status: MessageStatus) => {
    const action: MessageAction = { intent: 'status', id: message._id, status };
    void statusFetcher.submit(action, { method: 'post', encType: 'application/json' });
  };
  useWritten(statusFetcher.data, (outcome) => {
    if (!outcome.ok) return;
    const changed = outcome.reply.data;
    setOpen((current) => (current?._id === changed._id ? changed : current));
  });
  const remove = (message: InboxMessage) => {
    const action: MessageAction = { intent: 'delete', id: message._id };
    void deleteFetcher.submit(action, { method: 'post', encType: 'application/json' });
  };
  useWritten(deleteFetcher.data, (outcome) => {
    if (!outcome.ok) return;
    setConfirming(null);
    setOpen(null);
  });
  const close = () => {
    setOpen(null);
    if (!params.has('message')) return;
    const next = new URLSearchParams(params);
    next.delete('message');
    setParams(next, { replace: true });
  };

  async function exportCsv() {
    setExporting(true);
    await runWrite(
      () =>
        downloadFile(`/user/export?${viewParams(asked).toString()}`, () => undefined, {
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
  const limit = result?.limit ?? 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = (view.page - 1) * limit + 1;

  const openButton = (row: InboxMessage) => (
    <button type="button" className={btn.smallEdit} onClick={() => setOpen(row)} aria-label={copy.openLabel(row.name)}>
      {copy.open}
    </button>
  );

  return (
    <div>
      <PageHeader title={copy.title} subtitle={result ? copy.total(total) : undefined}>
        <button type="button" className={btn.secondary} onClick={() => void exportCsv()} disabled={exporting || inboxEmpty}>
          <Download className="h-4 w-4" aria-hidden />
          {exporting ? copy.exporting : copy.exportCsv}
        </button>
        <button type="button" className={btn.secondary} onClick={() => void revalidator.revalidate()} disabled={loading}>
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
          {copy.refresh}
        </button>
      </PageHeader>

      {inboxEmpty ? null : (
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
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
                value={searchText}
                maxLength={200}
                onChange={(event) => typeSearch(event.target.value)}
              />
            </div>
          </div>
          <div className="sm:w-56">
            <label htmlFor="message-status-filter" className={label}>
              {copy.statusFilter}
            </label>
            <select
              id="message-status-filter"
              className={input}
              value={asked.status}
              onChange={(event) => {
                // a search still waiting for the typing to pause goes with it
                clearTimeout(searchTimer.current);
                show({ status: event.target.value as View['status'], q: searchText.trim() });
              }}
            >
              <option value="">{copy.allStatuses}</option>
              {MESSAGE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {copy.statusOption(status, counts?.[status] ?? 0)}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:w-56">
            <label htmlFor="message-source-filter" className={label}>
              {copy.sourceFilter}
            </label>
            <select
              id="message-source-filter"
              className={input}
              value={asked.source}
              onChange={(event) => {
                clearTimeout(searchTimer.current);
                show({ source: event.target.value, q: searchText.trim() });
              }}
            >
              <option value="">{copy.allSources}</option>
              {withAsked(choices.sources, asked.source, (source) => ({ source, count: 0 })).map(({ source, count }) => (
                <option key={source} value={source}>
                  {copy.filterOption(source, count)}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:w-56">
            <label htmlFor="message-project-filter" className={label}>
              {copy.projectFilter}
            </label>
            <select
              id="message-project-filter"
              className={input}
              value={asked.project}
              onChange={(event) => {
                clearTimeout(searchTimer.current);
                show({ project: event.target.value, q: searchText.trim() });
              }}
            >
              <option value="">{copy.allProjects}</option>
              {choices.projects.map((project) => (
                <option key={project._id} value={project._id}>
                  {copy.filterOption(project.title, project.count)}
                </option>
              ))}
            </select>
          </div>
        </div>
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
            <>
              <div className="hidden overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm md:block">
                <table className="min-w-full divide-y divide-gray-200 text-sm">
                  <caption className="sr-only">{copy.title}</caption>
                  <thead className="bg-gray-50">
                    <tr>
                      {[...Object.values(copy.columns), copy.statusColumn, copy.actionsColumn].map((header) => (
                        <th key={header} scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                          {header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {rows.map((row) => (
                      <tr key={row._id} className="align-top" data-testid="message-row">
                        <td className={`px-4 py-3 ${row.status === 'New' ? 'font-semibold' : 'font-medium'}`}>{row.name}</td>
                        <td className="px-4 py-3">
                          {row.email ? (
                            <a className="text-blue-700 underline" href={`mailto:${row.email}`}>
                              {row.email}
                            </a>
                          ) : null}
                        </td>
                        <td className="whitespace-nowrap px-4 py-3">{formatPhone(row.number)}</td>
                        <td className="max-w-md px-4 py-3">
                          <MessageText message={row.message} />
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-gray-700">{readableDate(new Date(row.createdAt), timeZone)}</td>
                        <td className="px-4 py-3">
                          <StatusBadge status={row.status} />
                          <AlertState alert={row.alert} />
                        </td>
                        <td className="px-4 py-3">{openButton(row)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="space-y-3 md:hidden">
                {rows.map((row) => (
                  <li key={row._id} className={`${card} p-4 text-sm`}>
                    <div className="flex items-start justify-between gap-2">
                      <p className="font-semibold">{row.name}</p>
                      <p className="text-xs text-gray-600">{readableDate(new Date(row.createdAt), timeZone)}</p>
                    </div>
                    <p className="mt-1 break-all">
                      {row.email ? (
                        <a className="text-blue-700 underline" href={`mailto:${row.email}`}>
                          {row.email}
                        </a>
                      ) : null}
                    </p>
                    <p className="text-gray-700">{formatPhone(row.number)}</p>
                    <p className="mt-2 text-gray-800">
                      <MessageText message={row.message} />
                    </p>
                    <div className="mt-2 flex items-center justify-between">
                      <span>
                        <StatusBadge status={row.status} />
                        <AlertState alert={row.alert} />
                      </span>
                      {openButton(row)}
                    </div>
                  </li>
                ))}
              </ul>
              <nav aria-label={copy.pagination} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
                <p>{copy.showing(first, first + rows.length - 1, total)}</p>
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    className={btn.secondary}
                    disabled={view.page <= 1 || loading}
                    onClick={() => show({ page: view.page - 1 })}
                  >
                    {copy.previous}
                  </button>
                  <span>{copy.pageOf(view.page, pages)}</span>
                  <button
                    type="button"
                    className={btn.secondary}
                    disabled={view.page >= pages || loading}
                    onClick={() => show({ page: view.page + 1 })}
                  >
                    {copy.next}
                  </button>
                </div>
              </nav>
            </>
          )
        }
      </AdminDataView>

      {open && !confirming ? (
        <MessageDetail
          message={open}
          busy={busy}
          onStatus={(status) => changeStatus(open, status)}
          onDelete={() => setConfirming(open)}
          onClose={close}
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
