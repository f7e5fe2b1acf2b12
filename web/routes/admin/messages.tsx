/**
 * All Contact Messages, the enquiry inbox: table on wide screens, cards on narrow ones, Refresh;
 * search, status filter, pages of newest first; a message opened in full to reply, change its
 * status or delete it; the current view exported as CSV.
 */
import { Download, Mail, RefreshCw, Search, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PREVIEW_CHARS, lifecycleCopy, messagesCopy as copy } from '../../../shared/copy/admin';
import { MESSAGE_STATUSES, replyMailto, type InboxMessage, type InboxPage, type MessageStatus } from '../../../shared/contact-inbox';
import { btn, card, input, label } from '../../components/admin/classes';
import { formatDate } from '../../components/admin/columns';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { Modal } from '../../components/admin/modal';
import { Badge, EmptyState, ErrorView, PageHeader, Spinner, preview } from '../../components/admin/ui';
import { ApiError, apiJson, downloadFile, errorText, restoreFromTrash } from '../../lib/admin/api';
import { announceInboxCounts } from '../../lib/admin/inbox-counts';

const SEARCH_DELAY_MS = 300;
const statusTone = { New: 'orange', Replied: 'green', Archived: 'gray' } as const;

interface View {
  q: string;
  status: MessageStatus | '';
  page: number;
}

const viewParams = ({ q, status }: View) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  return params;
};

const fullDate = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function MessageText({ message }: { message: string }) {
  const [open, setOpen] = useState(false);
  if (message.length <= PREVIEW_CHARS) return <span className="whitespace-pre-line">{message}</span>;
  return (
    <span>
      <span className="whitespace-pre-line">{open ? message : preview(message, PREVIEW_CHARS)}</span>{' '}
      <button type="button" className="text-sm font-medium text-blue-700 underline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? copy.hideFull : copy.showFull}
      </button>
    </span>
  );
}

function StatusBadge({ status }: { status: MessageStatus }) {
  return <Badge tone={statusTone[status]}>{status}</Badge>;
}

/** The e-mail alert's state, once the mail outbox reports one. */
function AlertState({ alert }: { alert: InboxMessage['alert'] }) {
  if (!alert) return null;
  return (
    <span className="mt-1 block text-xs text-gray-600" title={alert.detail}>
      {copy.alert}: {alert.status}
    </span>
  );
}

function MessageDetail({
  message,
  busy,
  onStatus,
  onDelete,
  onClose,
}: {
  message: InboxMessage;
  busy: boolean;
  onStatus: (status: MessageStatus) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title={copy.detailTitle(message.name)} onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-gray-700">{copy.columns.name}</dt>
        <dd>{message.name}</dd>
        <dt className="font-medium text-gray-700">{copy.columns.email}</dt>
        <dd className="break-all">{message.email}</dd>
        <dt className="font-medium text-gray-700">{copy.columns.number}</dt>
        <dd>{message.number}</dd>
        <dt className="font-medium text-gray-700">{copy.received}</dt>
        <dd>
          <time dateTime={message.createdAt}>{fullDate(message.createdAt)}</time>
        </dd>
        <dt className="font-medium text-gray-700">{copy.statusColumn}</dt>
        <dd>
          <StatusBadge status={message.status} />
          <AlertState alert={message.alert} />
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-medium text-gray-700">{copy.columns.message}</h3>
      <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-gray-50 p-3 text-sm text-gray-900" data-testid="message-text">
        {message.message}
      </p>
      <div className="mt-5 flex flex-wrap items-end gap-3">
        <a href={replyMailto(message)} className={btn.primary} onClick={() => message.status !== 'Replied' && onStatus('Replied')}>
          <Mail className="h-4 w-4" aria-hidden />
          {copy.reply}
        </a>
        <div>
          <label htmlFor="message-status" className={label}>
            {copy.statusLabel}
          </label>
          <select
            id="message-status"
            className={input}
            value={message.status}
            disabled={busy}
            onChange={(event) => onStatus(event.target.value as MessageStatus)}
          >
            {MESSAGE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={`${btn.danger} ml-auto`} onClick={onDelete} disabled={busy}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {copy.delete}
        </button>
      </div>
    </Modal>
  );
}

export default function Messages() {
  const [view, setView] = useState<View>({ q: '', status: '', page: 1 });
  const [searchText, setSearchText] = useState('');
  const [result, setResult] = useState<InboxPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<InboxMessage | null>(null);
  const [confirming, setConfirming] = useState<InboxMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const params = viewParams(view);
      params.set('page', String(view.page));
      const body = await apiJson<InboxPage>(`/user?${params.toString()}`, { fallback: copy.fetchFailed });
      setResult(body);
      announceInboxCounts(body.counts);
      setError('');
      // a page left empty by a delete or a narrower view: show the last page that has messages
      const pages = Math.max(1, Math.ceil(body.total / body.limit));
      if (view.page > pages) setView((current) => ({ ...current, page: pages }));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 0 ? copy.network : failure instanceof Error ? failure.message : copy.fetchFailed,
      );
    } finally {
      setLoading(false);
    }
  }, [view]);
  useEffect(() => {
    // fetch on mount and whenever the view changes
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  // the e-mail alert links here with ?message=<id>: that message opens over the list
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('message');
    if (!id) return;
    apiJson<{ data: InboxMessage }>(`/user/${encodeURIComponent(id)}`, { fallback: copy.fetchFailed })
      .then((body) => setOpen(body.data))
      .catch((failure: unknown) => toast.error(failure instanceof Error ? failure.message : copy.fetchFailed));
  }, []);

  // the search follows the typing, once it pauses
  useEffect(() => {
    const text = searchText.trim();
    const timer = setTimeout(
      () => setView((current) => (current.q === text ? current : { ...current, q: text, page: 1 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  async function changeStatus(message: InboxMessage, status: MessageStatus) {
    setBusy(true);
    try {
      const body = await apiJson<{ data: InboxMessage }>(`/user/${encodeURIComponent(message._id)}`, {
        method: 'PATCH',
        body: { status },
        fallback: copy.statusFailed,
      });
      setOpen((current) => (current?._id === message._id ? body.data : current));
      toast.success(copy.statusChanged(body.data.status));
      await load();
    } catch (failure) {
      toast.error(errorText(failure, copy.statusFailed));
    } finally {
      setBusy(false);
    }
  }

  async function remove(message: InboxMessage) {
    setBusy(true);
    try {
      await apiJson(`/user/${encodeURIComponent(message._id)}`, { method: 'DELETE', fallback: copy.deleteFailed });
      // in the trash: Undo brings it back for a few seconds (the Trash screen after that)
      toast.success(copy.deleted, {
        duration: lifecycleCopy.undoMs,
        action: { label: lifecycleCopy.undo, onClick: () => void undoRemove(message) },
      });
      setConfirming(null);
      setOpen(null);
      await load();
    } catch (failure) {
      toast.error(errorText(failure, copy.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  async function undoRemove(message: InboxMessage) {
    try {
      await restoreFromTrash('enquiries', message._id);
      toast.success(lifecycleCopy.restored('Message'));
    } catch (failure) {
      toast.error(lifecycleCopy.restoreFailed(errorText(failure, '')));
    }
    await load();
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const fileName = await downloadFile(`/user/export?${viewParams(view).toString()}`, () => undefined, {
        fallback: copy.exportFailed,
        cutShort: copy.exportCutShort,
      });
      toast.success(copy.exported(fileName));
    } catch (failure) {
      toast.error(errorText(failure, copy.exportFailed));
    } finally {
      setExporting(false);
    }
  }

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
      <PageHeader title={copy.title} subtitle={result && !error ? copy.total(total) : undefined}>
        <button type="button" className={btn.secondary} onClick={() => void exportCsv()} disabled={exporting || inboxEmpty}>
          <Download className="h-4 w-4" aria-hidden />
          {exporting ? copy.exporting : copy.exportCsv}
        </button>
        <button type="button" className={btn.secondary} onClick={() => void load()} disabled={loading}>
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
                onChange={(event) => setSearchText(event.target.value)}
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
              value={view.status}
              onChange={(event) => setView((current) => ({ ...current, status: event.target.value as View['status'], page: 1 }))}
            >
              <option value="">{copy.allStatuses}</option>
              {MESSAGE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {copy.statusOption(status, counts?.[status] ?? 0)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}

      {loading && result === null ? (
        <Spinner />
      ) : error ? (
        <ErrorView message={error} onRetry={() => void load()} />
      ) : inboxEmpty ? (
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
                      <a className="text-blue-700 underline" href={`mailto:${row.email}`}>
                        {row.email}
                      </a>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{row.number}</td>
                    <td className="max-w-md px-4 py-3">
                      <MessageText message={row.message} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-gray-700">{formatDate(row.createdAt)}</td>
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
                  <p className="text-xs text-gray-600">{formatDate(row.createdAt)}</p>
                </div>
                <p className="mt-1 break-all">
                  <a className="text-blue-700 underline" href={`mailto:${row.email}`}>
                    {row.email}
                  </a>
                </p>
                <p className="text-gray-700">{row.number}</p>
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
                onClick={() => setView((current) => ({ ...current, page: current.page - 1 }))}
              >
                {copy.previous}
              </button>
              <span>{copy.pageOf(view.page, pages)}</span>
              <button
                type="button"
                className={btn.secondary}
                disabled={view.page >= pages || loading}
                onClick={() => setView((current) => ({ ...current, page: current.page + 1 }))}
              >
                {copy.next}
              </button>
            </div>
          </nav>
        </>
      )}

      {open && !confirming ? (
        <MessageDetail
          message={open}
          busy={busy}
          onStatus={(status) => void changeStatus(open, status)}
          onDelete={() => setConfirming(open)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          message={copy.confirmDelete(confirming.name)}
          busy={busy}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
