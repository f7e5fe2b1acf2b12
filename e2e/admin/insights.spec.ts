/**
 * Insights (issue 26) on the real server: a visit from a campaign and the enquiry it sends show up, after the
 * counter's flush, in the screen's tables (each chart's table view); the period is kept in the URL; leads download as
 * CSV; a Sales account sees the enquiries only; axe at 1366 and 390 wide.
 */
import fs from 'node:fs';
import { insightsCopy as copy } from '../../shared/copy/insights';
import { contact } from '../../shared/copy/public';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { uniqueName } from '../fixtures/admin-images';
import { addAccount, expect, openScreen, test } from '../fixtures/admin-login';
import { captureAtPhoneWidth } from '../fixtures/screenshots';

// a browser's own user agent: headless Chromium's says "HeadlessChrome", which the counter leaves out as a bot
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('a campaign’s visit and its enquiry are in the numbers; the period stays in the URL; leads download; axe', async ({
  browser,
  page,
  request,
  token,
}) => {
  const source = `insights${Date.now()}`;
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] }, userAgent: BROWSER });
  const site = await visitor.newPage();
  await site.goto(`/contact?utm_source=${source}&utm_campaign=spring`);
  await expect(site.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const name = uniqueName('Insights visitor');
  await site.getByLabel(contact.labels.name, { exact: true }).fill(name);
  await site.getByLabel(contact.labels.email, { exact: true }).fill('insights.visitor@example.com');
  await site.getByLabel(contact.labels.number, { exact: true }).fill('+91 98450 55555');
  await site.getByLabel(contact.labels.message, { exact: true }).fill('What would a carved door cost?');
  await site.getByRole('button', { name: contact.submit }).click();
  await expect(site.getByText(contact.toasts.success)).toBeVisible();
  await visitor.close();

  await page.setViewportSize({ width: 1366, height: 768 });
  await openScreen(page, '/admin/insights', copy.title);
  const enquiries = page.getByRole('region', { name: copy.enquiriesTitle, exact: true });
  const sources = enquiries.getByRole('region', { name: copy.charts.sources });
  // the chart is drawn, and its numbers are a table too
  await expect(sources.locator('svg.recharts-surface')).toBeVisible();
  await sources.getByRole('button', { name: copy.showTable }).click();
  await expect(sources.getByRole('row', { name: new RegExp(`^${source} \\d+$`) })).toBeVisible();
  await expect(sources.locator('svg.recharts-surface')).toHaveCount(0);
  // the visit reaches the database within the counter's 10 s flush: the campaign appears on a reload
  const campaigns = page.getByRole('region', { name: copy.charts.campaigns });
  await expect(async () => {
    await page.reload();
    await expect(campaigns.getByRole('table').getByText(`${source} / spring`)).toBeAttached({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    page.getByRole('region', { name: copy.charts.conversion }).getByRole('table').getByRole('cell', { name: '/contact', exact: true }),
  ).toBeAttached();
  // where the enquiries stand: every stage of the pipeline, the new one among the New
  await expect(
    page
      .getByRole('region', { name: copy.charts.stages })
      .getByRole('table')
      .getByRole('row', { name: /^New \d+$/ }),
  ).toBeAttached();
  await expect(page.getByText(copy.totals.firstContact)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // another period: in the URL, and read again
  await page.getByLabel(copy.period).selectOption({ label: copy.periods[0].label });
  await expect(page).toHaveURL(/\/admin\/insights\?days=7$/);
  await expect(page.getByLabel(copy.period)).toHaveValue('7');
  await expect(page.getByRole('region', { name: copy.charts.sources }).getByRole('table').getByText(source)).toBeAttached();

  // the leads as CSV, the new one with its campaign
  const [download] = await Promise.all([page.waitForEvent('download'), enquiries.getByRole('button', { name: copy.exportLeads }).click()]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n').find((line) => line.startsWith(`"${name}"`))).toContain(`"${source}"`);

  await page.setViewportSize({ width: 390, height: 844 });
  await captureAtPhoneWidth(page, 'admin-insights-390', { fullPage: true });
  await expectNoSeriousAxeViolations(page);

  // Sales: the enquiries, not the visit numbers (the content area's)
  const sales = { email: `insights.sales.${Date.now()}@example.com`, password: 'a sales long password' };
  const remove = await addAccount(request, token, sales.email, sales.password, 'sales');
  try {
    const salesContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const salesPage = await salesContext.newPage();
    const login = await salesPage.request.post('/api/admins/login', { data: sales });
    expect(login.status()).toBe(200);
    await openScreen(salesPage, '/admin/insights', copy.title);
    await expect(salesPage.getByRole('region', { name: copy.enquiriesTitle, exact: true })).toBeVisible();
    await expect(salesPage.getByRole('region', { name: copy.visitsTitle, exact: true })).toHaveCount(0);
    await salesContext.close();
  } finally {
    await remove();
  }
});
