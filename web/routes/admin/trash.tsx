/** Trash: deleted items of every resource (enquiries for Admins), with Restore and Delete forever. */
import { RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import { TOAST_LONG_MS, trashCopy as copy } from '../../../shared/copy/admin';
import { btn } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { AdminDataView } from '../../components/admin/admin-data';
import { EmptyState, PageHeader, TableHead, Thumb } from '../../components/admin/ui';
import { readableDateTime } from '../../../shared/site-time';
import type { TrashItem, TrashListReply } from '../../../shared/trash';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { deleteForever, restoreFromTrash } from '../../lib/admin/api';
import { loadReply, runWrite, submitted } from '../../lib/admin/screen-data';
import type { Route } from './+types/trash';

const nameOf = (item: TrashItem) => item.label || copy.untitled;

export async function clientLoader() {
  return { trash: await loadReply<TrashListReply>('/trash', copy.fetchFailed) };
}

interface TrashAction {
  intent: 'restore' | 'forever';
  item: TrashItem;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, item } = await submitted<TrashAction>(request);
  return runWrite(() => (intent === 'restore' ? restoreFromTrash(item.resource, item.id) : deleteForever(item.resource, item.id)), {
    success: () => (intent === 'restore' ? copy.restored(item.noun, nameOf(item)) : copy.deletedForever(item.noun, nameOf(item))),
    failure: (message) => copy.failed(message),
    fallback: '',
    duration: TOAST_LONG_MS,
  });
}

export default function Trash() {
  const { timeZone } = useAdminLimits();
  const { trash } = useLoaderData<typeof clientLoader>();
  const fetcher = useFetcher();
  // the item being restored or deleted, until the list is read again
  const busy = fetcher.state === 'idle' ? null : ((fetcher.json as TrashAction | undefined)?.item.id ?? null);
  const [pendingForever, setPendingForever] = useState<TrashItem | null>(null);
  const act = (item: TrashItem, intent: TrashAction['intent']) => {
    const action: TrashAction = { intent, item };
    void fetcher.submit({ ...action }, { method: 'post', encType: 'application/json' });
  };
  const items = trash.reply?.data ?? [];
  // the confirmation closes once its item has left the trash (a failure leaves it open)
  const confirming = pendingForever && items.some((item) => item.id === pendingForever.id) ? pendingForever : null;

  const table = (
    <div className="rounded-xl border border-gray-200 bg-white shadow-sm md:overflow-x-auto">
      <table className="block min-w-full text-sm md:table md:divide-y md:divide-gray-200">
        <caption className="sr-only">{copy.title}</caption>
        <TableHead stacked headings={[copy.columns.item, copy.columns.kind, copy.columns.deletedAt, { srOnly: copy.restore }]} />
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
              <td className="block px-4 py-1 text-gray-800 md:table-cell md:py-3">
                {readableDateTime(new Date(item.deletedAt), timeZone)}
              </td>
              <td className="block whitespace-nowrap px-4 py-2 text-right md:table-cell md:py-3">
                <span className="inline-flex gap-1">
                  <button
                    type="button"
                    className={btn.smallEdit}
                    disabled={busy === item.id}
                    onClick={() => act(item, 'restore')}
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
      <PageHeader title={copy.title} subtitle={trash.reply ? copy.subtitle(trash.reply.trashDays) : copy.subtitleGeneric} />
      <AdminDataView loaded={trash}>{() => (items.length === 0 ? <EmptyState message={copy.empty} /> : table)}</AdminDataView>
      {confirming ? (
        <ConfirmDialog
          message={copy.confirmForever(confirming.noun, nameOf(confirming))}
          confirmLabel={copy.deleteForever}
          busy={busy === confirming.id}
          onConfirm={() => act(confirming, 'forever')}
          onCancel={() => setPendingForever(null)}
        />
      ) : null}
    </div>
  );
}
