/** Activity: a content edit made in the admin is found on the screen, by kind and by person, with its before and after; axe finds nothing serious. */
import { auditKindLabels } from '../../shared/audit';
import { activityCopy as copy, commonCopy, screenCopy } from '../../shared/copy/admin';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { E2E_ADMIN } from '../fixtures/servers';

test('an edited property appears on the Activity screen, found by kind and by person, with the title before and after', async ({
  page,
  token,
}) => {
  const headers = { authorization: `Bearer ${token}` };
  const properties = (await (await page.request.get('/api/property')).json()) as { _id: string; title: string }[];
  const { _id: id, title } = properties[0];
  const renamed = `Audited ${Date.now()}`;

  try {
    await openScreen(page, '/admin/home/property', screenCopy.properties.title);
    await page.getByRole('button', { name: `${commonCopy.edit} ${title}`, exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
    await expect(page.getByText(screenCopy.properties.updated, { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
    await expect(page).toHaveTitle('Activity | Admin');
    const table = page.getByRole('table', { name: copy.tableCaption });
    const row = table.getByRole('row').filter({ hasText: `Property: ${renamed}` });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText(E2E_ADMIN.email);
    await expect(row.getByRole('cell').nth(2)).toHaveText(auditKindLabels['content.updated']);
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);

    // details: the title before and after, nothing else changed
    await row.getByRole('button', { name: copy.showDetails }).click();
    const details = page.locator(`#${await row.getByRole('button', { name: copy.hideDetails }).getAttribute('aria-controls')}`);
    const change = details.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Title' }) });
    await expect(change.getByRole('cell')).toHaveText([title, renamed]);
    await expect(details.getByRole('rowheader')).toHaveCount(1);

    // the edit's toast (still fading in or out) is not this screen's
    await expect(page.getByText(screenCopy.properties.updated, { exact: true })).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousAxeViolations(page);

    await row.getByRole('button', { name: copy.hideDetails }).click();
    await expect(details).toHaveCount(0);

    // filter by kind: only content updates; the edit among them
    await page.getByLabel(copy.kind, { exact: true }).selectOption({ label: auditKindLabels['content.updated'] });
    await page.getByRole('button', { name: copy.apply }).click();
    await expect(page).toHaveURL(/kind=content\.updated/);
    await expect(table.getByRole('row').filter({ hasText: `Property: ${renamed}` })).toHaveCount(1);
    // the address changes first, the filtered page follows it
    const kindCells = table.locator(':scope > tbody > tr > td:nth-child(3)');
    await expect.poll(async () => [...new Set(await kindCells.allTextContents())]).toEqual([auditKindLabels['content.updated']]);

    // filter by person: the admin's own entries hold it; another person's hold nothing
    await page.getByLabel(copy.person, { exact: true }).fill(E2E_ADMIN.email.toUpperCase());
    await page.getByRole('button', { name: copy.apply }).click();
    await expect(page).toHaveURL(/person=/);
    await expect(table.getByRole('row').filter({ hasText: `Property: ${renamed}` })).toHaveCount(1);
    await page.getByLabel(copy.person, { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: copy.apply }).click();
    await expect(page.getByText(copy.emptyFiltered)).toBeVisible();
    await expect(table).toHaveCount(0);

    // by kind alone again (sign-ins), then cleared: everything, the edit included
    await page.getByRole('button', { name: copy.clear }).click();
    await expect(page.getByLabel(copy.person, { exact: true })).toHaveValue('');
    await expect(table.getByRole('row').filter({ hasText: `Property: ${renamed}` })).toHaveCount(1);
    await expect(table.getByRole('cell', { name: auditKindLabels['sign-in.succeeded'], exact: true }).first()).toBeVisible();
  } finally {
    // the demo server's other tests expect its demo content as it was
    const reply = await page.request.put(`/api/property/${id}`, { headers, data: { title } });
    expect(reply.status()).toBe(200);
  }
});

test('pages: Older and Newer walk the log a page at a time', async ({ page, token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const first = (await (await page.request.get('/api/activity?limit=50', { headers })).json()) as { data: { next: string | null } };
  // enough entries for a second page: sign-ins through the API (each one an entry)
  if (!first.data.next) {
    for (let i = 0; i < 50; i += 1) {
      const login = await page.request.post('/api/admins/login', { data: E2E_ADMIN });
      expect(login.status()).toBe(200);
    }
  }
  await openScreen(page, '/admin/activity', copy.title);
  const pages = page.getByRole('navigation', { name: copy.pagination });
  await expect(pages.getByText(copy.page(1))).toBeVisible();
  await expect(pages.getByRole('button', { name: copy.newer })).toBeDisabled();
  const firstTime = await page.locator('tbody tr time').first().getAttribute('datetime');
  await pages.getByRole('button', { name: copy.older }).click();
  await expect(pages.getByText(copy.page(2))).toBeVisible();
  await expect(page.locator('tbody tr time').first()).not.toHaveAttribute('datetime', firstTime!);
  const secondTime = await page.locator('tbody tr time').first().getAttribute('datetime');
  expect(Date.parse(secondTime!)).toBeLessThanOrEqual(Date.parse(firstTime!));
  await pages.getByRole('button', { name: copy.newer }).click();
  await expect(pages.getByText(copy.page(1))).toBeVisible();
  await expect(page.locator('tbody tr time').first()).toHaveAttribute('datetime', firstTime!);
});

test.describe('in a browser whose clock is in another zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("times read in the site's zone (SITE_TIMEZONE, Asia/Kolkata here), not the browser's", async ({ page, token }) => {
    const page1 = (await (await page.request.get('/api/activity?limit=1', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { entries: { at: string }[] };
    };
    const at = new Date(page1.data.entries[0].at);
    const inKolkata = at.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Kolkata' });
    const inNewYork = at.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'America/New_York' });
    expect(inKolkata).not.toBe(inNewYork);
    await openScreen(page, '/admin/activity', copy.title);
    const newest = page.getByRole('table', { name: copy.tableCaption }).locator('tbody time').first();
    await expect(newest).toHaveAttribute('datetime', page1.data.entries[0].at);
    await expect(newest).toHaveText(inKolkata);
  });
});
