import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  // public site: server-rendered, under the public header and footer
  layout('routes/public/public-layout.tsx', [
    index('routes/public/home.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('client', 'routes/public/client-stories.tsx'),
    route('gallery', 'routes/public/gallery.tsx'),
    route('project/exterior', 'routes/public/projects.tsx'),
    route('interior', 'routes/public/interior.tsx'),
    route('project/interior', 'routes/public/interior-projects.tsx'),
    route('contact', 'routes/public/contact.tsx'),
  ]),
  route('projects/Interior', 'routes/public/projects-interior-redirect.tsx'),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),

  // admin area: rendered in the browser, talks to /api with the admin's token
  route('admin/login', 'routes/admin/login.tsx'),
  route('login', 'routes/admin/login.tsx', { id: 'login-after-logout' }),
  route('admin/forgot-password', 'routes/admin/forgot-password.tsx'),
  layout('routes/admin/admin-layout.tsx', [
    route('admin', 'routes/admin/admin-index.tsx'),
    route('admin/dashboard', 'routes/admin/dashboard.tsx'),
    route('admin/home/banner', 'routes/admin/home-banners.tsx'),
    route('admin/home/property', 'routes/admin/properties.tsx'),
    route('admin/home/topprojects', 'routes/admin/top-projects.tsx'),
    route('adminhome/propetopprojectsrty', 'routes/admin/top-projects.tsx', { id: 'top-projects-alias' }),
    route('admin/about/banner', 'routes/admin/about-banners.tsx'),
    route('admin/about/community', 'routes/admin/community.tsx'),
    route('admin/client', 'routes/admin/clients.tsx'),
    route('admin/TeamMembers', 'routes/admin/team-members.tsx'),
    route('admin/gallery', 'routes/admin/gallery.tsx'),
    route('admin/project', 'routes/admin/projects.tsx'),
    route('admin/users', 'routes/admin/messages.tsx'),
    route('admin/interior/banner', 'routes/admin/interior-banners.tsx'),
    route('admin/interior/solution', 'routes/admin/solutions.tsx'),
    route('admin/interior/experience', 'routes/admin/experience-centres.tsx'),
    route('admin/interior/portfolio', 'routes/admin/interior-portfolio.tsx'),
    route('admin/about', 'routes/admin/about-editor.tsx'),
    route('admin/backups', 'routes/admin/backups.tsx'),
    route('admin/account', 'routes/admin/account.tsx'),
  ]),

  // any other path goes home (an HTTP redirect on the server)
  route('*', 'routes/unknown-path.tsx'),
] satisfies RouteConfig;
