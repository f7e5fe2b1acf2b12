import { expect, test } from './fixtures/test';

test('the home page is served and unknown paths redirect home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
});

test("React Router's bodiless and data replies pass through the page cache intact", async ({ request }) => {
  // a stale client asks with an old version: React Router answers 204, which has no body to rewrite
  const manifest = await request.get('/__manifest?p=%2Fabout&version=stale');
  expect(manifest.status()).toBe(204);
  const data = await request.get('/about.data', { headers: { 'accept-encoding': 'gzip' } });
  expect(data.status()).toBe(200);
  expect(data.headers()['content-encoding']).toBe('gzip');
  expect(await data.text()).toContain('Our Story');
});
