/** Client stories management: table, total count, 'Add First Client', modal form with the N/500 counter. */
import { TOAST_LONG_MS, clientCopy, screenCopy } from '../../../shared/copy/admin';
import { formatDate, imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { Badge } from '../../components/admin/ui';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { resourceRouteModule, type ResourceScreenData } from '../../lib/admin/resource-data';

const screen: ResourceScreenData = {
  resourceKey: 'clients',
  copy: screenCopy.clients,
  toastMs: TOAST_LONG_MS,
};

export const { clientLoader, clientAction, shouldRevalidate } = resourceRouteModule(screen);

export default function Clients() {
  const { timeZone } = useAdminLimits();
  return (
    <ResourceScreen
      {...screen}
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
              <span className="text-xs text-gray-600">{formatDate(row.createdAt, timeZone)}</span>
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
