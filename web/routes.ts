import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { adminScreenRoutesOf } from '../shared/admin-nav';
import { resources } from '../shared/resources';
import { TRANSLATED_LANGUAGES, localizedPath } from '../shared/languages';
import { publicPageRoutes } from './pages';

const PAGE_ROUTE = 'routes/public/page-route.tsx';

export default [
  // public site: server-rendered, under the public header and footer
  layout('routes/public/public-layout.tsx', [
    // every page of web/pages/ in every language (docs/decisions/0049), by its definition: one route module;
    // the route's id is the page's path for English (`/gallery`), `<code>:<path>` for another (`kn:/gallery`)
    ...publicPageRoutes.map(({ path, id }) => (path === '' ? index(PAGE_ROUTE, { id }) : route(path, PAGE_ROUTE, { id }))),
  ]),
  route('projects/Interior', 'routes/public/projects-interior-redirect.tsx'),
  ...TRANSLATED_LANGUAGES.map((language) =>
    route(localizedPath('/projects/Interior', language).slice(1), 'routes/public/projects-interior-redirect.tsx', {
      id: `${language}:projects/Interior`,
    }),
  ),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),

  // admin area: rendered in the browser, talks to /api with the admin's token
  route('admin/login', 'routes/admin/login.tsx'),
  route('login', 'routes/admin/login.tsx', { id: 'login-after-logout' }),
  route('admin/forgot-password', 'routes/admin/forgot-password.tsx'),
  route('admin/reset-password', 'routes/admin/reset-password.tsx'),
  layout('routes/admin/admin-layout.tsx', [
    route('admin', 'routes/admin/admin-index.tsx'),
    route('admin/dashboard', 'routes/admin/dashboard.tsx'),
    route('admin/insights', 'routes/admin/insights.tsx'),
    // every content resource's screen (and alias), from its definition's `admin` (shared/resources/)
    ...adminScreenRoutesOf(resources).map(({ path, file, id }) => route(path, file, { id })),
    route('admin/users', 'routes/admin/messages.tsx'),
    route('admin/users/board', 'routes/admin/enquiry-board.tsx'),
    route('admin/about', 'routes/admin/about-editor.tsx'),
    route('admin/settings', 'routes/admin/site-settings.tsx'),
    route('admin/backups', 'routes/admin/backups.tsx'),
    route('admin/webhooks', 'routes/admin/webhooks.tsx'),
    route('admin/activity', 'routes/admin/activity.tsx'),
    route('admin/trash', 'routes/admin/trash.tsx'),
    route('admin/media', 'routes/admin/media-library.tsx'),
    route('admin/history/:resource/:id', 'routes/admin/history.tsx'),
    route('admin/account', 'routes/admin/account.tsx'),
  ]),

  // any other path goes home (an HTTP redirect on the server)
  route('*', 'routes/unknown-path.tsx'),
] satisfies RouteConfig;
