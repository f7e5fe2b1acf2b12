/** All Contact Messages (read-only): table on wide screens, cards on narrow ones, Refresh, full text on demand. */
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { PREVIEW_CHARS, messagesCopy } from '../../../shared/copy/admin';
import type { ContactMessage } from '../../../shared/resources';
import { btn, card } from '../../components/admin/classes';
import { formatDate } from '../../components/admin/columns';
import { EmptyState, ErrorView, PageHeader, Spinner, preview } from '../../components/admin/ui';
import { ApiError, apiJson, unwrapList } from '../../lib/admin/api';

function MessageText({ message }: { message: string }) {
  const [open, setOpen] = useState(false);
  if (message.length <= PREVIEW_CHARS) return <span className="whitespace-pre-line">{message}</span>;
  return (
    <span>
      <span className="whitespace-pre-line">{open ? message : preview(message, PREVIEW_CHARS)}</span>{' '}
      <button type="button" className="text-sm font-medium text-blue-700 underline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? messagesCopy.hideFull : messagesCopy.showFull}
      </button>
    </span>
  );
}

export default function Messages() {
  const [rows, setRows] = useState<ContactMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(unwrapList<ContactMessage>(await apiJson<unknown>('/user', { fallback: messagesCopy.fetchFailed }), 'data'));
      setError('');
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 0
          ? messagesCopy.network
          : failure instanceof Error
            ? failure.message
            : messagesCopy.fetchFailed,
      );
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    // fetch on mount
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const sorted = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <div>
      <PageHeader title={messagesCopy.title} subtitle={messagesCopy.total(rows.length)}>
        <button type="button" className={btn.secondary} onClick={() => void load()} disabled={loading}>
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
          {messagesCopy.refresh}
        </button>
      </PageHeader>
      {loading && rows.length === 0 ? (
        <Spinner />
      ) : error ? (
        <ErrorView message={error} onRetry={() => void load()} />
      ) : rows.length === 0 ? (
        <EmptyState message={messagesCopy.empty}>
          <p className="text-sm text-gray-600">{messagesCopy.emptyHint}</p>
        </EmptyState>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm md:block">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">{messagesCopy.title}</caption>
              <thead className="bg-gray-50">
                <tr>
                  {Object.values(messagesCopy.columns).map((header) => (
                    <th key={header} scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {sorted.map((row) => (
                  <tr key={row._id} className="align-top">
                    <td className="px-4 py-3 font-medium">{row.name}</td>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden">
            {sorted.map((row) => (
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
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
