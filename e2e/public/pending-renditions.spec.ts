/**
 * Items saved while their renditions are still being made show on the public pages with no broken
 * image: the 'pending' server never makes background renditions, so every srcset names files that
 * do not exist yet; each must still end in a decoded image (a redirect to the stored one), never in
 * the error placeholder.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../fixtures/test';
import { E2E_ADMIN, SERVERS } from '../fixtures/servers';

test.use({ baseURL: SERVERS.pending });

/** A photo-like JPEG (noise does not compress, as a camera's grain): a few hundred KB. */
const photo = (width: number, height: number, hue: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 120, b: 255 - hue }, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

async function create(
  request: APIRequestContext,
  token: string,
  resource: string,
  fields: Record<string, string>,
  field: string,
  images: Buffer[],
) {
  // several images under one name: repeated parts, as the admin form sends them
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  images.forEach((buffer, i) => form.append(field, new Blob([new Uint8Array(buffer)], { type: 'image/jpeg' }), `photo-${i}.jpg`));
  const response = await request.post(`${SERVERS.pending}/api/${resource}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Every <img> of the page loaded (lazy ones too) and how each ended. */
async function imagesOf(page: Page) {
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const img of images) img.loading = 'eager';
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => ['load', 'error'].forEach((event) => img.addEventListener(event, resolve, { once: true }))),
      ),
    );
  });
  return page.evaluate(() =>
    [...document.querySelectorAll('img')].map((img) => ({
      src: img.currentSrc || img.src,
      complete: img.complete,
      naturalWidth: img.naturalWidth,
    })),
  );
}

test.beforeAll(async ({ request }) => {
  const login = await request.post(`${SERVERS.pending}/api/admins/login`, { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  await create(request, token, 'banners', { title: 'Pending banner', description: 'Renditions still being made' }, 'image', [
    await photo(1800, 1000, 40),
  ]);
  await create(request, token, 'property', { title: 'Pending property' }, 'image', [await photo(1200, 900, 90)]);
  await create(
    request,
    token,
    'gallery',
    { title: 'Pending gallery item', category: 'Interior', description: JSON.stringify(['First', 'Second']) },
    'images',
    [await photo(1400, 1000, 150), await photo(1000, 1400, 210)],
  );
});

for (const path of ['/', '/gallery']) {
  test(`${path}: every image shows while its renditions are pending, none is broken`, async ({ page }) => {
    const uploads: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/uploads/')) uploads.push({ url: response.url(), status: response.status() });
    });
    await page.goto(path);
    const images = await imagesOf(page);
    const ours = images.filter((image) => new URL(image.src).pathname.startsWith('/uploads/'));
    expect(ours.length, 'the page shows the saved images').toBeGreaterThan(0);
    for (const image of images) {
      expect(image.complete && image.naturalWidth > 0, `${image.src} decoded`).toBe(true);
      expect(image.src, 'no image fell back to the error placeholder').not.toMatch(/placeholder\.svg$/);
    }
    // the browser asked for renditions that do not exist yet, and was sent to the stored image
    expect(
      uploads.some((response) => response.status === 307),
      JSON.stringify(uploads),
    ).toBe(true);
    expect(uploads.filter((response) => response.status >= 400)).toEqual([]);
  });
}

test('gallery lightbox: the pending item opens on a decoded image', async ({ page }) => {
  await page.goto('/gallery');
  await page.getByTestId('gallery-item').filter({ hasText: 'Pending gallery item' }).getByRole('button').click();
  const slide = page.locator('.yarl__slide_current img');
  await expect(slide).toBeVisible();
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
