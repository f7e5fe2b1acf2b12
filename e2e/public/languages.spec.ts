/**
 * The site in two languages (docs/decisions/0049, issue 28): the header's switcher keeps the visitor on the same
 * page (and query) in the other language, every page says its language and lists valid hreflang pairs, and the
 * Kannada font is downloaded on Kannada pages only.
 */
import { expect, test } from '../fixtures/test';
import { englishCopy } from '../../shared/copy/public-en';
import { kn } from '../../shared/copy/public-kn';
import { localizedPath } from '../../shared/languages';
import { PUBLIC_PAGES } from '../fixtures/public-pages';
import { SERVERS } from '../fixtures/servers';

const KANNADA_FONT = /\/assets\/noto-sans-kannada-kannada-\d00-normal-[\w-]+\.woff2$/;

/** The switcher link to a language (its accessible name is in the page's language). */
const switcherTo = (page: import('@playwright/test').Page, code: 'en' | 'kn') => page.locator(`header a[hreflang="${code}"]`);

test.describe('languages', () => {
  test('on each of the 8 pages the switcher lands on the same page in Kannada and back, with lang set', async ({ page }) => {
    // 24 page loads
    test.setTimeout(180_000);
    expect(PUBLIC_PAGES).toHaveLength(8);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const toKannada = switcherTo(page, 'kn');
      await expect(toKannada).toHaveAccessibleName(englishCopy.language.readIn('ಕನ್ನಡ'));
      await expect(toKannada.locator('[lang="kn"]')).toHaveText('ಕನ್ನಡ');
      await toKannada.click();
      await expect(page).toHaveURL(`${SERVERS.demo}${localizedPath(path, 'kn')}`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await expect(page.locator('html')).toHaveAttribute('lang', 'kn');
      const toEnglish = switcherTo(page, 'en');
      await expect(toEnglish).toHaveAccessibleName(kn.language.readIn('English'));
      await expect(toEnglish.locator('[lang="en"]')).toHaveText('English');
      await toEnglish.click();
      await expect(page).toHaveURL(`${SERVERS.demo}${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
  });

  test('the switcher keeps the query, and works without waiting for scripts', async ({ page }) => {
    await page.goto('/project/exterior?category=interior');
    await switcherTo(page, 'kn').click();
    await expect(page).toHaveURL(`${SERVERS.demo}/kn/project/exterior?category=interior`);
  });

  test('the switcher is visible with a tap target of at least 24 px on a phone and on a desktop', async ({ page }) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/kn/gallery');
      const link = switcherTo(page, 'en');
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
  });

  test('hreflang pairs are valid both ways: each alternate answers 200 and lists the same alternates', async ({ page, request }) => {
    // 16 page loads and 32 requests
    test.setTimeout(180_000);
    for (const path of PUBLIC_PAGES) {
      for (const own of [path, localizedPath(path, 'kn')]) {
        await page.goto(own);
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
        const byLanguage = Object.fromEntries(alternates);
        expect(Object.keys(byLanguage).sort(), own).toEqual(['en', 'kn', 'x-default']);
        expect(new URL(byLanguage.en!).pathname).toBe(path);
        expect(new URL(byLanguage.kn!).pathname).toBe(localizedPath(path, 'kn'));
        expect(byLanguage['x-default']).toBe(byLanguage.en);
        // the page lists itself, and its canonical is its own language's address
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(Object.values(byLanguage)).toContain(canonical);
        expect(new URL(canonical!).pathname).toBe(own);
        // the other language's page answers and points back with the same set (a return link)
        for (const code of ['en', 'kn']) {
          const other = await request.get(new URL(byLanguage[code]!).pathname, { maxRedirects: 0 });
          expect(other.status(), byLanguage[code]).toBe(200);
          const html = await other.text();
          expect(html).toMatch(new RegExp(`<html lang="${code}"`));
          for (const [hreflang, href] of alternates)
            expect(html).toContain(`<link rel="alternate" hrefLang="${hreflang}" href="${href}"/>`);
        }
      }
    }
  });

  test('the Kannada font is requested on a Kannada page and not on an English page', async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (/noto-sans-kannada/.test(request.url())) fonts.push(request.url());
    });
    await page.goto('/gallery');
    await page.waitForLoadState('networkidle');
    expect(fonts).toEqual([]);
    await page.goto('/kn/gallery');
    await expect.poll(() => fonts.some((url) => KANNADA_FONT.test(new URL(url).pathname))).toBe(true);
    // only the Kannada subset, only woff2
    for (const url of fonts)
      expect(new URL(url).pathname).toMatch(/\/assets\/(fonts-kannada-[\w-]+\.css|noto-sans-kannada-kannada-\d00-normal-[\w-]+\.woff2)$/);
    const family = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
    expect(family).toMatch(/^"?Noto Sans Kannada"?,/);
  });
});
