/**
 * The media library (issue 27, docs/decisions/0048) on the demo server: three photos uploaded at once, each with its
 * progress bar, then listed; a search by name; alt text edited; an unused image deleted to the Trash; a demo item's
 * image refused with where it is used; the grid and the image's dialog pass axe and open by keyboard; the empty library
 * and a failed read say so.
 */
import { commonCopy, listCopy, mediaCopy, trashCopy } from '../../shared/copy/admin';
import { testImages, uniqueName } from '../fixtures/admin-images';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { expect, logInAt, openScreen, test } from '../fixtures/admin-login';
import { SERVERS } from '../fixtures/servers';

const grid = (page: import('@playwright/test').Page) => page.getByRole('list', { name: mediaCopy.gridLabel });

test('three photos go up at once with a progress bar each; found by name, described, and one deleted to the Trash', async ({ page }) => {
  test.setTimeout(120_000);
  const prefix = uniqueName('library').replace(/\s+/g, '-').toLowerCase();
  const files = (await testImages(3)).map((file, index) => ({ ...file, name: `${prefix}-${index + 1}.png` }));
  const names = files.map((file) => file.name.replace(/\.png$/, ''));

  await openScreen(page, '/admin/media', mediaCopy.title);

  await test.step('upload three at once: a progress bar each, then each listed', async () => {
    await page.getByLabel(commonCopy.chooseImages).setInputFiles(files);
    for (const file of files) {
      const bar = page.getByRole('progressbar', { name: mediaCopy.uploadProgress(file.name) });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute('value', '100');
    }
    await expect(page.getByText(mediaCopy.uploaded, { exact: true })).toHaveCount(3);
    // newest first: the three lead the grid, each named by its name while it has no alt text
    for (const name of names) await expect(grid(page).getByRole('link', { name, exact: true })).toBeVisible();
    // the thumbnail itself shows (a library-only image is withheld from visitors, not from the admin)
    const thumbnail = grid(page).getByRole('img', { name: names[0], exact: true });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(thumbnail).toHaveAttribute('src', /^\/uploads\//);
  });

  await test.step('a search by name finds the one image; the address keeps it', async () => {
    await page.getByLabel(mediaCopy.search).fill(names[1]);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${names[1]}`));
    await expect(grid(page).getByRole('link')).toHaveCount(1);
    await expect(grid(page).getByRole('link', { name: names[1], exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  await test.step('the used/unused filter is in the address: back brings the view before it', async () => {
    await page.getByLabel(mediaCopy.usedFilter).selectOption('unused');
    await expect(page).toHaveURL(/[?&]used=unused/);
    await expect(grid(page).getByRole('link', { name: names[1], exact: true })).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/used=/);
    await expect(page.getByLabel(mediaCopy.usedFilter)).toHaveValue('all');
    await expect(page.getByLabel(mediaCopy.search)).toHaveValue(names[1]);
  });

  const alt = `Carved teak door ${prefix}`;
  await test.step('opened by keyboard, its alt text is edited and names its thumbnail', async () => {
    await grid(page).getByRole('link', { name: names[1], exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: mediaCopy.detailsTitle(names[1]) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(mediaCopy.noUses)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel(commonCopy.altText, { exact: true }).fill(alt);
    await dialog.getByRole('button', { name: mediaCopy.save }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: mediaCopy.saved(names[1]) })).toBeVisible();
    await dialog.getByRole('button', { name: commonCopy.close }).click();
    await expect(dialog).toBeHidden();
    await expect(grid(page).getByRole('link', { name: alt, exact: true })).toBeVisible();
  });

  await test.step('an unused image goes to the Trash', async () => {
    await grid(page).getByRole('link', { name: alt, exact: true }).click();
    await page
      .getByRole('dialog', { name: mediaCopy.detailsTitle(names[1]) })
      .getByRole('button', { name: mediaCopy.delete })
      .click();
    const confirm = page.getByRole('alertdialog', { name: commonCopy.confirmTitle });
    await expect(confirm).toContainText(mediaCopy.confirmDelete(names[1]));
    await confirm.getByRole('button', { name: mediaCopy.delete }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: mediaCopy.deleted(1) })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(mediaCopy.noMatch)).toBeVisible();
    await openScreen(page, '/admin/trash', trashCopy.title);
    await expect(page.getByText(names[1], { exact: true })).toBeVisible();
  });

  await test.step('the other two, selected together, take a tag; a search finds them by it', async () => {
    await openScreen(page, `/admin/media?q=${prefix}`, mediaCopy.title);
    for (const name of [names[0], names[2]]) await page.getByRole('checkbox', { name: listCopy.selectRow(name) }).check();
    await page.getByLabel(mediaCopy.tagToAdd).fill(`${prefix}-tag`);
    await page.getByRole('button', { name: mediaCopy.addTag }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: mediaCopy.tagged(`${prefix}-tag`, 2) })).toBeVisible();
    await page.getByLabel(mediaCopy.search).fill(`${prefix}-tag`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}-tag`));
    await expect(grid(page).getByRole('link')).toHaveCount(2);
  });
});

test('a used image (a demo item’s) is not deleted: the refusal lists where it is used', async ({ page }) => {
  await openScreen(page, '/admin/media?used=used', mediaCopy.title);
  const first = grid(page).getByRole('link').first();
  await expect(first).toBeVisible();
  await expect(grid(page).getByText(mediaCopy.useCount(0), { exact: true })).toHaveCount(0);
  await first.click();
  const dialog = page.getByRole('dialog');
  const uses = dialog.getByRole('link').filter({ hasNotText: mediaCopy.open });
  await expect(uses.first()).toBeVisible();
  const usedAt = await uses.first().getAttribute('href');
  await dialog.getByRole('button', { name: mediaCopy.delete }).click();
  await page.getByRole('alertdialog', { name: commonCopy.confirmTitle }).getByRole('button', { name: mediaCopy.delete }).click();

  const refusal = page.getByRole('dialog').getByRole('alert');
  await expect(refusal).toContainText(mediaCopy.refusedTitle(1));
  await expect(refusal.getByRole('link').first()).toHaveAttribute('href', usedAt ?? '');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: mediaCopy.deleted(1) })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // two used images selected together: neither goes, and the grid says where each is used
  await page.getByRole('dialog').getByRole('button', { name: commonCopy.close }).click();
  for (const checkbox of await grid(page)
    .getByRole('checkbox')
    .all()
    .then((boxes) => boxes.slice(0, 2)))
    await checkbox.check();
  await page.getByRole('button', { name: listCopy.deleteSelected }).click();
  const confirm = page.getByRole('alertdialog', { name: commonCopy.confirmTitle });
  await expect(confirm).toContainText(mediaCopy.confirmBulkDelete(2));
  await confirm.getByRole('button', { name: mediaCopy.delete }).click();
  const refusals = page.getByRole('alert').filter({ hasText: mediaCopy.refusedTitle(2) });
  await expect(refusals).toBeVisible();
  await expect(
    refusals
      .getByRole('listitem')
      .filter({ has: page.getByRole('link') })
      .first(),
  ).toBeVisible();
  await refusals.getByRole('button', { name: mediaCopy.dismiss }).click();
  await expect(refusals).toHaveCount(0);

  // still in the library, and the link to its use opens the admin screen that shows it
  await first.click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: (await uses.first().textContent()) ?? '', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${(usedAt ?? '').split('?')[0]}`));
});

test('an empty library says so; a failed read offers Try again', async ({ page }) => {
  await logInAt(page, SERVERS.empty);
  await page.goto(`${SERVERS.empty}/admin/media`);
  await expect(page.getByRole('heading', { level: 1, name: mediaCopy.title })).toBeVisible();
  await expect(page.getByText(mediaCopy.empty, { exact: true })).toBeVisible();
  await expect(page.getByLabel(mediaCopy.search)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // the server cannot be reached: the screen's error, then the library once it answers again
  await page.route('**/api/media?*', (route) => route.abort());
  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: mediaCopy.network });
  await expect(failure).toBeVisible();
  await page.unroute('**/api/media?*');
  await failure.getByRole('button', { name: commonCopy.tryAgain }).click();
  await expect(page.getByText(mediaCopy.empty, { exact: true })).toBeVisible();
});
