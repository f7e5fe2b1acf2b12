/** Project management: counts, search and filters, 'Showing X of Y projects', units only for Construction. */
import { TOAST_SHORT_MS, projectCopy, screenCopy } from '../../../shared/copy/admin';
import { choicesOf, resources } from '../../../shared/resources';
import { input } from '../../components/admin/classes';
import { textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { useListFilter } from '../../components/admin/use-list-view';
import { Badge, NoAltMark, Thumb } from '../../components/admin/ui';
import { resourceRouteModule, type ResourceScreenData } from '../../lib/admin/resource-data';

const statusTone = (status: unknown) =>
  status === 'Completed' ? 'green' : status === 'Ongoing' || status === 'Upcoming' ? 'blue' : 'gray';

const screen: ResourceScreenData = {
  resourceKey: 'project',
  copy: screenCopy.project,
  toastMs: TOAST_SHORT_MS,
};

export const { clientLoader, clientAction, shouldRevalidate } = resourceRouteModule(screen);

export default function Projects() {
  const [category, setCategory] = useListFilter('category');
  const [status, setStatus] = useListFilter('status');

  return (
    <ResourceScreen
      {...screen}
      formMode="inline"
      loadingLabel={projectCopy.loading}
      emptyFiltered={projectCopy.emptyFiltered}
      formOptions={{ counters: ['description'], hardLimits: ['description'] }}
      subtitle={(rows) =>
        projectCopy.counts(
          rows.length,
          rows.filter((row) => row.status === 'Completed').length,
          rows.filter((row) => row.status === 'Ongoing').length,
        )
      }
      searchPlaceholder={projectCopy.searchPlaceholder}
      filter={(rows) => rows.filter((row) => (!category || row.category === category) && (!status || row.status === status))}
      listFooter={(visible, all) => <p className="mt-3 text-sm text-gray-700">{projectCopy.showing(visible.length, all.length)}</p>}
      toolbar={() => (
        <>
          <select
            aria-label={projectCopy.categoryFilter}
            className={`${input} max-w-[12rem]`}
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value)}
          >
            <option value="">{projectCopy.allCategories}</option>
            {choicesOf(resources.project, 'category').map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          <select
            aria-label={projectCopy.statusFilter}
            className={`${input} max-w-[12rem]`}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
          >
            <option value="">{projectCopy.allStatuses}</option>
            {choicesOf(resources.project, 'status').map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </>
      )}
      columns={[
        {
          header: projectCopy.columns.image,
          cell: (row) => (
            <>
              <Thumb src={Array.isArray(row.images) ? String(row.images[0] ?? '') : ''} alt={String(row.title)} />
              <NoAltMark record={row} />
            </>
          ),
          className: 'w-28',
        },
        textColumn(projectCopy.columns.title, 'title'),
        textColumn(projectCopy.columns.category, 'category'),
        textColumn(projectCopy.columns.location, 'location'),
        {
          header: projectCopy.columns.scope,
          cell: (row) => (row.category === 'Construction' ? String(row.units) : '-'),
          sortField: 'units',
        },
        {
          header: projectCopy.columns.status,
          cell: (row) => <Badge tone={statusTone(row.status)}>{String(row.status)}</Badge>,
          sortField: 'status',
        },
      ]}
    />
  );
}
