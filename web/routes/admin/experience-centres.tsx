/** Experience Center Admin: a card grid with a modal. */
import { MapPin, Clock } from 'lucide-react';
import { TOAST_LONG_MS, screenCopy } from '../../../shared/copy/admin';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { RowActions } from '../../components/admin/resource-table';
import { NoAltMark, Thumb } from '../../components/admin/ui';
import { resourceRouteModule, type ResourceScreenData } from '../../lib/admin/resource-data';

const screen: ResourceScreenData = {
  resourceKey: 'experience',
  copy: screenCopy.experience,
  toastMs: TOAST_LONG_MS,
};

export const { clientLoader, clientAction, shouldRevalidate } = resourceRouteModule(screen);

export default function ExperienceCentres() {
  return (
    <ResourceScreen
      {...screen}
      renderCard={(row, { edit, requestDelete, lifecycle }) => (
        <>
          <Thumb src={String(row.image)} alt={String(row.imageAlt ?? '') || String(row.name)} className="h-44 w-full" />
          <div className="p-4">
            <NoAltMark record={row} />
            <h2 className="text-lg font-semibold">{String(row.name)}</h2>
            <p className="mt-2 flex gap-2 text-sm text-gray-700">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {String(row.address)}
            </p>
            <p className="mt-1 flex gap-2 text-sm text-gray-700">
              <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {String(row.timing)}
            </p>
            <p className="mt-2 text-sm text-gray-700">{String(row.experience)}</p>
            <div className="mt-3 flex justify-end">
              <RowActions name={String(row.name)} onEdit={() => edit(row)} onDelete={() => requestDelete(row)} lifecycle={lifecycle(row)} />
            </div>
          </div>
        </>
      )}
    />
  );
}
