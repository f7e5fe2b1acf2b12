/**
 * Cached public pages carry no nonce: their CSP allows their inline scripts by hash, including the module
 * script that deferred hydration inserts after load. Each page must hydrate with no CSP violation, from a
 * fresh render and from the cache alike; the admin area keeps its per-request nonce.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { nav } from '../../shared/copy/public';
import { PUBLIC_PAGES } from '../fixtures/public-pages';

/** Collects CSP violations and console errors from the page's start on. */
async function watchViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Permissions-Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('public pages hydrate under their hash-based CSP, rendered and cached, with no violation', async ({ page }) => {
  const problems = await watchViolations(page);
  for (const path of PUBLIC_PAGES) {
    for (const visit of ['rendered', 'cached']) {
      // goto returns once html[data-hydrated] is set, i.e. the inserted module script ran
      const response = await page.goto(`${path}?utm_source=e2e-${visit}`);
      const csp = await response!.headerValue('content-security-policy');
      expect(csp, path).toMatch(/script-src 'self' 'sha256-/);
      expect(csp, path).not.toContain("'nonce-");
      expect(problems, `${path} (${visit})`).toEqual([]);
    }
  }
});

test('the menu works on a cached page after hydration', async ({ page }) => {
  const problems = await watchViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.goto('/');
  await page.getByRole('button', { name: nav.openMenu }).click();
  await expect(page.getByRole('navigation', { name: nav.mainNav })).toBeVisible();
  expect(problems).toEqual([]);
});

test('admin pages keep a per-request nonce and run under it', async ({ page }) => {
  const problems = await watchViolations(page);
  const first = await page.goto('/admin/login');
  const second = await page.goto('/admin/login');
  const nonce = async (response: typeof first) =>
    /'nonce-([^']+)'/.exec((await response!.headerValue('content-security-policy')) ?? '')?.[1];
  const [a, b] = [await nonce(first), await nonce(second)];
  expect(a).toBeTruthy();
  expect(a).not.toBe(b);
  expect(problems).toEqual([]);
});
