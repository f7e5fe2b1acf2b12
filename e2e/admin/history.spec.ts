/**
 * History on the demo server (docs/decisions/0038): a team member's text is edited in the admin, its History
 * compares the two versions (removed and added words marked), the earlier version is restored with a
 * confirmation, and the About page shows yesterday's text again. Keyboard only for the comparison; axe clean.
 */
import { commonCopy, historyCopy, screenCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { sampleFields } from '../../server/test/sample-records';
import { publicHtml } from '../fixtures/admin-crud';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const copy = screenCopy.team;
const def = resources['team-members'];

test('edit a team member, compare in History, restore the earlier text and see it on the About page', async ({ page, token }) => {
  const name = uniqueName('Historian');
  const before = `Leads our carpentry workshop since ${name.slice(-6)}`;
  const after = `Leads our interior design studio since ${name.slice(-6)}`;
  const headers = { authorization: `Bearer ${token}` };
  const added = await page.request.post(`/api/${def.path}`, {
    headers,
    multipart: { ...sampleFields(def, name), name, description: before, image: await testImage() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { _id: string } }).data._id;

  try {
    await openScreen(page, def.admin.path, copy.title);
    const cardItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await cardItem.getByRole('button', { name: `${commonCopy.edit} ${name}` }).click();
    await page.getByLabel('Description', { exact: true }).fill(after);
    await page.getByRole('button', { name: copy.submitEdit }).click();
    await expect(page.getByText(copy.updated, { exact: true })).toBeVisible();
    expect(await publicHtml(page, '/about')).toContain(after);

    // History from the edit form
    await cardItem.getByRole('button', { name: `${commonCopy.edit} ${name}` }).click();
    await page.getByRole('link', { name: historyCopy.linkLabel(name) }).click();
    await expect(page.getByRole('heading', { level: 1, name: historyCopy.title(name) })).toBeVisible();
    const versions = page.getByRole('table', { name: historyCopy.versionsCaption });
    await expect(versions.getByRole('row')).toHaveCount(3); // the header and two versions

    // compare by keyboard: the two selects hold the older and the newer version already
    await page.getByLabel(historyCopy.from).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(historyCopy.to)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: historyCopy.compare })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/from=1&to=2/);
    await expect(page.getByRole('heading', { name: historyCopy.comparing(1, 2) })).toBeVisible();
    await expect(page.locator('del')).toContainText('carpentry workshop');
    await expect(page.locator('ins')).toContainText('interior design studio');
    await expectNoSeriousAxeViolations(page);

    // restore version 1, confirmed
    await page.getByRole('button', { name: historyCopy.restoreLabel(1) }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(historyCopy.restoreMessage(1))).toBeVisible();
    await dialog.getByRole('button', { name: historyCopy.restore, exact: true }).click();
    await expect(page.getByText(historyCopy.restored(1), { exact: true })).toBeVisible();
    await expect(versions.getByRole('row')).toHaveCount(4);
    await expect(versions.getByRole('row').nth(1)).toContainText(historyCopy.restoredFrom(1));

    // the public page has yesterday's text again
    const html = await publicHtml(page, '/about');
    expect(html).toContain(before);
    expect(html).not.toContain(after);
  } finally {
    await page.request.delete(`/api/${def.path}/${id}`, { headers });
    await page.request.delete(`/api/trash/team-members/${id}`, { headers });
  }
});

test('the History screen works at a phone’s width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openScreen(page, '/admin/history/about/-', historyCopy.title(historyCopy.aboutName));
  await expectNoSeriousAxeViolations(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});
