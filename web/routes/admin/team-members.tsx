/** Team Members Management: always-visible form, card grid, delete confirmation as an overlay on the card. */
import { TOAST_LONG_MS, commonCopy, screenCopy } from '../../../shared/copy/admin';
import { btn } from '../../components/admin/classes';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { RowActions } from '../../components/admin/resource-table';
import { NoAltMark, Thumb } from '../../components/admin/ui';
import { resourceRouteModule, type ResourceScreenData } from '../../lib/admin/resource-data';

const copy = screenCopy.team;

const screen: ResourceScreenData = {
  resourceKey: 'team-members',
  copy: { ...copy, confirm: (row) => copy.confirm(String(row.name)) },
  toastMs: TOAST_LONG_MS,
};

export const { clientLoader, clientAction, shouldRevalidate } = resourceRouteModule(screen);

export default function TeamMembers() {
  return (
    <ResourceScreen
      {...screen}
      formMode="always"
      inlineConfirm
      formOptions={{
        omitEmpty: true,
        submitLabels: { add: copy.submitAdd, edit: copy.submitEdit, adding: commonCopy.adding, updating: commonCopy.updating },
      }}
      renderCard={(row, { edit, requestDelete, lifecycle, pendingDelete, cancelDelete, confirmDelete, deleting }) => {
        const name = String(row.name);
        return (
          <>
            <Thumb src={String(row.image)} alt={String(row.imageAlt ?? '') || name} className="h-56 w-full" />
            <div className="p-4">
              <NoAltMark record={row} />
              <h2 className="text-lg font-semibold">{name}</h2>
              <p className="text-sm font-medium text-brand-dark">{String(row.title)}</p>
              <p className="mt-2 line-clamp-2 text-sm text-gray-700">{String(row.description ?? '')}</p>
              <div className="mt-3 flex justify-end">
                <RowActions name={name} onEdit={() => edit(row)} onDelete={() => requestDelete(row)} lifecycle={lifecycle(row)} />
              </div>
            </div>
            {pendingDelete?._id === row._id ? (
              <div
                role="alertdialog"
                aria-modal="false"
                aria-labelledby={`confirm-${row._id}`}
                aria-describedby={`confirm-text-${row._id}`}
                className="absolute inset-0 flex flex-col items-center justify-center bg-black/80 p-6 text-center text-white"
              >
                <h3 id={`confirm-${row._id}`} className="text-lg font-semibold">
                  {copy.confirmTitle}
                </h3>
                <p id={`confirm-text-${row._id}`} className="mt-2 text-sm">
                  {copy.confirm(name)}
                </p>
                <div className="mt-4 flex gap-2">
                  <button type="button" className={btn.secondary} onClick={cancelDelete} autoFocus>
                    {commonCopy.cancel}
                  </button>
                  <button type="button" className={btn.danger} onClick={confirmDelete} disabled={deleting}>
                    {deleting ? commonCopy.deleting : commonCopy.delete}
                  </button>
                </div>
              </div>
            ) : null}
          </>
        );
      }}
    />
  );
}
