/** Two-factor sign-in from the account screen, sign-in with a code, and an Editor's sidebar and refused screens. */
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD_MIN_LENGTH } from '../../shared/admin-limits';
import { accountCopy, layoutCopy, loginCopy, securityCopy } from '../../shared/copy/admin';
import { uniqueName } from '../fixtures/admin-images';
import { addAccount, expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel(loginCopy.email).fill(email);
  await page.getByLabel(loginCopy.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: loginCopy.submit, exact: true }).click();
}

const accountEmail = (name: string) => `${uniqueName(name).replace(/\s+/g, '-').toLowerCase()}@example.com`;
const PASSWORD = 'a-long-password-for-2fa';

test('turn on two-factor sign-in from the account screen, sign out, sign in with a code', async ({ page, token, browser, baseURL }) => {
  expect(PASSWORD.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
  const email = accountEmail('two-factor');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'admin');
  // the account's own browser, not signed in
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const own = await context.newPage();
  try {
    await signIn(own, email, PASSWORD);
    await expect(own).toHaveURL(/\/admin\/dashboard$/);
    await own.goto('/admin/account');
    await expect(own.getByRole('heading', { level: 1, name: accountCopy.title })).toBeVisible();
    const section = own.getByRole('region', { name: securityCopy.twoFactorTitle });
    await expect(section.getByTestId('two-factor-status')).toHaveText(securityCopy.twoFactorOffStatus);
    await section.getByRole('button', { name: securityCopy.turnOn }).click();
    await expect(section.getByRole('img', { name: securityCopy.qrAlt })).toBeVisible();
    await expectNoSeriousAxeViolations(own);
    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    await section.getByLabel(securityCopy.codeLabel).fill(codeAt(secret, Date.now()));
    await section.getByRole('button', { name: securityCopy.confirmCode }).click();
    await expect(section.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    // the "turned on" toast (still fading in or out) is not this screen's
    await expect(own.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousAxeViolations(own);
    await section.getByRole('button', { name: securityCopy.recoveryDone }).click();
    await expect(section.getByTestId('two-factor-status')).toHaveText(securityCopy.twoFactorOnStatus(10));

    // sign out, then in again: the password alone no longer opens the admin
    await own.getByTestId('admin-sidebar').getByRole('button', { name: layoutCopy.logout }).click();
    await expect(own).toHaveURL(/\/login$/);
    await signIn(own, email, PASSWORD);
    await expect(own.getByText(securityCopy.codeStepIntro)).toBeVisible();
    await own.getByLabel(securityCopy.codeLabel).fill('000000');
    await own.getByRole('button', { name: securityCopy.verify }).click();
    await expect(own.getByRole('alert')).toBeVisible();
    await expectNoSeriousAxeViolations(own);
    // the enrolment's code was this step's and cannot be used again: the next step's code
    await own.getByLabel(securityCopy.codeLabel).fill(codeAt(secret, Date.now() + 30_000));
    await own.getByRole('button', { name: securityCopy.verify }).click();
    await expect(own).toHaveURL(/\/admin\/dashboard$/);
  } finally {
    await context.close();
    await remove();
  }
});

test("an Editor's sidebar lacks Contact Messages and Backups, and those screens say it is not allowed", async ({
  page,
  token,
  browser,
  baseURL,
}) => {
  const email = accountEmail('editor');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const own = await context.newPage();
  try {
    await signIn(own, email, PASSWORD);
    await expect(own).toHaveURL(/\/admin\/dashboard$/);
    const nav = own.getByTestId('admin-sidebar').getByRole('navigation', { name: layoutCopy.nav });
    await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact Messages' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Backups' })).toHaveCount(0);
    await expect(own.getByTestId('stat-contacts')).toHaveCount(0);
    for (const path of ['/admin/users', '/admin/backups']) {
      await own.goto(path);
      await expect(own.getByRole('heading', { level: 1, name: securityCopy.notAllowedTitle })).toBeVisible();
      await expectNoSeriousAxeViolations(own);
    }
    // the account screen: own password and two-factor, no account list
    await openScreen(own, '/admin/account', accountCopy.title);
    await expect(own.getByRole('region', { name: securityCopy.twoFactorTitle })).toBeVisible();
    await expect(own.getByRole('region', { name: accountCopy.admins })).toHaveCount(0);
  } finally {
    await context.close();
    await remove();
  }
});
