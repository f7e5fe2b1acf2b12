/**
 * The admin list at scale (2,000 gallery items): the count says what the search and filters match, search
 * and page stay in the address (reload and Back keep them), a Shown/Hidden filter, and select-all that
 * grows to every matching item across pages for a bulk action.
 */
import type { Page } from '@playwright/test';
import { searchFieldsOf, searchRows } from '../../shared/admin-list';
import { commonCopy, galleryCopy, listCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { expect, logInAt, test } from '../fixtures/admin-login';
import { SERVERS } from '../fixtures/servers';

const origin = SERVERS.atScale;

async function galleryRecords(page: Page, path: '/api/gallery' | '/api/gallery/manage') {
  return ((await (await page.request.get(`${origin}${path}`)).json()) as { data: { _id: string; title: string; hidden?: boolean }[] }).data;
}

test('the count follows search and filters; search, filters and page survive a reload and Back', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAt(page, origin);
  const records = await galleryRecords(page, '/api/gallery/manage');
  const term = 'villa';
  const villas = searchRows(records, searchFieldsOf(resources.gallery.fields), term);
  const pages = Math.ceil(villas.length / 25);
  expect(pages).toBeGreaterThan(2);

  await page.goto(`${origin}/admin/gallery`);
  await expect(page.getByText(galleryCopy.total(records.length), { exact: true })).toBeVisible();
  await page.getByLabel(commonCopy.search).fill(term);
  await expect(page.getByText(listCopy.matching(villas.length, records.length), { exact: true })).toBeVisible();
  // a category no item has: 0 of all
  await page.getByLabel(galleryCopy.categoryFilter).selectOption('Construction');
  const built = villas.filter((record) => (record as { category?: string }).category === 'Construction').length;
  await expect(page.getByText(listCopy.matching(built, records.length), { exact: true })).toBeVisible();
  await page.getByLabel(galleryCopy.categoryFilter).selectOption('');

  const pager = page.getByRole('navigation', { name: listCopy.pagination });
  await pager.getByRole('button', { name: listCopy.next }).click();
  await pager.getByRole('button', { name: listCopy.next }).click();
  await expect(pager.getByText(listCopy.pageOf(3, pages), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=villa(&|$)/);
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);

  await page.reload();
  await expect(page.getByLabel(commonCopy.search)).toHaveValue(term);
  await expect(pager.getByText(listCopy.pageOf(3, pages), { exact: true })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(villas[50].title);

  // away to another screen and Back
  await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goBack();
  await expect(page.getByLabel(commonCopy.search)).toHaveValue(term);
  await expect(pager.getByText(listCopy.pageOf(3, pages), { exact: true })).toBeVisible();
  // a new search starts at page 1
  await page.getByLabel(commonCopy.search).fill('');
  await expect(pager.getByText(listCopy.pageOf(1, Math.ceil(records.length / 25)), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/gallery$/);
});

test('select all on the page grows to every matching item across pages; hide them all, the Shown/Hidden filter finds them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAt(page, origin);
  const records = await galleryRecords(page, '/api/gallery/manage');
  expect(records.filter((record) => record.hidden)).toHaveLength(0);
  const term = 'villa 17';
  const matching = searchRows(records, searchFieldsOf(resources.gallery.fields), term);
  expect(matching.length).toBeGreaterThan(25);
  expect(matching.length).toBeLessThanOrEqual(100);

  await page.goto(`${origin}/admin/gallery?q=${encodeURIComponent(term)}`);
  await expect(page.getByText(listCopy.matching(matching.length, records.length), { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: listCopy.selectAll }).check();
  const bar = page.getByRole('region', { name: listCopy.bulkActions });
  await expect(bar.getByText(listCopy.selected(25), { exact: true })).toBeVisible();
  await bar.getByRole('button', { name: listCopy.selectAllMatching(matching.length) }).click();
  await expect(bar.getByText(listCopy.selected(matching.length), { exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: listCopy.selectAllMatching(matching.length) })).toHaveCount(0);
  await bar.getByRole('button', { name: listCopy.hideSelected }).click();
  await expect(page.getByText(listCopy.bulkVisibilityDone(matching.length, true), { exact: true })).toBeVisible({ timeout: 30_000 });

  // every one of them is hidden, on every page; visitors no longer get them
  const hidden = (await galleryRecords(page, '/api/gallery/manage')).filter((record) => record.hidden);
  expect(hidden.map((record) => record._id).sort()).toEqual(matching.map((record) => record._id).sort());
  expect(await galleryRecords(page, '/api/gallery')).toHaveLength(records.length - matching.length);

  // the Shown/Hidden filter, kept in the address too
  await page.getByLabel(commonCopy.search).fill('');
  const visibility = page.getByLabel(listCopy.visibilityFilter);
  await visibility.selectOption('hidden');
  await expect(page.getByText(listCopy.matching(matching.length, records.length), { exact: true })).toBeVisible();
  // the filter chosen right after the search was cleared builds on that change: the search stays cleared
  await expect(page).toHaveURL(/[?&]visibility=hidden/);
  await expect(page).not.toHaveURL(/[?&]q=/);
  await page.reload();
  await expect(page.getByLabel(listCopy.visibilityFilter)).toHaveValue('hidden');
  await expect(page.getByText(listCopy.matching(matching.length, records.length), { exact: true })).toBeVisible();
  await page.getByLabel(listCopy.visibilityFilter).selectOption('shown');
  await expect(page.getByText(listCopy.matching(records.length - matching.length, records.length), { exact: true })).toBeVisible();

  // and back: every hidden one shown again, in one action
  await page.getByLabel(listCopy.visibilityFilter).selectOption('hidden');
  await page.getByRole('checkbox', { name: listCopy.selectAll }).check();
  await bar.getByRole('button', { name: listCopy.selectAllMatching(matching.length) }).click();
  await bar.getByRole('button', { name: listCopy.showSelected }).click();
  await expect(page.getByText(listCopy.bulkVisibilityDone(matching.length, false), { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await galleryRecords(page, '/api/gallery')).toHaveLength(records.length);
});
