/** Every admin screen: no serious or critical axe violation; screenshots at laptop and phone width with `npm run screenshots`. */
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { adminNav } from '../../shared/admin-nav';
import {
  aboutEditorCopy,
  siteSettingsCopy,
  accountCopy,
  backupCopy,
  webhooksCopy,
  clientCopy,
  commonCopy,
  dashboardCopy,
  forgotCopy,
  galleryCopy,
  layoutCopy,
  loginCopy,
  mediaCopy,
  messagesCopy,
  projectCopy,
  screenCopy,
} from '../../shared/copy/admin';
import { insightsCopy } from '../../shared/copy/insights';
import { expect, test } from '../fixtures/admin-login';
import { capture, captureAtPhoneWidth } from '../fixtures/screenshots';

const screens: { path: string; heading: string; shot: string }[] = [
  { path: '/admin/dashboard', heading: dashboardCopy.title, shot: 'dashboard' },
  { path: '/admin/insights', heading: insightsCopy.title, shot: 'insights' },
  { path: '/admin/home/banner', heading: screenCopy.homeBanners.title, shot: 'home-banners' },
  { path: '/admin/home/property', heading: screenCopy.properties.title, shot: 'properties' },
  { path: '/admin/home/topprojects', heading: screenCopy.topProjects.title, shot: 'top-projects' },
  { path: '/adminhome/propetopprojectsrty', heading: screenCopy.topProjects.title, shot: 'top-projects-alias' },
  { path: '/admin/about/banner', heading: screenCopy.aboutBanners.title, shot: 'about-banners' },
  { path: '/admin/about/community', heading: screenCopy.community.title, shot: 'community' },
  { path: '/admin/client', heading: clientCopy.title, shot: 'clients' },
  { path: '/admin/TeamMembers', heading: screenCopy.team.title, shot: 'team-members' },
  { path: '/admin/gallery', heading: galleryCopy.title, shot: 'gallery' },
  { path: '/admin/project', heading: projectCopy.title, shot: 'projects' },
  { path: '/admin/users', heading: messagesCopy.title, shot: 'messages' },
  { path: '/admin/interior/banner', heading: screenCopy.interiorBanners.title, shot: 'interior-banners' },
  { path: '/admin/interior/solution', heading: screenCopy.solutions.title, shot: 'solutions' },
  { path: '/admin/interior/experience', heading: screenCopy.experience.title, shot: 'experience-centres' },
  { path: '/admin/interior/portfolio', heading: screenCopy.portfolio.title, shot: 'interior-portfolio' },
  { path: '/admin/media', heading: mediaCopy.title, shot: 'media-library' },
  { path: '/admin/about', heading: aboutEditorCopy.title, shot: 'about-editor' },
  { path: '/admin/settings', heading: siteSettingsCopy.title, shot: 'site-settings' },
  { path: '/admin/backups', heading: backupCopy.title, shot: 'backups' },
  { path: '/admin/webhooks', heading: webhooksCopy.title, shot: 'webhooks' },
  { path: '/admin/account', heading: accountCopy.title, shot: 'account' },
];

test('the sidebar lists every screen of the spec', () => {
  const paths = adminNav.flatMap((entry) => ('children' in entry ? entry.children.map((c) => c.to) : [entry.to]));
  for (const screen of screens) if (!screen.path.startsWith('/adminhome')) expect(paths).toContain(screen.path);
});

for (const screen of screens) {
  test(`${screen.path}: accessible at 1366 wide`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    // no spinner left (the drag-and-drop live region is a status too, empty until something is moved)
    await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
    // each screen names its browser tab after its sidebar entry
    await expect(page).toHaveTitle(/^[A-Z][\w ]+ \| Admin$/);
    await expectNoSeriousAxeViolations(page);
    await capture(page, `admin-${screen.shot}-1366`, { fullPage: true });
    await captureAtPhoneWidth(page, `admin-${screen.shot}-390`, { fullPage: true });
  });
}

test('login, forgot password, an open form, the collapsed sidebar and the phone drawer: accessible and captured', async ({ page }) => {
  for (const [path, heading, shot] of [
    ['/admin/login', loginCopy.title, 'login'],
    ['/admin/forgot-password', forgotCopy.title, 'forgot-password'],
  ] as const) {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await capture(page, `admin-${shot}-1366`);
    await captureAtPhoneWidth(page, `admin-${shot}-390`);
  }

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/client');
  await page.getByRole('button', { name: clientCopy.addButton }).click();
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await capture(page, 'admin-client-form-1366');
  await captureAtPhoneWidth(page, 'admin-client-form-390');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/project');
  await page.getByRole('button', { name: projectCopy.addButton }).click();
  await expectNoSeriousAxeViolations(page);
  await capture(page, 'admin-project-form-1366', { fullPage: true });
  await page.getByRole('button', { name: layoutCopy.collapse }).click();
  await expect(page.getByTestId('admin-sidebar')).toHaveClass(/w-20/);
  await capture(page, 'admin-sidebar-collapsed-1366');
  await page.getByRole('button', { name: layoutCopy.expand }).click();
  await expect(page.getByTestId('admin-sidebar')).toHaveClass(/w-64/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('admin-sidebar')).toBeHidden();
  await page.getByRole('button', { name: layoutCopy.openMenu }).click();
  await expect(page.getByRole('navigation', { name: layoutCopy.nav })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await capture(page, 'admin-drawer-390');
  await page.getByRole('navigation', { name: layoutCopy.nav }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: galleryCopy.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: layoutCopy.nav })).toBeHidden();
});
