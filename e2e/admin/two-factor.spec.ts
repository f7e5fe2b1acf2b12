/** Two-factor sign-in from the account screen, sign-in with a code, and an Editor's sidebar and refused screens. */
import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD_MIN_LENGTH } from '../../shared/admin-limits';
import { accountCopy, layoutCopy, pipelineCopy, securityCopy } from '../../shared/copy/admin';
import { accountEmail, addAccount, confirmPassword, expect, openScreen, test, signIn } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });

const PASSWORD = 'a-long-password-for-2fa';

test('turn on two-factor sign-in from the account screen, sign out, sign in with a code', async ({ page, token, browser, baseURL }) => {
  expect(PASSWORD.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
  const email = accountEmail('two-factor');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'admin');
  // the account's own browser, not signed in
  const context = await browser.newContext({ baseURL, storageState: undefined, permissions: ['clipboard-read', 'clipboard-write'] });
  const own = await context.newPage();
  const clipboard = () => own.evaluate(() => navigator.clipboard.readText());
  try {
    await signIn(own, email, PASSWORD);
    await expect(own).toHaveURL(/\/admin\/dashboard$/);
    await own.goto('/admin/account');
    await expect(own.getByRole('heading', { level: 1, name: accountCopy.title })).toBeVisible();
    const section = own.getByRole('region', { name: securityCopy.twoFactorTitle });
    await expect(section.getByTestId('two-factor-status')).toHaveText(securityCopy.twoFactorOffStatus);
    await section.getByRole('button', { name: securityCopy.turnOn }).click();
    // the password first: a session alone cannot tie an authenticator to the account
    await expect(section.getByRole('img', { name: securityCopy.qrAlt })).toHaveCount(0);
    await confirmPassword(own, PASSWORD);
    await expect(section.getByRole('img', { name: securityCopy.qrAlt })).toBeVisible();
    await expectNoSeriousAxeViolations(own);
    // the key in groups of 4 to read, copied without the spaces
    const key = section.getByTestId('totp-secret');
    const grouped = (await key.textContent())!.trim();
    expect(grouped).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = grouped.replace(/\s+/g, '');
    await key.selectText();
    await own.keyboard.press('Control+C');
    expect(await clipboard()).toBe(secret);
    await section.getByLabel(securityCopy.codeLabel).fill(codeAt(secret, Date.now()));
    await section.getByRole('button', { name: securityCopy.confirmCode }).click();
    await expect(section.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const codes = await section.getByTestId('recovery-codes').locator('li').allTextContents();
    // kept by copying, downloading or printing them
    await section.getByRole('button', { name: securityCopy.copyCodes, exact: true }).click();
    await expect.poll(clipboard).toBe(codes.join('\n'));
    const [download] = await Promise.all([
      own.waitForEvent('download'),
      section.getByRole('button', { name: securityCopy.downloadCodes }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(securityCopy.recoveryFileName);
    const saved = fs.readFileSync(await download.path(), 'utf8');
    for (const code of codes) expect(saved).toContain(`${code}\n`);
    const [printed] = await Promise.all([
      own.waitForEvent('popup'),
      section.getByRole('button', { name: securityCopy.printCodes }).click(),
    ]);
    await expect(printed.locator('pre')).toContainText(codes[9]);
    expect((await printed.locator('pre').textContent())!.split('\n').filter((line) => codes.includes(line))).toEqual(codes);
    await printed.close();
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

test("an Editor's sidebar lacks Contact Messages and Backups (My enquiries instead), and Backups says it is not allowed", async ({
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
    // the enquiries assigned to it, whichever they are (e2e/admin/own-enquiries.spec.ts)
    await expect(nav.getByRole('link', { name: pipelineCopy.myEnquiries })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Backups' })).toHaveCount(0);
    await expect(own.getByTestId('stat-contacts')).toHaveCount(0);
    await own.goto('/admin/backups');
    await expect(own.getByRole('heading', { level: 1, name: securityCopy.notAllowedTitle })).toBeVisible();
    await expectNoSeriousAxeViolations(own);
    // the account screen: own password and two-factor, no account list
    await openScreen(own, '/admin/account', accountCopy.title);
    await expect(own.getByRole('region', { name: securityCopy.twoFactorTitle })).toBeVisible();
    await expect(own.getByRole('region', { name: accountCopy.admins })).toHaveCount(0);
  } finally {
    await context.close();
    await remove();
  }
});
