/** Project management: counts, search and filters, 'Showing X of Y projects', units only for Construction. */
import { useState } from 'react';
import { TOAST_SHORT_MS, projectCopy } from '../../../shared/copy/admin';
import { choicesOf, resources } from '../../../shared/resources';
import { input } from '../../components/admin/classes';
import { textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { Badge, NoAltMark, Thumb } from '../../components/admin/ui';

const statusTone = (status: unknown) =>
  status === 'Completed' ? 'green' : status === 'Ongoing' || status === 'Upcoming' ? 'blue' : 'gray';

export default function Projects() {
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState('');

  return (
    <ResourceScreen
      resourceKey="project"
      copy={{
        title: projectCopy.title,
        add: projectCopy.addButton,
        formAdd: projectCopy.formAdd,
        formEdit: projectCopy.formEdit,
        empty: projectCopy.emptyAll,
        fetchFailed: projectCopy.fetchFailed,
        confirm: projectCopy.confirm,
        created: projectCopy.added,
        updated: projectCopy.updated,
        deleted: projectCopy.deleted,
        saveFailed: projectCopy.saveFailed,
        deleteFailed: projectCopy.deleteFailed,
      }}
      toastMs={TOAST_SHORT_MS}
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
