// engine-independent: the sidebar from the definitions; no database
/** The sidebar and the resource screens' routes come from the definitions: the site's, and a new one's. */
import { describe, expect, it } from 'vitest';
import { adminNav, adminNavOf, adminScreenRoutesOf } from '../../shared/admin-nav';
import { resourceAtPath, resources, type ResourceDef } from '../../shared/resources';
import { widgets } from '../test/widget-resource';

type NavEntry = (typeof adminNav)[number];
/** Each link of a sidebar as "group > label → path", in order. */
const linksOf = (nav: readonly NavEntry[]) =>
  nav.flatMap((entry) =>
    'children' in entry ? entry.children.map((child) => `${entry.label} > ${child.label} → ${child.to}`) : [`${entry.label} → ${entry.to}`],
  );

/** The links of the spec's sidebar, in its order. */
const SPEC_SIDEBAR = linksOf([
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/insights', label: 'Insights' },
  {
    label: 'Home',
    children: [
      { to: '/admin/home/banner', label: 'Banners' },
      { to: '/admin/home/property', label: 'Properties' },
      { to: '/admin/home/topprojects', label: 'Top Projects' },
    ],
  },
  {
    label: 'About Us',
    children: [
      { to: '/admin/about/banner', label: 'About Banners' },
      { to: '/admin/about/community', label: 'Community' },
    ],
  },
  { to: '/admin/client', label: 'Clients' },
  { to: '/admin/TeamMembers', label: 'Team Members' },
  { to: '/admin/gallery', label: 'Gallery' },
  { to: '/admin/project', label: 'Projects' },
  { to: '/admin/users', label: 'Contact Messages' },
  {
    label: 'Interior',
    children: [
      { to: '/admin/interior/banner', label: 'Interior Banners' },
      { to: '/admin/interior/solution', label: 'Solutions' },
      { to: '/admin/interior/experience', label: 'Experience Centres' },
      { to: '/admin/interior/portfolio', label: 'Portfolio' },
    ],
  },
  { to: '/admin/media', label: 'Media library' },
  { to: '/admin/about', label: 'About Us Editor' },
  { to: '/admin/settings', label: 'Site settings' },
  { to: '/admin/trash', label: 'Trash' },
  { to: '/admin/backups', label: 'Backups' },
  { to: '/admin/webhooks', label: 'Webhooks' },
  { to: '/admin/activity', label: 'Activity' },
  { to: '/admin/account', label: 'Account' },
]);

describe('admin sidebar', () => {
  it('holds the spec’s entries in its order; anything more comes from a resource definition', () => {
    const links = linksOf(adminNav);
    // the spec's links keep their order, whatever a later resource adds between them
    expect(links.filter((link) => SPEC_SIDEBAR.includes(link))).toEqual(SPEC_SIDEBAR);
    const fromDefinitions = Object.values(resources).map((def) => def.admin.path);
    for (const extra of links.filter((link) => !SPEC_SIDEBAR.includes(link))) {
      expect(fromDefinitions, extra).toContain(extra.split(' → ')[1]);
    }
  });

  it('gives a new resource its entry where its definition places it', () => {
    const nav = adminNavOf({ ...resources, widgets });
    const home = nav.find((entry) => 'children' in entry && entry.label === 'Home');
    const labels = home && 'children' in home ? home.children.map((child) => child.label) : [];
    // its order (14) places it right after Top Projects, whatever else the group holds
    expect(labels.slice(0, 4)).toEqual(['Banners', 'Properties', 'Top Projects', 'Widgets']);
  });
});

describe('admin resource screens', () => {
  it('route every resource and alias to its own screen or the generic one', () => {
    const routes = adminScreenRoutesOf(resources);
    expect(routes).toContainEqual({ path: 'admin/home/banner', file: 'routes/admin/resource-screen.tsx', id: 'admin-banners' });
    expect(routes).toContainEqual({ path: 'admin/project', file: 'routes/admin/projects.tsx', id: 'admin-project' });
    expect(routes).toContainEqual({
      path: 'adminhome/propetopprojectsrty',
      file: 'routes/admin/resource-screen.tsx',
      id: 'admin-topprojects-alias-1',
    });
    // one route per screen path and per alias, none left out
    const aliases = Object.values<ResourceDef>(resources).reduce((count, def) => count + (def.admin.aliases?.length ?? 0), 0);
    expect(routes).toHaveLength(Object.keys(resources).length + aliases);
  });

  it('route a new resource to the generic screen, which finds it by path', () => {
    const all = { ...resources, widgets };
    expect(adminScreenRoutesOf(all)).toContainEqual({
      path: 'admin/widgets',
      file: 'routes/admin/resource-screen.tsx',
      id: 'admin-widgets',
    });
    expect(resourceAtPath(all, '/admin/widgets/')).toBe('widgets');
    expect(resourceAtPath(resources, '/adminhome/propetopprojectsrty')).toBe('topprojects');
  });
});
