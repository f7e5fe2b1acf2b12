/**
 * The gallery on a phone at scale (issue 22: 182 items were 69,000 px of one page): the first load shows one page of
 * cards, Load more appends the next in place (or, without JavaScript, is a plain link to it), and the category and how
 * far the visitor got stay in the URL through a reload, Back and a shared link. Against the atScale server's 2,000 items.
 */
import type { Page } from '@playwright/test';
import { gallery } from '../../shared/copy/public';
import { GALLERY_PAGE_SIZE } from '../../shared/resource-options';
import type { GalleryItem } from '../../shared/resources';
import { expect, test } from '../fixtures/test';
import { SERVERS } from '../fixtures/servers';

test.use({ baseURL: SERVERS.atScale, viewport: { width: 390, height: 844 } });

const cards = (page: Page) => page.getByTestId('gallery-item');
const loadMore = (page: Page) => page.getByRole('link', { name: gallery.loadMore });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: gallery.filterLabel }).getByRole('button', { name, exact: true });

/** The page's whole height: one page of cards on a phone is about 10,000 px. */
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('gallery on a phone: one page first, Load more appends the next in place, the category and pages survive reload and Back', async ({
  page,
  request,
}) => {
  await page.goto('/gallery?category=wooden-carving');
  await expect(cards(page)).toHaveCount(GALLERY_PAGE_SIZE);
  expect(await pageHeight(page)).toBeLessThan(15_000);
  await expect(chip(page, 'Wooden Carving')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('gallery-count')).toHaveText(/^Showing 24 of \d+ items$/);

  // in place: the document is not loaded again (its mark stays), the new cards follow the old ones
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const firstTitle = await cards(page).first().textContent();
  await loadMore(page).click();
  await expect(cards(page)).toHaveCount(2 * GALLERY_PAGE_SIZE);
  await expect(page).toHaveURL(/\/gallery\?category=wooden-carving&page=2$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(cards(page).first()).toHaveText(firstTitle!);
  await expect(cards(page).nth(GALLERY_PAGE_SIZE).getByRole('button')).toBeFocused();
  for (const card of await cards(page).all()) await expect(card).toContainText('Wooden Carving');

  // the lightbox opens every loaded item
  await cards(page)
    .nth(2 * GALLERY_PAGE_SIZE - 1)
    .getByRole('button')
    .click();
  const counter = page.locator('.yarl__counter');
  const listed = (await (await request.get(`${SERVERS.atScale}/api/gallery`)).json()) as { data: GalleryItem[] };
  const images = listed.data
    .filter((item) => item.category === 'Wooden Carving')
    .slice(0, 2 * GALLERY_PAGE_SIZE)
    .map((item) => item.images.length);
  const total = images.reduce((a, b) => a + b, 0);
  await expect(counter).toHaveText(gallery.counter(total - images[images.length - 1] + 1, total));
  await page.getByRole('button', { name: gallery.close }).click();

  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(cards(page)).toHaveCount(2 * GALLERY_PAGE_SIZE);
  await expect(chip(page, 'Wooden Carving')).toHaveAttribute('aria-pressed', 'true');

  // another category: its first page, a new history entry; Back returns to where the visitor was
  await chip(page, 'Interior').click();
  await expect(page).toHaveURL(/\/gallery\?category=interior$/);
  await expect(cards(page)).toHaveCount(GALLERY_PAGE_SIZE);
  await expect(cards(page).first()).toContainText('Interior');
  await page.goBack();
  await expect(page).toHaveURL(/\/gallery\?category=wooden-carving&page=2$/);
  await expect(cards(page)).toHaveCount(2 * GALLERY_PAGE_SIZE);
  await expect(chip(page, 'Wooden Carving')).toHaveAttribute('aria-pressed', 'true');

  // away and Back: the page shows as much again
  await page.goto('/about');
  await page.goBack();
  await expect(page).toHaveURL(/\/gallery\?category=wooden-carving&page=2$/);
  await expect(cards(page)).toHaveCount(2 * GALLERY_PAGE_SIZE);
});

test('gallery without JavaScript: Load more is a link to the next page, which lands on its first new card', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SERVERS.atScale, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/gallery?category=interior');
  await expect(cards(page)).toHaveCount(GALLERY_PAGE_SIZE);
  await loadMore(page).click();
  await expect(page).toHaveURL(/\/gallery\?category=interior&page=2#gallery-item-25$/);
  await expect(cards(page)).toHaveCount(2 * GALLERY_PAGE_SIZE);
  await expect(cards(page).nth(GALLERY_PAGE_SIZE)).toBeInViewport();
  await expect(cards(page).first()).toContainText('Interior');
  // a page past the end, or none at all, is a redirect to a page that exists
  const response = await page.goto('/gallery?category=interior&page=100000');
  expect(response!.status()).toBe(200);
  await expect(page).toHaveURL(/\/gallery\?category=interior&page=\d+$/);
  await expect(loadMore(page)).toHaveCount(0);
  await context.close();
});
