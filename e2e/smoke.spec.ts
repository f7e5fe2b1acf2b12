import { expect, test } from '@playwright/test';

test('the home page is served and unknown paths redirect home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
});
