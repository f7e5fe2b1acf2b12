/**
 * Where an enquiry came from (issue 26), on the real server: a visit that lands with a campaign and a referrer carries them
 * through the site's links to the contact form, without a cookie; the inbox shows and filters them.
 */
import { messagesCopy as copy } from '../../shared/copy/admin';
import { contact, nav } from '../../shared/copy/public';
import type { InboxListReply } from '../../shared/contact-inbox';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';

test('a visit from a campaign keeps its source from page to page and the enquiry records it, with no cookie', async ({
  browser,
  page,
  token,
}) => {
  // a visitor of its own: not the admin's signed-in browser
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const site = await visitor.newPage();
  await site.goto('/?utm_source=facebook&utm_medium=social&utm_campaign=diwali', { referer: 'https://m.facebook.com/story.php?id=1' });
  await expect(site.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // an internal link carries the campaign and the referring host to the next page
  await site.getByRole('banner').getByRole('link', { name: nav.contact, exact: true }).click();
  await expect(site).toHaveURL(/\/contact\?utm_source=facebook&utm_medium=social&utm_campaign=diwali&ref_host=m\.facebook\.com$/);
  await expect(site.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const name = uniqueName('Campaign visitor');
  await site.getByLabel(contact.labels.name, { exact: true }).fill(name);
  await site.getByLabel(contact.labels.email, { exact: true }).fill('campaign.visitor@example.com');
  await site.getByLabel(contact.labels.number, { exact: true }).fill('+91 98450 66666');
  await site.getByLabel(contact.labels.message, { exact: true }).fill('Saw your Diwali offer.');
  await site.getByRole('button', { name: contact.submit }).click();
  await expect(site.getByText(contact.toasts.success)).toBeVisible();
  expect(await visitor.cookies()).toEqual([]);
  expect(await site.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  await visitor.close();

  const reply = await page.request.get(`/api/user?page=1&q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
  const [stored] = ((await reply.json()) as InboxListReply).data;
  expect(stored).toMatchObject({
    sourcePage: '/contact',
    utmSource: 'facebook',
    utmMedium: 'social',
    utmCampaign: 'diwali',
    referrerHost: 'm.facebook.com',
    projectId: null,
  });

  // the inbox filters by source and the message shows where it came from
  await openScreen(page, '/admin/users', copy.title);
  await page.getByLabel(copy.sourceFilter).selectOption('facebook');
  await expect(page).toHaveURL(/source=facebook/);
  const row = page.getByTestId('message-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: copy.openLabel(name) }).click();
  const source = page.getByTestId('message-source');
  await expect(source).toContainText(copy.source.utmCampaign);
  await expect(source).toContainText('diwali');
  await expect(source).toContainText('m.facebook.com');
  await expectNoSeriousAxeViolations(page);
});
