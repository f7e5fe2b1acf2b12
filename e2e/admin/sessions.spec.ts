/**
 * Sessions on the account screen (decision 0018): two browsers signed in to one account, the first
 * sees both and ends the second's, which is sent to the login at its next step; then "End all other
 * sessions". The session is a cookie: localStorage holds no token. A dedicated admin keeps the other
 * tests' sessions out of this.
 */
import type { Browser, Page } from '@playwright/test';
import { accountCopy, dashboardCopy, galleryCopy, layoutCopy, loginCopy, sessionsCopy } from '../../shared/copy/admin';
import { apiMessages } from '../../shared/api-messages';
import { addAccount, expect, test } from '../fixtures/admin-login';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ADMIN = { email: `sessions-${Date.now()}@example.com`, password: 'sessions e2e long password' };

async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** A fresh browser (no cookie) that signs in through the login form. */
async function signIn(browser: Browser, baseURL: string, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent });
  const page = await context.newPage();
  await gotoHydrated(page, '/admin/login');
  await page.getByLabel(loginCopy.email).fill(ADMIN.email);
  await page.getByLabel(loginCopy.password, { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: loginCopy.submit, exact: true }).click();
  await expect(page.getByRole('heading', { name: dashboardCopy.title })).toBeVisible();
  return page;
}

const sessionList = (page: Page) => page.getByRole('region', { name: sessionsCopy.title }).getByRole('listitem');

test('a session ended on the account screen is over at once; so are all the others', async ({ browser, baseURL, request, token }) => {
  const removeAccount = await addAccount(request, token, ADMIN.email, ADMIN.password, 'admin');
  try {
    const first = await signIn(browser, baseURL!);
    // the session is the HttpOnly cookie: nothing of it in localStorage, nor visible to scripts
    expect(await first.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await first.evaluate(() => document.cookie)).toBe('');

    await gotoHydrated(first, '/admin/account');
    await expect(first.getByRole('heading', { level: 1, name: accountCopy.title })).toBeVisible();
    await expect(sessionList(first)).toHaveCount(1);
    await expect(sessionList(first).first()).toContainText(sessionsCopy.thisDevice);
    await expect(sessionList(first).first()).toContainText('Chrome on Linux');
    await expect(sessionList(first).first()).toContainText('127.0.0.1');

    const second = await signIn(browser, baseURL!, FIREFOX_WINDOWS);
    await first.reload();
    await expect(sessionList(first)).toHaveCount(2);
    const other = sessionList(first).filter({ hasText: 'Firefox on Windows' });
    await expect(other).not.toContainText(sessionsCopy.thisDevice);
    await other.getByRole('button', { name: /^End session/ }).click();
    await expect(first.getByText(apiMessages.sessionEnded)).toBeVisible();
    await expect(sessionList(first)).toHaveCount(1);

    // the second browser's next step finds its session over: the login, which returns to the screen it went to
    await second.getByRole('navigation', { name: layoutCopy.nav }).getByRole('link', { name: 'Gallery' }).first().click();
    await expect(second).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fgallery$/);
    await expect(second.getByRole('heading', { name: loginCopy.title })).toBeVisible();

    // two more sign-ins, ended together; the first browser stays signed in
    const third = await signIn(browser, baseURL!, FIREFOX_WINDOWS);
    const fourth = await signIn(browser, baseURL!);
    await first.reload();
    await expect(sessionList(first)).toHaveCount(3);
    await first.getByRole('button', { name: sessionsCopy.endOthers }).click();
    await expect(first.getByText(apiMessages.otherSessionsEnded(2))).toBeVisible();
    await expect(sessionList(first)).toHaveCount(1);
    for (const page of [third, fourth]) {
      await page.reload();
      await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fdashboard$/);
    }
    await gotoHydrated(first, '/admin/gallery');
    await expect(first.getByRole('heading', { level: 1, name: galleryCopy.title })).toBeVisible();
    for (const page of [first, second, third, fourth]) await page.context().close();
  } finally {
    await removeAccount();
  }
});
