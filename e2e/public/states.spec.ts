import { expect, test } from '../fixtures/test';
import { about, contact, home, interior, states } from '../../shared/copy/public';
import { SERVERS } from '../fixtures/servers';

test.describe('empty database', () => {
  test('each section shows its empty state', async ({ page }) => {
    await page.goto(`${SERVERS.empty}/`);
    await expect(page.getByText(states.topProjectsEmpty)).toBeVisible();
    await expect(page.getByText(home.showcaseTitle)).toHaveCount(0);
    await expect(page.getByText(states.clientStoriesEmpty)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    await page.goto(`${SERVERS.empty}/about`);
    await expect(page.getByText(states.aboutBannersEmpty)).toBeVisible();
    await expect(page.getByRole('heading', { name: states.teamEmptyTitle })).toBeVisible();
    await expect(page.getByRole('heading', { name: about.dualTitle })).toBeVisible();

    await page.goto(`${SERVERS.empty}/gallery`);
    await expect(page.getByText(states.galleryEmpty)).toBeVisible();
    await expect(page.getByRole('button', { name: states.resetFilters })).toBeVisible();

    await page.goto(`${SERVERS.empty}/project/exterior`);
    await expect(page.getByText('Showing 0 of 0 projects')).toBeVisible();

    await page.goto(`${SERVERS.empty}/interior`);
    await expect(page.getByRole('heading', { name: interior.carvingTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: interior.bookConsultation })).toBeVisible();

    await page.goto(`${SERVERS.empty}/project/interior`);
    await expect(page.getByText(states.interiorProjectsEmpty)).toBeVisible();
  });
});

test.describe('every read fails', () => {
  test('each section shows its own error and the rest of the page stays', async ({ page }) => {
    await page.goto(`${SERVERS.failing}/`);
    await expect(page.getByText(states.homeBannerError(states.failureDetail))).toBeVisible();
    await expect(page.getByText(states.topProjectsError(states.failureDetail))).toBeVisible();
    await expect(page.getByText(states.clientStoriesError)).toBeVisible();
    await expect(page.getByRole('heading', { name: home.features[0].title })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();

    await page.goto(`${SERVERS.failing}/client`);
    await expect(page.getByText(states.clientStoriesError)).toBeVisible();

    await page.goto(`${SERVERS.failing}/about`);
    await expect(page.getByText(states.aboutBannersError(states.failureDetail))).toBeVisible();
    await expect(page.getByRole('heading', { name: states.teamEmptyTitle })).toBeVisible();

    await page.goto(`${SERVERS.failing}/project/exterior`);
    await expect(page.getByText(states.projectsError)).toBeVisible();

    await page.goto(`${SERVERS.failing}/project/interior`);
    await expect(page.getByText(states.interiorProjectsError)).toBeVisible();

    await page.goto(`${SERVERS.failing}/interior`);
    await expect(page.getByText(states.interiorError)).toBeVisible();
    await expect(page.getByText(states.bannerFetchFailed)).toBeVisible();

    await page.goto(`${SERVERS.failing}/contact`);
    await expect(page.getByRole('heading', { name: contact.formTitle })).toBeVisible();
  });

  test('gallery: the error with Retry, which asks the server again', async ({ page }) => {
    await page.goto(`${SERVERS.failing}/gallery`);
    await expect(page.getByText(states.galleryError)).toBeVisible();
    // Retry loads the page again: the server reads the gallery again (and fails again here)
    const retried = page.waitForResponse((response) => new URL(response.url()).pathname === '/gallery');
    await page.getByRole('button', { name: states.retry }).click();
    await retried;
    await expect(page.getByText(states.galleryError)).toBeVisible();
  });
});
