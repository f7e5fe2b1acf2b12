/**
 * The About banner carousel and WCAG 2.2.2: it holds still under the mouse, stops when keyboard focus enters it, has a
 * pause/play button, and never turns by itself for a visitor who prefers reduced motion. The page's clock is Playwright's:
 * time stands still after `freezeClock`, and only `runFor` moves it, so "it did not turn" is checked over several
 * rotation intervals without waiting for them.
 */
import type { Page } from '@playwright/test';
import { about } from '../../shared/copy/public';
import { ROTATION_MS } from '../../shared/public-behaviour';
import type { Banner } from '../../shared/resources';
import { expect, test } from '../fixtures/test';
import { apiList } from './public-helpers';

/** More than one interval: a timer that was due would have fired. */
const SEVERAL_INTERVALS = 3 * ROTATION_MS;

async function openAbout(page: Page, banners: Banner[]) {
  expect(banners.length, 'the demo content has several About banners').toBeGreaterThan(1);
  await page.clock.install();
  await page.goto('/about');
  // from here on the page's timers fire only through runFor
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  return {
    carousel: page.locator('section[aria-roledescription="carousel"]'),
    control: page.getByTestId('rotation-control'),
    active: page.locator('[data-active="true"]'),
  };
}

/** The title of the banner on show. */
const shownTitle = async (page: Page) => (await page.locator('[data-active="true"] p').first().textContent())!;

/** The banner after the one titled `title`, wrapping. */
const after = (banners: Banner[], title: string) => banners[(banners.findIndex((b) => b.title === title) + 1) % banners.length].title;

/** The mouse goes to the page's top corner, outside the carousel. */
const mouseAway = (page: Page) => page.mouse.move(1, 1);

test('about carousel: turns every interval, holds still while the mouse is over it', async ({ page, request }) => {
  const banners = await apiList<Banner>(request, 'bannerAbout');
  const { carousel, control, active } = await openAbout(page, banners);
  await expect(control).toHaveAccessibleName(about.pauseRotation);
  const first = await shownTitle(page);
  await page.clock.runFor(ROTATION_MS);
  await expect(active).toContainText(after(banners, first));

  await carousel.hover();
  const held = await shownTitle(page);
  await page.clock.runFor(SEVERAL_INTERVALS);
  await expect(active).toContainText(held);
  // a hover is a pause, not a stop
  await expect(control).toHaveAccessibleName(about.pauseRotation);

  await mouseAway(page);
  await page.clock.runFor(ROTATION_MS);
  await expect(active).toContainText(after(banners, held));
});

test('about carousel: keyboard focus stops it until the visitor presses play', async ({ page, request }) => {
  const banners = await apiList<Banner>(request, 'bannerAbout');
  const { carousel, control, active } = await openAbout(page, banners);
  // Tab from the top of the page until focus is inside the carousel: its first stop is the rotation control
  for (let i = 0; i < 40 && !(await carousel.evaluate((el) => el.contains(document.activeElement))); i++) await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
  await expect(control).toHaveAccessibleName(about.playRotation);
  const held = await shownTitle(page);
  await page.clock.runFor(SEVERAL_INTERVALS);
  await expect(active).toContainText(held);

  await page.keyboard.press('Enter');
  await expect(control).toHaveAccessibleName(about.pauseRotation);
  await page.clock.runFor(ROTATION_MS);
  await expect(active).toContainText(after(banners, held));
});

test('about carousel: the pause button stops it and the play button starts it again', async ({ page, request }) => {
  const banners = await apiList<Banner>(request, 'bannerAbout');
  const { control, active } = await openAbout(page, banners);
  await expect(control).toBeVisible();
  await control.click();
  await mouseAway(page);
  await expect(control).toHaveAccessibleName(about.playRotation);
  const held = await shownTitle(page);
  await page.clock.runFor(SEVERAL_INTERVALS);
  await expect(active).toContainText(held);

  await control.click();
  await mouseAway(page);
  await expect(control).toHaveAccessibleName(about.pauseRotation);
  await page.clock.runFor(ROTATION_MS);
  await expect(active).toContainText(after(banners, held));
});

test('about carousel: never moves for a visitor who prefers reduced motion', async ({ page, request }) => {
  const banners = await apiList<Banner>(request, 'bannerAbout');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { control, active } = await openAbout(page, banners);
  await expect(active).toContainText(banners[0].title);
  // it starts paused, and says so
  await expect(control).toHaveAccessibleName(about.playRotation);
  await page.clock.runFor(SEVERAL_INTERVALS);
  await expect(active).toContainText(banners[0].title);
  // a change the visitor asks for is not animated either
  await page.getByRole('button', { name: about.next }).click();
  await expect(active).toContainText(banners[1].title);
  await expect(active).toHaveCSS('transition-property', 'none');
  await mouseAway(page);
  await page.clock.runFor(SEVERAL_INTERVALS);
  await expect(active).toContainText(banners[1].title);
});

test.describe('about carousel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a horizontal swipe turns it both ways; a vertical one scrolls the page and leaves it', async ({ page, request }) => {
    const banners = await apiList<Banner>(request, 'bannerAbout');
    const { carousel, active } = await openAbout(page, banners);
    const cdp = await page.context().newCDPSession(page);
    const box = (await carousel.boundingBox())!;
    const y = box.y + box.height * 0.3;
    /** A finger down at (x, y), moved in steps to (x + dx, y + dy) and lifted, as the touchscreen sends it. */
    const swipe = async (x: number, dx: number, dy = 0) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let step = 1; step <= 8; step++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: x + (dx * step) / 8, y: y + (dy * step) / 8 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    const first = await shownTitle(page);
    await swipe(300, -200);
    await expect(active).toContainText(after(banners, first));
    await swipe(90, 200);
    await expect(active).toContainText(first);
    // past the first: the last (it wraps)
    await swipe(90, 200);
    await expect(active).toContainText(banners[banners.length - 1].title);

    const shown = await shownTitle(page);
    const scrolled = await page.evaluate(() => window.scrollY);
    await swipe(200, 10, -250);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled + 100);
    await expect(active).toContainText(shown);
  });
});
