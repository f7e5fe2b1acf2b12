/** Interior Portfolio Admin: card grid (2 columns at md, 3 at lg) and the 'Add Portfolio'/'Edit Portfolio' modal. */
import { TOAST_LONG_MS, commonCopy, screenCopy } from '../../../shared/copy/admin';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { RowActions } from '../../components/admin/resource-table';
import { NoAltMark, Thumb } from '../../components/admin/ui';
import { resourceRouteModule, type ResourceScreenData } from '../../lib/admin/resource-data';

const copy = screenCopy.portfolio;

const screen: ResourceScreenData = {
  resourceKey: 'interiorportfolio',
  copy: copy,
  toastMs: TOAST_LONG_MS,
};

export const { clientLoader, clientAction, shouldRevalidate } = resourceRouteModule(screen);

export default function InteriorPortfolio() {
  return (
    <ResourceScreen
      {...screen}
      formOptions={{
        imageLabel: { add: copy.imageAdd, edit: copy.imageEdit },
        submitLabels: { add: commonCopy.add, edit: commonCopy.update, adding: commonCopy.adding, updating: commonCopy.updating },
      }}
      renderCard={(row, { edit, requestDelete, lifecycle }) => (
        <>
          <Thumb src={String(row.image)} alt={String(row.imageAlt ?? '') || String(row.title)} className="h-48 w-full" />
          <div className="p-4">
            <NoAltMark record={row} />
            <h2 className="text-lg font-semibold">{String(row.title)}</h2>
            <p className="text-sm text-gray-700">{copy.category(String(row.category))}</p>
            {row.description ? <p className="mt-2 text-sm text-gray-700">{String(row.description)}</p> : null}
            <div className="mt-3 flex justify-end">
              <RowActions
                name={String(row.title)}
                onEdit={() => edit(row)}
                onDelete={() => requestDelete(row)}
                lifecycle={lifecycle(row)}
              />
            </div>
          </div>
        </>
      )}
    />
  );
}
