/**
 * The admin's image limit is the server's MAX_IMAGE_MB, not a copy of its default: on a server with
 * it raised, a photo between the default and the raised limit is taken by the form and saved.
 */
import sharp from 'sharp';
import { DEFAULT_MAX_IMAGE_MB } from '../../shared/admin-limits';
import { bannerCopy, commonCopy, galleryCopy, screenCopy } from '../../shared/copy/admin';
import { tooLargeImage, uniqueName, type UploadFile } from '../fixtures/admin-images';
import { expect, logInAt } from '../fixtures/admin-login';
import { RAISED_MAX_IMAGE_MB, SERVERS } from '../fixtures/servers';
import { test } from '../fixtures/test';

const MB = 1024 * 1024;

/** A real photo-like PNG of about 6.7 MB (noise does not compress), between the default limit and the raised one. */
async function photoBetweenLimits(): Promise<UploadFile> {
  const buffer = await sharp({
    create: { width: 1600, height: 1400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name: 'large-photo.png', mimeType: 'image/png', buffer };
}

test('a raised MAX_IMAGE_MB is the form’s limit: its hint and message name it, a larger file than the default is saved', async ({
  page,
}) => {
  const origin = SERVERS.raisedLimits;
  const imageLabel = `${commonCopy.image} *`;
  const photo = await photoBetweenLimits();
  expect(photo.buffer.length).toBeGreaterThan(DEFAULT_MAX_IMAGE_MB * MB);
  expect(photo.buffer.length).toBeLessThan(RAISED_MAX_IMAGE_MB * MB);

  await logInAt(page, origin);
  await page.goto(`${origin}/admin/home/banner`);
  await expect(page.getByRole('heading', { level: 1, name: screenCopy.homeBanners.title })).toBeVisible();
  await page.getByRole('button', { name: screenCopy.homeBanners.add, exact: true }).first().click();
  await expect(page.getByText(commonCopy.imageHint(RAISED_MAX_IMAGE_MB), { exact: true })).toBeVisible();

  // over the raised limit: refused before anything is sent, with the server's number
  await page.getByLabel(imageLabel, { exact: true }).setInputFiles(tooLargeImage(RAISED_MAX_IMAGE_MB));
  await expect(page.getByText(commonCopy.tooLarge(RAISED_MAX_IMAGE_MB), { exact: true })).toBeVisible();

  // over the default but under the raised limit: taken by the form, and by the server
  const title = uniqueName('Large photo');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel(imageLabel, { exact: true }).setInputFiles(photo);
  await expect(page.getByRole('img', { name: commonCopy.newImage })).toBeVisible();
  await expect(page.getByText(commonCopy.tooLarge(RAISED_MAX_IMAGE_MB), { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  await expect(page.getByText(bannerCopy.created, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
});

test('the several-images picker (gallery) names the raised MAX_IMAGE_MB too, never the default', async ({ page }) => {
  const origin = SERVERS.raisedLimits;
  await logInAt(page, origin);
  await page.goto(`${origin}/admin/gallery`);
  await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).first().click();
  await expect(page.getByText(commonCopy.imageHint(RAISED_MAX_IMAGE_MB), { exact: true })).toBeVisible();
  await expect(page.getByText(commonCopy.imageHint(DEFAULT_MAX_IMAGE_MB), { exact: true })).toHaveCount(0);
});
