/**
 * The admin's sidebar and resource screens, derived from the resource definitions: each names its
 * screen path, aliases and sidebar entry (`admin`), so a new resource needs no list edited here.
 */
import { adminNavFrame, type NavEntry, type NavLeaf } from './copy/admin';
import { resources, type ResourceDef } from './resources';

type Definitions = Readonly<Record<string, ResourceDef>>;

/** The sidebar: the frame's entries and groups with every resource's entry, each placed by its `order`. */
export function adminNavOf(definitions: Definitions): NavEntry[] {
  const placed: { order: number; entry: NavEntry }[] = adminNavFrame.leaves.map(({ order, to, label }) => ({
    order,
    entry: { to, label },
  }));
  const defs = Object.values(definitions).sort((a, b) => a.admin.nav.order - b.admin.nav.order);
  for (const group of adminNavFrame.groups) {
    const children: NavLeaf[] = defs.filter((def) => def.admin.nav.group === group.label).map(leafOf);
    placed.push({ order: group.order, entry: { label: group.label, children } });
  }
  for (const def of defs) if (!def.admin.nav.group) placed.push({ order: def.admin.nav.order, entry: leafOf(def) });
  return placed.sort((a, b) => a.order - b.order).map(({ entry }) => entry);
}

const leafOf = (def: ResourceDef): NavLeaf => ({ to: def.admin.path, label: def.admin.nav.label });

export const adminNav: NavEntry[] = adminNavOf(resources);

/** A resource screen route: its path, its route module (relative to web/) and a route id. */
export interface AdminScreenRoute {
  path: string;
  file: string;
  id: string;
}

/** The route of every resource screen and alias: the resource's own module, or the generic screen. */
export function adminScreenRoutesOf(definitions: Definitions): AdminScreenRoute[] {
  return Object.entries(definitions).flatMap(([key, def]) => {
    const file = `routes/admin/${def.admin.module ?? 'resource-screen'}.tsx`;
    const paths = [def.admin.path, ...(def.admin.aliases ?? [])];
    return paths.map((path, i) => ({ path: path.replace(/^\//, ''), file, id: i === 0 ? `admin-${key}` : `admin-${key}-alias-${i}` }));
  });
}
