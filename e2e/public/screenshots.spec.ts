import { test } from '../fixtures/test';
import { PUBLIC_PAGES } from '../fixtures/public-pages';
import { loadAllImages } from './public-helpers';

// full-page screenshots of every public page at phone and desktop width, into screenshots/ (looked at by hand)
for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`screenshots at ${width}x${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await loadAllImages(page);
      const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
      await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    }
  });
}
