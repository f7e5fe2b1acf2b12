/** Trash: deleted items of every resource (enquiries for Admins), with Restore and Delete forever. */
import { RotateCcw, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { TOAST_LONG_MS, trashCopy as copy } from '../../../shared/copy/admin';
import { btn } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { EmptyState, ErrorView, PageHeader, Spinner, Thumb } from '../../components/admin/ui';
import type { TrashItem } from '../../../shared/trash';
import { deleteForever, errorText, listTrash, restoreFromTrash } from '../../lib/admin/api';

const formatTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const nameOf = (item: TrashItem) => item.label || copy.untitled;

export default function Trash() {
  const [items, setItems] = useState<TrashItem[] | null>(null);
  const [trashDays, setTrashDays] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [pendingForever, setPendingForever] = useState<TrashItem | null>(null);

  const reload = useCallback(async () => {
    try {
      const loaded = await listTrash(copy.fetchFailed);
      setItems(loaded.items);
      setTrashDays(loaded.trashDays);
      setError('');
    } catch (failure) {
      setError(errorText(failure, copy.fetchFailed));
    }
  }, []);
  useEffect(() => {
    // fetching on mount is the point of this screen
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  const act = async (item: TrashItem, action: 'restore' | 'forever') => {
    setBusy(item.id);
    try {
      if (action === 'restore') await restoreFromTrash(item.resource, item.id);
      else await deleteForever(item.resource, item.id);
      toast.success(action === 'restore' ? copy.restored(item.noun, nameOf(item)) : copy.deletedForever(item.noun, nameOf(item)), {
        duration: TOAST_LONG_MS,
      });
      setPendingForever(null);
      await reload();
    } catch (failure) {
      toast.error(copy.failed(errorText(failure, '')), { duration: TOAST_LONG_MS });
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (error) body = <ErrorView message={error} onRetry={() => void reload()} />;
  else if (items === null) body = <Spinner />;
  else if (items.length === 0) body = <EmptyState message={copy.empty} />;
  else
    body = (
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm md:overflow-x-auto">
        <table className="block min-w-full text-sm md:table md:divide-y md:divide-gray-200">
          <caption className="sr-only">{copy.title}</caption>
          <thead className="hidden bg-gray-50 md:table-header-group">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                {copy.columns.item}
              </th>
              <th scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                {copy.columns.kind}
              </th>
              <th scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                {copy.columns.deletedAt}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold text-gray-700">
                <span className="sr-only">{copy.restore}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-gray-200 md:table-row-group md:divide-gray-100">
            {items.map((item) => (
              <tr key={`${item.resource}/${item.id}`} className="block py-2 md:table-row md:py-0">
                <td className="flex items-center gap-3 px-4 py-2 md:table-cell md:py-3">
                  <span className="inline-flex items-center gap-3">
                    {item.thumbnail ? <Thumb src={item.thumbnail} alt="" className="h-10 w-14" /> : null}
                    <span className="font-medium text-gray-900">{nameOf(item)}</span>
                  </span>
                </td>
                <td className="block px-4 py-1 text-gray-800 md:table-cell md:py-3">{item.noun}</td>
                <td className="block px-4 py-1 text-gray-800 md:table-cell md:py-3">{formatTime(item.deletedAt)}</td>
                <td className="block whitespace-nowrap px-4 py-2 text-right md:table-cell md:py-3">
                  <span className="inline-flex gap-1">
                    <button
                      type="button"
                      className={btn.smallEdit}
                      disabled={busy === item.id}
                      onClick={() => void act(item, 'restore')}
                      aria-label={copy.restoreLabel(nameOf(item))}
                    >
                      <RotateCcw className="h-4 w-4" aria-hidden />
                      {copy.restore}
                    </button>
                    <button
                      type="button"
                      className={btn.smallDelete}
                      disabled={busy === item.id}
                      onClick={() => setPendingForever(item)}
                      aria-label={copy.deleteForeverLabel(nameOf(item))}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                      {copy.deleteForever}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div>
      <PageHeader title={copy.title} subtitle={trashDays === null ? copy.subtitleGeneric : copy.subtitle(trashDays)} />
      {body}
      {pendingForever ? (
        <ConfirmDialog
          message={copy.confirmForever(pendingForever.noun, nameOf(pendingForever))}
          confirmLabel={copy.deleteForever}
          busy={busy === pendingForever.id}
          onConfirm={() => void act(pendingForever, 'forever')}
          onCancel={() => setPendingForever(null)}
        />
      ) : null}
    </div>
  );
}
