/**
 * The management screen of every resource without a screen of its own (banners, properties, top
 * projects, community, solutions, …): copy, columns and form mode come from its definition's `admin.screen`.
 */
import { useLocation } from 'react-router';
import { resourceAtPath, resources, type ResourceDef } from '../../../shared/resources';
import { columnsFrom } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { definedScreenAt, resourceAction, resourceLoaderData, resourceShouldRevalidate } from '../../lib/admin/resource-data';
import type { Route } from './+types/resource-screen';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return resourceLoaderData(definedScreenAt(new URL(request.url).pathname));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return resourceAction(definedScreenAt(new URL(request.url).pathname), request);
}

export { resourceShouldRevalidate as shouldRevalidate };

export default function DefinedResourceScreen() {
  const key = resourceAtPath(resources, useLocation().pathname);
  if (!key) return null;
  const def: ResourceDef = resources[key];
  const screen = def.admin.screen;
  if (!screen) return null;
  return (
    // keyed: moving between two of these screens starts the next one afresh
    <ResourceScreen
      key={key}
      resourceKey={key}
      copy={screen.copy}
      toastMs={screen.toastMs}
      formMode={screen.formMode}
      columns={columnsFrom(screen.columns)}
    />
  );
}
