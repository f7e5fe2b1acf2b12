/** Login, the guard on every admin route, logout, and the forgot-password page. */
import { test as base, expect } from '../fixtures/test';
import { adminNav } from '../../shared/admin-nav';
import { dashboardCopy, forgotCopy, layoutCopy, loginCopy, storageKeys } from '../../shared/copy/admin';
import { apiMessages } from '../../shared/api-messages';
import { E2E_ADMIN, SERVERS } from '../fixtures/servers';

const guarded = [
  ...adminNav.flatMap((entry) => ('children' in entry ? entry.children.map((child) => child.to) : [entry.to])),
  '/admin',
  '/adminhome/propetopprojectsrty',
];

base('every admin route without a session lands on the login page, which returns to it after the sign-in', async ({ page }) => {
  // twenty routes, each a page load, its hydration and the session check: give each its own few seconds on a busy machine
  base.setTimeout(guarded.length * 6_000);
  for (const path of guarded) {
    await page.goto(path);
    await expect(page, path).toHaveURL(path.startsWith('/admin/') ? `/admin/login?next=${encodeURIComponent(path)}` : '/admin/login');
  }
  await expect(page.getByRole('heading', { name: loginCopy.title })).toBeVisible();
});

base(
  'a session cookie the server does not know leads back to the login page; a token an earlier version stored is forgotten',
  async ({ page, baseURL }) => {
    await page.goto('/admin/login');
    await page.evaluate((keys) => {
      localStorage.setItem(keys.token, 'not-a-real-token');
      localStorage.setItem(keys.email, 'someone@example.com');
    }, storageKeys);
    await page.context().addCookies([{ name: 'admin_session', value: 'not.a.token', url: baseURL! }]);
    await page.goto('/admin/gallery');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fgallery$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.token)).toBeNull();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.email)).toBeNull();
  },
);

base(
  'a wrong password shows the message; show/hide works; the right one opens the dashboard; logout goes to /login',
  async ({ page, context }) => {
    await page.goto('/admin/login');
    await page.getByLabel(loginCopy.email).fill(E2E_ADMIN.email);
    const password = page.getByLabel(loginCopy.password, { exact: true });
    await password.fill('wrong-password-123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: loginCopy.showPassword }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: loginCopy.hidePassword }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: loginCopy.submit, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(apiMessages.invalidLogin);

    await password.fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: loginCopy.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: dashboardCopy.title })).toBeVisible();
    // the session is an HttpOnly, SameSite=Strict cookie that no script sees; localStorage holds nothing of it
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'admin_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('admin_session');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await expect(page.getByText(E2E_ADMIN.email).first()).toBeVisible();

    await page.getByRole('button', { name: layoutCopy.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: loginCopy.title })).toBeVisible();
    expect(await page.evaluate((keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.email)], storageKeys)).toEqual([
      null,
      null,
    ]);
    // logout cleared the cookie: the admin is closed again
    expect(await context.cookies()).toEqual([]);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fdashboard$/);
  },
);

base('the login shows the network message when the server cannot be reached', async ({ page }) => {
  await page.goto('/admin/login');
  await page.route('**/api/admins/login', (route) => route.abort());
  await page.getByLabel(loginCopy.email).fill(E2E_ADMIN.email);
  await page.getByLabel(loginCopy.password, { exact: true }).fill('whatever-password');
  await page.getByRole('button', { name: loginCopy.submit, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(loginCopy.network);
});

base(
  'Forgot password? explains the command-line reset on a site without mail, and asks for the e-mail on one with it',
  async ({ page }) => {
    await page.goto(`${SERVERS.empty}/admin/login`);
    await page.getByRole('link', { name: loginCopy.forgot }).click();
    await expect(page).toHaveURL(/\/admin\/forgot-password$/);
    await expect(page.getByRole('heading', { name: forgotCopy.title })).toBeVisible();
    await expect(page.getByText('npm run admin -- reset-password')).toBeVisible();
    // the demo server has SMTP_URL: a form instead (permissions.spec.ts follows the link through)
    await page.goto('/admin/forgot-password');
    await expect(page.getByRole('button', { name: forgotCopy.send })).toBeVisible();
    await expect(page.getByText('npm run admin -- reset-password')).toHaveCount(0);
  },
);
