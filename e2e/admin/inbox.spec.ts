/** The enquiry inbox in the browser: a message from /contact handled from New to deleted; search, filter, pages and CSV. */
import fs from 'node:fs';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import type { Page } from '@playwright/test';
import { alertLabels, commonCopy, lifecycleCopy, listCopy, messagesCopy as copy } from '../../shared/copy/admin';
import type { InboxCounts } from '../../shared/contact-inbox';
import { contact } from '../../shared/copy/public';
import { DEFAULT_SITE_TIMEZONE, zoneDate } from '../../shared/site-time';
import { uniqueName } from '../fixtures/admin-images';
import { expect, logInAt, openScreen, test } from '../fixtures/admin-login';
import { MEASURED } from '../fixtures/measured';
import { mailWithSubject } from '../fixtures/sunk-mail';
import { INBOX_SEEDED, MAIL_SINK, SERVERS } from '../fixtures/servers';

/** Types a search and waits until the list for it has arrived (the screen searches once typing pauses). */
async function search(page: Page, text: string) {
  const listed = page.waitForResponse((reply) => new URL(reply.url()).searchParams.get('q') === text && reply.url().includes('/api/user?'));
  await page.getByLabel(copy.search).fill(text);
  await listed;
  // and the address replaced: React Router commits it after the loader's answer, and a filter chosen before that
  // interrupts the search's navigation (its view never shown), so Back would skip it (seen once with two lanes)
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
}

async function countsOf(page: Page, token: string): Promise<InboxCounts> {
  const reply = await page.request.get('/api/user/counts', { headers: { authorization: `Bearer ${token}` } });
  return ((await reply.json()) as { data: InboxCounts }).data;
}

test('an enquiry sent on /contact is New (badge, dashboard), mailed to NOTIFY_EMAIL, opened from the mail, replied to, archived and deleted', async ({
  page,
  token,
}) => {
  const before = await countsOf(page, token);
  const name = uniqueName('Inbox visitor');
  const text = 'We would like a quote for a carved teak door\nand a pooja room, please call after 6 pm.';

  await page.goto('/contact');
  await page.getByLabel(contact.labels.name, { exact: true }).fill(name);
  await page.getByLabel(contact.labels.email, { exact: true }).fill('inbox.visitor@example.com');
  await page.getByLabel(contact.labels.number, { exact: true }).fill('+91 98450 77777');
  await page.getByLabel(contact.labels.message, { exact: true }).fill(text);
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByText(contact.toasts.success)).toBeVisible();

  // the alert went through the loopback SMTP server to NOTIFY_EMAIL, with the message and a link to it
  const mail = await mailWithSubject(page, `New enquiry from ${name}`);
  expect(mail.to).toEqual([MAIL_SINK.notify]);
  expect(mail.text).toContain(text);
  const link = /Open it in the admin: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(new URL(link).pathname).toBe('/admin/users');

  // the dashboard's "Pending inquiries" and the sidebar badge count it
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('stat-contacts')).toContainText(String(before.New + 1));
  const badge = page.getByTestId('admin-sidebar').getByTestId('inbox-badge');
  await expect(badge).toHaveText(`${before.New + 1}${copy.newBadge(before.New + 1)}`);

  await page
    .getByTestId('admin-sidebar')
    .getByRole('link', { name: /Contact Messages/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
  await search(page, name);
  const row = page.getByTestId('message-row').filter({ hasText: name });
  await expect(page.getByTestId('message-row')).toHaveCount(1);
  await expect(row).toContainText('New');
  await expect(row).toContainText(`${copy.alert}: ${alertLabels.sent}`);

  // the mail's link opens the message itself
  const { pathname, search: query } = new URL(link);
  await page.goto(`${pathname}${query}`);
  await expect(page.getByRole('dialog', { name: copy.detailTitle(name) })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: commonCopy.close }).click();
  await search(page, name);

  // opened: every field and the whole text
  await row.getByRole('button', { name: copy.openLabel(name) }).click();
  const dialog = page.getByRole('dialog', { name: copy.detailTitle(name) });
  await expect(dialog.getByTestId('message-text')).toHaveText(text);
  await expect(dialog).toContainText('inbox.visitor@example.com');
  await expect(dialog).toContainText('+91 98450 77777');
  await expect(dialog.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // axe reads the whole screen: the table, search and filter behind the open message too
  await expectNoSeriousAxeViolations(page);

  // reply by e-mail: a mailto with "Re: …" and the quoted text, and the message is Replied
  const reply = dialog.getByRole('link', { name: copy.reply });
  const href = (await reply.getAttribute('href')) ?? '';
  const mailto = new URL(href);
  expect(mailto.protocol).toBe('mailto:');
  expect(mailto.pathname).toBe('inbox.visitor@example.com');
  expect(mailto.searchParams.get('subject')).toMatch(/^Re: /);
  expect(mailto.searchParams.get('body')).toContain('> We would like a quote for a carved teak door\n> and a pooja room');
  await reply.click();
  await expect(dialog.getByLabel(copy.statusLabel)).toHaveValue('Replied');
  await expect(row).toContainText('Replied');
  if (before.New) await expect(badge).toHaveText(`${before.New}${copy.newBadge(before.New)}`);
  else await expect(badge).toHaveCount(0);

  // archived, and found under Archived only
  await dialog.getByLabel(copy.statusLabel).selectOption('Archived');
  await expect(page.getByText(copy.statusChanged('Archived'))).toBeVisible();
  // the success toast's text has enough contrast on its tint
  await expectNoSeriousAxeViolations(page);
  await expect(row).toContainText('Archived');
  await dialog.getByRole('button', { name: commonCopy.close }).click();
  // gone before the filter is found: its own Status select has the same label
  await expect(dialog).toHaveCount(0);
  await page.getByLabel(copy.statusFilter).selectOption('Archived');
  await expect(row).toBeVisible();
  await page.getByLabel(copy.statusFilter).selectOption('New');
  await expect(page.getByText(copy.noMatch)).toBeVisible();
  await page.getByLabel(copy.statusFilter).selectOption('');

  // deleted, after a confirmation that names the sender; Undo in its toast brings it back, Archived as it was
  const deleteIt = async () => {
    await row.getByRole('button', { name: copy.openLabel(name) }).click();
    await dialog.getByRole('button', { name: copy.delete }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(copy.confirmDelete(name));
    await confirm.getByRole('button', { name: commonCopy.delete }).click();
    await expect(page.getByText(copy.deleted)).toBeVisible();
    await expect(page.getByTestId('message-row')).toHaveCount(0);
  };
  await deleteIt();
  await page.getByRole('button', { name: lifecycleCopy.undo, exact: true }).click();
  await expect(page.getByText(lifecycleCopy.restored('Message'), { exact: true })).toBeVisible();
  await expect(row).toContainText('Archived');
  await deleteIt();
  // the search finds nothing now, or the inbox is empty again
  await expect(page.getByText(before.New + before.Replied + before.Archived ? copy.noMatch : copy.empty)).toBeVisible();
  expect(await countsOf(page, token)).toEqual(before);
});

test('search, status filter, pages and the CSV of the current view', async ({ page, token }) => {
  const tag = uniqueName('Batch').replace(/\s+/g, '-');
  const auth = { authorization: `Bearer ${token}` };
  // sent together (the order they land in is the server's): the API says which is newest
  const sent = await Promise.all(
    Array.from({ length: 30 }, (_, index) => {
      const i = index + 1;
      const message = i === 7 ? '=HYPERLINK("http://evil.example","x")' : `Enquiry ${i} about an interior.`;
      return page.request.post('/api/user', {
        data: { name: `${tag} ${String(i).padStart(2, '0')}`, email: `b${i}@example.com`, number: '080 1234 5678', message },
      });
    }),
  );
  expect(sent.map((reply) => reply.status())).toEqual(Array(30).fill(201));
  const newestFirst = (
    (await (await page.request.get(`/api/user?q=${tag}&limit=100`, { headers: auth })).json()) as { data: { name: string }[] }
  ).data.map((row) => row.name);
  expect(newestFirst).toHaveLength(30);
  await openScreen(page, '/admin/users', copy.title);
  await search(page, tag);
  await expect(page.getByText(copy.showing(1, 25, 30))).toBeVisible();
  await expect(page.getByTestId('message-row').first()).toContainText(newestFirst[0]);
  await expect(page.getByText(listCopy.pageOf(1, 2))).toBeVisible();
  await page.getByRole('button', { name: listCopy.next }).click();
  await expect(page.getByText(copy.showing(26, 30, 30))).toBeVisible();
  await expect(page.getByTestId('message-row')).toHaveCount(5);
  await expect(page.getByTestId('message-row').last()).toContainText(newestFirst[29]);

  // a search for one, then a status filter over the batch
  await search(page, `${tag} 07`);
  await expect(page.getByTestId('message-row')).toHaveCount(1);
  const list = (await (await page.request.get(`/api/user?q=${encodeURIComponent(`${tag} 12`)}`, { headers: auth })).json()) as {
    data: { _id: string }[];
  };
  await page.request.patch(`/api/user/${list.data[0]._id}`, { headers: auth, data: { status: 'Replied' } });
  await search(page, tag);
  // the address is replaced before React shows the view (a transition): the filter is chosen over the shown search
  await expect(page.getByText(copy.showing(1, 25, 30))).toBeVisible();
  await page.getByLabel(copy.statusFilter).selectOption('Replied');
  await expect(page.getByTestId('message-row')).toHaveText([new RegExp(`${tag} 12`)]);
  // a filter pushes an address (Back is the view before it); the search replaced the address it was typed on
  await page.goBack();
  await expect(page.getByLabel(copy.statusFilter)).toHaveValue('');
  await expect(page.getByLabel(copy.search)).toHaveValue(tag);
  await expect(page.getByText(copy.showing(1, 25, 30))).toBeVisible();
  await page.goForward();
  await expect(page.getByLabel(copy.statusFilter)).toHaveValue('Replied');
  await expect(page.getByTestId('message-row')).toHaveCount(1);

  // the CSV of all statuses of the search: BOM, CRLF, quoted, the formula neutralised
  await page.getByLabel(copy.statusFilter).selectOption('');
  await expect(page.getByText(copy.showing(1, 25, 30))).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: copy.exportCsv }).click()]);
  expect(download.suggestedFilename()).toBe(`contact-messages-${zoneDate(new Date(), DEFAULT_SITE_TIMEZONE)}.csv`);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  // times in the site's zone (the demo server leaves SITE_TIMEZONE unset), and numbers in E.164
  // then where each came from and the project form's choice (issue 26): none for these
  expect(lines[0]).toBe(
    `"Name","Email","Phone","Message","Date (${DEFAULT_SITE_TIMEZONE})","Status","Page","Project","Campaign source","Campaign medium","Campaign","Referring site","Wants","Preferred time","Stage","Lost reason","Owner","Next follow-up"`,
  );
  expect(lines).toHaveLength(32);
  expect(lines.slice(1, -1).map((line) => line.split('","')[0].slice(1))).toEqual(newestFirst);
  expect(lines.find((line) => line.startsWith(`"${tag} 30"`))).toMatch(
    /^"[^"]+","b30@example.com","'\+918012345678","Enquiry 30 about an interior.","\d{4}-\d\d-\d\d \d\d:\d\d:\d\d","New"(,""){8},"New"(,""){3}$/,
  );
  expect(lines.find((line) => line.startsWith(`"${tag} 07"`))).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  expect(lines.find((line) => line.startsWith(`"${tag} 12"`))).toMatch(/"Replied"(,""){8},"New"(,""){3}$/);
  await expect(page.getByText(copy.exported(download.suggestedFilename()))).toBeVisible();
});

test(
  '10,000 messages: the first page in under 200 ms of server time, a status, a search, the next page and its CSV',
  { tag: MEASURED },
  async ({ page }) => {
    await logInAt(page, SERVERS.atScale);
    await page.goto(`${SERVERS.atScale}/admin/users`);
    // the server's time to the first byte of the first page, as the browser measured it over five Refreshes: the best
    // counts (other processes on a shared 2-core machine add their time to some; the API test checks the median)
    const serverTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [listed] = await Promise.all([
        page.waitForResponse((reply) => reply.url().includes('/api/user?')),
        page.getByRole('button', { name: copy.refresh }).click(),
      ]);
      const timing = listed.request().timing();
      serverTimes.push(timing.responseStart - timing.requestStart);
    }
    serverTimes.sort((a, b) => a - b);
    console.log(`10,000 messages: first page ${serverTimes.map((ms) => ms.toFixed(0)).join(', ')} ms to first byte`);
    expect(serverTimes[0]).toBeLessThan(200);
    await expect(page.getByText(copy.showing(1, 25, INBOX_SEEDED))).toBeVisible();
    // scripts/seed-enquiries.ts: one a minute back from now, so Visitor 1 is the newest; every fifth Archived, every third Replied
    await expect(page.getByTestId('message-row').first()).toContainText(/Visitor 1(?!\d)/);
    await expect(page.getByText(listCopy.pageOf(1, INBOX_SEEDED / 25))).toBeVisible();
    await expect(page.getByLabel(copy.statusFilter).locator('option', { hasText: copy.statusOption('Archived', 2000) })).toHaveCount(1);

    await page.getByRole('button', { name: listCopy.next }).click();
    await expect(page.getByText(copy.showing(26, 50, INBOX_SEEDED))).toBeVisible();
    await expect(page.getByTestId('message-row').first()).toContainText('Visitor 26');

    await page.getByLabel(copy.statusFilter).selectOption('Archived');
    await expect(page.getByText(copy.showing(1, 25, 2000))).toBeVisible();
    await expect(page.getByTestId('message-row').first()).toContainText(/Visitor 5(?!\d)/);

    // "Visitor 123" is in the names of 123 and 1230-1239; of those, 1230 and 1235 are Archived
    await page.getByLabel(copy.statusFilter).selectOption('');
    await search(page, 'Visitor 123');
    await expect(page.getByTestId('message-row')).toHaveCount(11);
    await page.getByLabel(copy.statusFilter).selectOption('Archived');
    await expect(page.getByTestId('message-row')).toHaveCount(2);
    await expect(page.getByTestId('message-row').first()).toContainText('Visitor 1230');
    await expect(page.getByTestId('message-row').last()).toContainText('Visitor 1235');
    await page.getByLabel(copy.statusFilter).selectOption('');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: copy.exportCsv }).click()]);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .slice(1)
      .split('\r\n');
    expect(lines.slice(1, -1).map((line) => line.split('","')[0].slice(1))).toEqual([
      'Visitor 123',
      ...Array.from({ length: 10 }, (_, i) => `Visitor ${1230 + i}`),
    ]);
  },
);
