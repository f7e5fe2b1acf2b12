/**
 * Permissions by area on the Account screen (issue 22): the add form's preset is what is made and its
 * toast names it; a preset and an area set on an account; a Sales account sees only the inbox; and a
 * forgotten password by e-mail on the demo server (SMTP to the mail sink): link, new password, sign in.
 */
import { passwordResetMessages } from '../../shared/api-messages';
import { PASSWORD_MIN_LENGTH } from '../../shared/admin-limits';
import { accountCopy, forgotCopy, layoutCopy, loginCopy, resetCopy, securityCopy } from '../../shared/copy/admin';
import { accountEmail, addAccount, confirmPassword, expect, openScreen, test, signIn } from '../fixtures/admin-login';
import type { SunkMail } from '../fixtures/mail-sink';
import { E2E_ADMIN, MAIL_SINK } from '../fixtures/servers';
import { STEP_UP_HEADER } from '../../shared/roles';

const PASSWORD = 'a-long-password-for-staff';

test('the add form makes the preset chosen (its toast says so); presets and areas set on an account; Sales sees only the inbox', async ({
  page,
  token,
  browser,
  baseURL,
}) => {
  const email = accountEmail('new-admin');
  await openScreen(page, '/admin/account', accountCopy.title);
  const admins = page.getByRole('region', { name: accountCopy.admins });
  await admins.getByLabel(accountCopy.adminEmail, { exact: true }).fill(email);
  await admins.getByLabel(accountCopy.adminPassword(PASSWORD_MIN_LENGTH)).fill(PASSWORD);
  await admins.getByLabel(securityCopy.role, { exact: true }).selectOption({ label: securityCopy.roles.admin });
  await admins.getByRole('button', { name: accountCopy.addAdmin }).click();
  await confirmPassword(page);
  await expect(page.getByText('Admin added')).toBeVisible();
  const account = async () => {
    const list = (await (await page.request.get('/api/admins', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { _id: string; email: string; role: string; permissions: string[] }[];
    };
    return list.data.find((row) => row.email === email)!;
  };
  expect(await account()).toMatchObject({ role: 'admin' });

  // the Sales preset, then one more area by hand
  await admins.getByLabel(securityCopy.roleOf(email)).selectOption({ label: securityCopy.roles.sales });
  await confirmPassword(page);
  await expect.poll(async () => (await account()).role).toBe('sales');
  const activity = admins.getByLabel(securityCopy.areaOf(securityCopy.areas.activity, email));
  await expect(activity).not.toBeChecked();
  // the box follows the saved areas: it turns on once the change is confirmed
  await activity.click();
  await confirmPassword(page);
  await expect.poll(async () => (await account()).permissions).toEqual(['enquiries', 'activity']);
  await expect(admins.getByLabel(securityCopy.roleOf(email))).toHaveValue('custom');
  await admins.getByLabel(securityCopy.roleOf(email)).selectOption({ label: securityCopy.roles.sales });
  await confirmPassword(page);
  await expect.poll(async () => (await account()).permissions).toEqual(['enquiries']);

  const context = await browser.newContext({ baseURL, storageState: undefined });
  const own = await context.newPage();
  try {
    await signIn(own, email, PASSWORD);
    await expect(own).toHaveURL(/\/admin\/dashboard$/);
    const nav = own.getByTestId('admin-sidebar').getByRole('navigation', { name: layoutCopy.nav });
    await expect(nav.getByRole('link', { name: 'Contact Messages' })).toBeVisible();
    for (const name of ['Clients', 'Media library', 'About Us Editor', 'Site settings', 'Backups', 'Activity']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expect(own.getByTestId('stat-contacts')).toBeVisible();
    await own.goto('/admin/settings');
    await expect(own.getByRole('heading', { level: 1, name: securityCopy.notAllowedTitle })).toBeVisible();
  } finally {
    await context.close();
    const { _id } = await account();
    const reauth = await page.request.post('/api/admins/reauth', {
      headers: { authorization: `Bearer ${token}` },
      data: { password: E2E_ADMIN.password },
    });
    const stepUp = ((await reauth.json()) as { stepUpToken: string }).stepUpToken;
    await page.request.delete(`/api/admins/${_id}`, { headers: { authorization: `Bearer ${token}`, [STEP_UP_HEADER]: stepUp } });
  }
});

test('forgot password by e-mail: the link sets a new password once, then the account signs in with it', async ({
  page,
  token,
  browser,
  baseURL,
}) => {
  const email = accountEmail('forgetful');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const own = await context.newPage();
  try {
    await own.goto('/admin/login');
    await own.getByRole('link', { name: loginCopy.forgot }).click();
    await expect(own.getByRole('heading', { level: 1, name: forgotCopy.title })).toBeVisible();
    await own.getByLabel(forgotCopy.email).fill(email);
    await own.getByRole('button', { name: forgotCopy.send }).click();
    await expect(own.getByRole('status')).toContainText(passwordResetMessages.requested);

    let mail: SunkMail | undefined;
    await expect
      .poll(async () => {
        const mails = (await (await own.request.get(`http://127.0.0.1:${MAIL_SINK.httpPort}/mails`)).json()) as SunkMail[];
        mail = mails.find((sunk) => sunk.to.includes(email) && sunk.subject === 'Set a new password for the website admin');
        return mail !== undefined;
      })
      .toBe(true);
    const link = new URL(/https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/.exec(mail!.text)![0]);
    const path = `${link.pathname}${link.search}`;

    await own.goto(path);
    await expect(own.getByRole('heading', { level: 1, name: resetCopy.title })).toBeVisible();
    // the token leaves the address bar once read
    await expect(own).toHaveURL(/\/admin\/reset-password$/);
    const newPassword = 'a-brand-new-password-2026';
    await own.getByLabel(resetCopy.newPassword(PASSWORD_MIN_LENGTH)).fill(newPassword);
    await own.getByRole('button', { name: resetCopy.submit }).click();
    await expect(own.getByRole('status')).toContainText(passwordResetMessages.done);
    await own.getByRole('link', { name: resetCopy.signIn }).click();
    await expect(own).toHaveURL(/\/admin\/login$/);
    await signIn(own, email, newPassword);
    await expect(own).toHaveURL(/\/admin\/dashboard$/);

    // the same link again: used up, said plainly, with the way to a new one
    await own.goto(path);
    await own.getByLabel(resetCopy.newPassword(PASSWORD_MIN_LENGTH)).fill('yet-another-password-2026');
    await own.getByRole('button', { name: resetCopy.submit }).click();
    await expect(own.getByRole('alert')).toHaveText(passwordResetMessages.linkInvalid);
    await expect(own.getByRole('link', { name: resetCopy.askAgain })).toBeVisible();
  } finally {
    await context.close();
    await remove();
  }
});
