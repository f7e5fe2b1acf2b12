/** Client stories management: table, total count, 'Add First Client', modal form with the N/500 counter. */
import { TOAST_LONG_MS, clientCopy } from '../../../shared/copy/admin';
import { formatDate, imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { Badge } from '../../components/admin/ui';

export default function Clients() {
  return (
    <ResourceScreen
      resourceKey="clients"
      copy={{
        title: clientCopy.title,
        add: clientCopy.addButton,
        formAdd: clientCopy.modalAdd,
        formEdit: clientCopy.modalEdit,
        empty: clientCopy.empty,
        fetchFailed: clientCopy.fetchFailed,
        confirm: clientCopy.confirm,
        created: clientCopy.added,
        updated: clientCopy.updated,
        deleted: clientCopy.deleted,
        saveFailed: clientCopy.saveFailed,
        deleteFailed: (reason) => reason || clientCopy.deleteFailed,
      }}
      toastMs={TOAST_LONG_MS}
      subtitle={(rows) => clientCopy.total(rows.length)}
      emptyAction={clientCopy.addFirst}
      formOptions={{ counters: ['description'] }}
      columns={[
        imageColumn('image', 'name'),
        {
          header: clientCopy.columns.name,
          cell: (row) => (
            <>
              <span className="block font-medium">{String(row.name)}</span>
              <span className="text-xs text-gray-600">{formatDate(row.createdAt)}</span>
            </>
          ),
          sortField: 'name',
        },
        textColumn(clientCopy.columns.project, 'title'),
        { header: clientCopy.columns.category, cell: (row) => <Badge tone="orange">{String(row.category)}</Badge>, sortField: 'category' },
        textColumn(clientCopy.columns.testimonial, 'description', 80),
      ]}
    />
  );
}
