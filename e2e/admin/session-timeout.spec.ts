/**
 * The session's end while the admin works (issue 22): typing keeps it alive, a warning comes a minute
 * before the idle end, a session that ends anyway is signed in again in a dialog over the form (with the
 * two-factor code) and nothing typed is lost; a signed-out link returns to its screen after the sign-in;
 * a changed password says why the login shows. Each test uses an account of its own: its sessions end.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { accountCopy, loginCopy, messagesCopy, screenCopy, securityCopy, sessionCopy } from '../../shared/copy/admin';
import { PASSWORD_MIN_LENGTH } from '../../shared/admin-limits';
import { STEP_UP_HEADER } from '../../shared/roles';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { addAccount, expect, test } from '../fixtures/admin-login';
import { E2E_ADMIN } from '../fixtures/servers';
import { enquiryAdminUrl } from '../../server/mail/enquiry-alert';

const PASSWORD = 'a-long-password-for-sessions';
const IDLE_MINUTES = 30;
const SAME_ORIGIN = { 'x-requested-with': 'fetch' };
const PHONE = { width: 390, height: 844 };
const team = screenCopy.team;

const accountEmail = (name: string) => `${uniqueName(name).replace(/\s+/g, '-').toLowerCase()}@example.com`;
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });

/** A browser of the account's own, signed in through the API (its cookie lands in the context). */
async function signedInBrowser(browser: Browser, baseURL: string | undefined, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, storageState: undefined, viewport });
  const login = await context.request.post('/api/admins/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return context;
}

/** The Team Members form filled but for the Description, which the test types into. */
async function openTeamForm(page: Page, name: string) {
  await page.goto('/admin/TeamMembers');
  await expect(page.getByRole('heading', { level: 1, name: team.title })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Title', { exact: true }).fill('Site Engineer');
  await page.getByLabel('Image *', { exact: true }).setInputFiles(await testImage());
  return page.getByLabel('Description', { exact: true });
}

/** The last-seen time of the browser's session, as the account's session list shows it. */
async function lastSeenOf(context: BrowserContext): Promise<number> {
  const reply = await context.request.get('/api/admins/sessions');
  const sessions = ((await reply.json()) as { data: { lastSeenAt: string; current: boolean }[] }).data;
  return Date.parse(sessions.find((session) => session.current)!.lastSeenAt);
}

async function removeMember(context: BrowserContext, name: string) {
  const list = (await (await context.request.get('/api/team-members/manage')).json()) as { _id: string; name: string }[];
  for (const member of list.filter((row) => row.name === name))
    await context.request.delete(`/api/team-members/${member._id}`, { headers: SAME_ORIGIN });
}

test('typing keeps the session alive; a minute before the idle end a warning asks, and "Stay signed in" extends it', async ({
  page,
  token,
  browser,
  baseURL,
}) => {
  const email = accountEmail('typing');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const context = await signedInBrowser(browser, baseURL, email);
  const own = await context.newPage();
  try {
    // the page's clock runs on, and the test moves it on by whole minutes
    await own.clock.install();
    const keepAlives: number[] = [];
    const answered: number[] = [];
    const isKeepAlive = (url: string) => url.endsWith('/api/admins/session/keepalive');
    own.on('request', (request) => {
      if (isKeepAlive(request.url())) keepAlives.push(Date.now());
    });
    own.on('response', (response) => {
      if (isKeepAlive(response.url())) answered.push(response.status());
    });
    // the page's clock is moved on only once every keep-alive sent has its answer (a late one moves the deadlines)
    const allAnswered = async () => {
      await expect.poll(() => answered.length).toBe(keepAlives.length);
      expect(answered.every((status) => status === 200)).toBe(true);
    };
    const description = await openTeamForm(own, uniqueName('Typist'));
    await expect.poll(() => keepAlives.length).toBeGreaterThan(0);
    const seenAtStart = await lastSeenOf(context);

    // 40 minutes of typing, a few words every 2 minutes: more than the idle period, and no warning
    const warning = own.getByRole('alertdialog', { name: sessionCopy.warningTitle });
    const sentBefore = keepAlives.length;
    for (let minute = 0; minute < 40; minute += 2) {
      await description.pressSequentially('word ');
      await own.clock.runFor('02:00');
      await expect(warning).toHaveCount(0);
    }
    await expect(description).toHaveValue('word '.repeat(20));
    // 100 keys in 40 minutes: at most one keep-alive a minute (the last key of a minute is sent at its end), and they reached the server
    expect(keepAlives.length - sentBefore).toBeGreaterThanOrEqual(20);
    expect(keepAlives.length - sentBefore).toBeLessThanOrEqual(41);
    await expect.poll(() => lastSeenOf(context)).toBeGreaterThan(seenAtStart);
    await allAnswered();

    // then nothing: the last keep-alive went a minute ago (the last minute's keys), so the idle end is 29 minutes
    // away and the warning comes at 28, not earlier
    await own.clock.runFor(`${IDLE_MINUTES - 3}:30`);
    await expect(warning).toHaveCount(0);
    await own.clock.runFor('01:00');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(sessionCopy.warning(60));
    await expect(warning.getByRole('button', { name: sessionCopy.stay })).toBeFocused();
    const beforeStay = keepAlives.length;
    await warning.getByRole('button', { name: sessionCopy.stay }).click();
    await expect(warning).toHaveCount(0);
    expect(keepAlives.length).toBe(beforeStay + 1);
    await allAnswered();
    // a full idle period again from the click; the form is as it was
    await own.clock.runFor(`${IDLE_MINUTES - 2}:00`);
    await expect(warning).toHaveCount(0);
    await expect(description).toHaveValue('word '.repeat(20));
    const me = await context.request.get('/api/admins/me');
    expect(me.status(), await me.text()).toBe(200);
  } finally {
    await context.close();
    await remove();
  }
});

test('on a phone, a session that ends while the admin types is signed in again over the form with a code, and the save goes through', async ({
  page,
  token,
  browser,
  baseURL,
}) => {
  expect(PASSWORD.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
  const email = accountEmail('ended');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const context = await signedInBrowser(browser, baseURL, email, PHONE);
  const own = await context.newPage();
  const name = uniqueName('Kept member');
  try {
    const description = await openTeamForm(own, name);
    await description.pressSequentially('Keeps every site safe');

    // meanwhile, from another sign-in of the account: two-factor goes on, and the browser's session is ended
    const api = await browser.newContext({ baseURL });
    const bearer = {
      authorization: `Bearer ${((await (await api.request.post('/api/admins/login', { data: { email, password: PASSWORD } })).json()) as { token: string }).token}`,
    };
    // enrolment asks for the password first (issue 22), as the account screen does
    const reauth = await api.request.post('/api/admins/reauth', { headers: bearer, data: { password: PASSWORD } });
    const confirmed = { ...bearer, [STEP_UP_HEADER]: ((await reauth.json()) as { stepUpToken: string }).stepUpToken };
    const secret = (
      (await (await api.request.post('/api/admins/2fa/setup', { headers: confirmed })).json()) as { data: { secret: string } }
    ).data.secret;
    const enabledAt = Date.now();
    expect(
      (await api.request.post('/api/admins/2fa/confirm', { headers: confirmed, data: { code: codeAt(secret, enabledAt) } })).ok(),
    ).toBe(true);
    const sessions = (
      (await (await api.request.get('/api/admins/sessions', { headers: bearer })).json()) as { data: { _id: string; current: boolean }[] }
    ).data;
    for (const session of sessions.filter((row) => !row.current))
      expect((await api.request.delete(`/api/admins/sessions/${session._id}`, { headers: bearer })).ok()).toBe(true);
    await api.close();

    // the admin types on and saves: the save meets the ended session, and a sign-in opens over the form
    await description.pressSequentially(' and on time.');
    await own.getByRole('button', { name: team.submitAdd }).click();
    const dialog = own.getByRole('dialog', { name: sessionCopy.endedTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(sessionCopy.ended)).toBeVisible();
    await expect(own).toHaveURL(/\/admin\/TeamMembers$/);
    await expect(dialog.getByLabel(loginCopy.email)).toHaveValue(email);
    await dialog.getByLabel(loginCopy.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: sessionCopy.signIn }).click();
    await expect(dialog.getByText(securityCopy.codeStepIntro)).toBeVisible();
    // the enrolment took this step's code: the next step's
    await dialog.getByLabel(securityCopy.codeLabel).fill(codeAt(secret, enabledAt + 30_000));
    await dialog.getByRole('button', { name: securityCopy.verify }).click();
    await expect(dialog).toHaveCount(0);

    // the waiting save went again with the new session: the member is added with every word typed
    await expect(own.getByText(team.created, { exact: true })).toBeVisible();
    const list = (await (await context.request.get('/api/team-members/manage')).json()) as { name: string; description: string }[];
    expect(list.find((row) => row.name === name)?.description).toBe('Keeps every site safe and on time.');
  } finally {
    await removeMember(context, name).catch(() => undefined);
    await context.close();
    await remove();
  }
});

test('when the idle time runs out, the session ends and signing in again keeps what was typed', async ({
  page,
  token,
  browser,
  baseURL,
}) => {
  const email = accountEmail('idle');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const context = await signedInBrowser(browser, baseURL, email);
  const own = await context.newPage();
  try {
    await own.clock.install();
    const description = await openTeamForm(own, uniqueName('Idle member'));
    await description.pressSequentially('Half a sentence');
    await own.clock.runFor(`${IDLE_MINUTES + 1}:00`);
    const dialog = own.getByRole('dialog', { name: sessionCopy.endedTitle });
    await expect(dialog).toBeVisible();
    // the screen ended the session on the server too: the old cookie opens nothing
    await expect.poll(async () => (await context.request.get('/api/admins/me')).status()).toBe(401);
    await expect(dialog.getByLabel(loginCopy.password)).toBeFocused();
    await dialog.getByLabel(loginCopy.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: sessionCopy.signIn }).click();
    await expect(dialog).toHaveCount(0);
    await expect(description).toHaveValue('Half a sentence');
    expect((await context.request.get('/api/admins/me')).ok()).toBe(true);
  } finally {
    await context.close();
    await remove();
  }
});

test("signed out, the enquiry alert's link leads through the login to the message itself", async ({ browser, baseURL, page, token }) => {
  // an enquiry through the API, as the contact form sends it; the alert links to /admin/users?message=<id>
  const name = uniqueName('Linked visitor');
  const sent = await page.request.post('/api/user', {
    data: { name, email: 'linked.visitor@example.com', number: '+91 98450 12345', message: 'Please call about a teak door.' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const list = (await (
    await page.request.get(`/api/user?q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { _id: string }[] };
  // the very link the alert mail carries
  const alertLink = new URL(enquiryAdminUrl(baseURL!, list.data[0]._id));
  const link = `${alertLink.pathname}${alertLink.search}`;

  const context = await browser.newContext({ baseURL, storageState: undefined, viewport: PHONE });
  const own = await context.newPage();
  try {
    await own.goto(link);
    await expect(own).toHaveURL(`/admin/login?next=${encodeURIComponent(link)}`);
    await own.getByLabel(loginCopy.email).fill(E2E_ADMIN.email);
    await own.getByLabel(loginCopy.password, { exact: true }).fill(E2E_ADMIN.password);
    await own.getByRole('button', { name: loginCopy.submit, exact: true }).click();
    await expect(own).toHaveURL(link);
    await expect(own.getByRole('dialog', { name: messagesCopy.detailTitle(name) })).toBeVisible();

    // a next= that leaves the admin (another site, a scheme, the login itself) is dropped: the dashboard
    for (const next of ['//evil.example/admin/', '/\\evil.example', 'https://evil.example/admin/users', '/admin/../login', '/public']) {
      await context.clearCookies();
      await own.goto(`/admin/login?next=${encodeURIComponent(next)}`);
      await own.getByLabel(loginCopy.email).fill(E2E_ADMIN.email);
      await own.getByLabel(loginCopy.password, { exact: true }).fill(E2E_ADMIN.password);
      await own.getByRole('button', { name: loginCopy.submit, exact: true }).click();
      await expect(own).toHaveURL(/\/admin\/dashboard$/);
    }
  } finally {
    await context.close();
  }
});

test('a changed password ends the session, and the login page says why', async ({ page, token, browser, baseURL }) => {
  const email = accountEmail('changed');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const context = await signedInBrowser(browser, baseURL, email, PHONE);
  const own = await context.newPage();
  try {
    await own.goto('/admin/account');
    const form = own.getByRole('region', { name: accountCopy.changePassword });
    await form.getByLabel(accountCopy.currentPassword).fill(PASSWORD);
    await form.getByLabel(accountCopy.newPassword(PASSWORD_MIN_LENGTH)).fill(`${PASSWORD}-new`);
    await form.getByRole('button', { name: accountCopy.changeSubmit }).click();
    await expect(own).toHaveURL(/\/admin\/login$/);
    await expect(own.getByRole('status')).toHaveText(loginCopy.passwordChanged);
    await own.getByLabel(loginCopy.email).fill(email);
    await own.getByLabel(loginCopy.password, { exact: true }).fill(`${PASSWORD}-new`);
    await own.getByRole('button', { name: loginCopy.submit, exact: true }).click();
    await expect(own).toHaveURL(/\/admin\/dashboard$/);
  } finally {
    await context.close();
    await remove();
  }
});
