/**
 * One photo's life in the media library (issue 27 step 3, docs/decisions/0048) on the demo server, as staff would
 * live it: used by a home banner and a gallery item (set up through the API: media-pickers.spec.ts picks through the
 * forms), found under the gallery by the Where used filter, its file replaced in the library's dialog (a refused file
 * first) and both public pages showing the new file while the old URL answers 301 to it; its delete refused with both
 * uses named; removed from both in their admin forms, deleted to the Trash, restored and back in the library.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { bannerCopy, commonCopy, galleryCopy, mediaCopy, screenCopy, trashCopy } from '../../shared/copy/admin';
import type { MediaEntry } from '../../shared/media';
import { resources } from '../../shared/resources';
import { publicHtml } from '../fixtures/admin-crud';
import { notAnImage, testImage, uniqueName } from '../fixtures/admin-images';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { expect, openScreen, test } from '../fixtures/admin-login';

type Headers = Record<string, string>;

const grid = (page: Page) => page.getByRole('list', { name: mediaCopy.gridLabel });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A photo put in the library through its API, named `name` (its bytes its own: identical files merge). */
async function libraryPhoto(request: APIRequestContext, headers: Headers, name: string): Promise<MediaEntry> {
  const reply = await request.post('/api/media', { headers, multipart: { files: await testImage(`${name}.png`) } });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { data: { items: MediaEntry[] } }).data.items[0];
}

async function entryOf(request: APIRequestContext, headers: Headers, id: string): Promise<MediaEntry> {
  const reply = await request.get(`/api/media/${id}`, { headers });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: MediaEntry }).data;
}

/** A record made through the API (JSON: picked library images need no upload); its id. */
async function created(request: APIRequestContext, headers: Headers, path: string, data: Record<string, unknown>): Promise<string> {
  const reply = await request.post(`/api/${path}`, { headers, data });
  expect(reply.status(), await reply.text()).toBe(201);
  const body = (await reply.json()) as { data?: { _id: string }; _id?: string };
  return String(body.data?._id ?? body._id);
}

/** The name of an image's stored file without its ending: its renditions share it. */
const stemOf = (url: string) => url.replace(/\.webp$/, '');

test('a photo used by a banner and a gallery item: replaced everywhere at once, its delete refused, then removed, trashed and restored', async ({
  page,
  token,
}) => {
  test.setTimeout(240_000);
  const headers = { authorization: `Bearer ${token}` };
  const name = uniqueName('lifecycle').replace(/\s+/g, '-').toLowerCase();
  const photo = await libraryPhoto(page.request, headers, name);
  const other = await libraryPhoto(page.request, headers, `${name}-other`);
  const bannerTitle = uniqueName('Lifecycle banner');
  const galleryTitle = uniqueName('Lifecycle gallery');
  const listed = (await (await page.request.get('/api/banners/manage', { headers })).json()) as
    { data?: { _id: string }[] } | { _id: string }[];
  const bannersBefore = (Array.isArray(listed) ? listed : (listed.data ?? [])).map((banner) => banner._id);
  const made: { path: string; id: string }[] = [];
  try {
    const bannerId = await created(page.request, headers, 'banners', { title: bannerTitle, existingImages: [photo.url] });
    made.push({ path: 'banners', id: bannerId });
    // the home page shows the first banner: this one, until it is deleted
    expect((await page.request.put('/api/banners/order', { headers, data: { ids: [bannerId, ...bannersBefore] } })).status()).toBe(200);
    const galleryId = await created(page.request, headers, 'gallery', {
      title: galleryTitle,
      category: 'Living',
      existingImages: [{ url: photo.url, description: 'The photo' }, { url: other.url }],
    });
    made.push({ path: 'gallery', id: galleryId });
    await expect.poll(async () => (await publicHtml(page, '/')).includes(photo.url)).toBe(true);
    await expect.poll(async () => (await publicHtml(page, '/gallery')).includes(photo.url)).toBe(true);

    await test.step('the Where used filter lists it under the gallery and the home banners, in the address', async () => {
      await openScreen(page, `/admin/media?q=${name}`, mediaCopy.title);
      const where = page.getByLabel(mediaCopy.whereFilter);
      await expect(where).toHaveValue('');
      await where.selectOption({ label: 'Gallery' });
      await expect(page).toHaveURL(/[?&]where=gallery/);
      await expect(grid(page).getByRole('link', { name, exact: true })).toBeVisible();
      await expect(grid(page).getByRole('link', { name: `${name}-other`, exact: true })).toBeVisible();
      await where.selectOption({ label: mediaCopy.whereResource(resources.banners.admin.nav.label, resources.banners.admin.nav.group) });
      await expect(page).toHaveURL(/[?&]where=banners/);
      await expect(grid(page).getByRole('link')).toHaveCount(1);
      await expect(grid(page).getByRole('link', { name, exact: true })).toBeVisible();
      await where.selectOption({ label: mediaCopy.whereDocuments['site-settings'] });
      await expect(page.getByText(mediaCopy.noMatch)).toBeVisible();
      await page.goBack();
      await expect(where).toHaveValue('banners');
    });

    const replacement = await testImage(`${name}-new.png`, { width: 120, height: 90 });
    let replaced = photo;
    await test.step('its file is replaced in the library dialog: a refused file first, then the new one with its progress', async () => {
      await openScreen(page, `/admin/media?q=${name}`, mediaCopy.title);
      await grid(page).getByRole('link', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: mediaCopy.detailsTitle(name) });
      await expect(dialog.getByText(mediaCopy.replaceHint, { exact: false })).toBeVisible();
      await expect(dialog.getByText(mediaCopy.dimensions(80, 60), { exact: false })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      const input = dialog.getByLabel(mediaCopy.replaceChoose);
      await input.setInputFiles(notAnImage);
      await expect(dialog.getByRole('alert').filter({ hasText: commonCopy.notAnImage })).toBeVisible();
      expect((await entryOf(page.request, headers, photo.id)).url).toBe(photo.url);

      // by keyboard: the input takes the focus (it is the way in of the drop zone)
      await input.focus();
      await expect(input).toBeFocused();
      await input.setInputFiles(replacement);
      const bar = dialog.getByRole('progressbar', { name: mediaCopy.uploadProgress(replacement.name) });
      await expect(bar).toHaveAttribute('value', '100');
      await expect(dialog.getByText(mediaCopy.replacedStatus, { exact: true })).toBeVisible();
      await expect(toast(page, mediaCopy.replaced(name))).toBeVisible();
      replaced = await entryOf(page.request, headers, photo.id);
      expect(replaced.url).not.toBe(photo.url);
      expect([replaced.width, replaced.height]).toEqual([120, 90]);
      // the dialog and the grid show the new file: its preview, dimensions and size, and the thumbnail
      await expect(dialog.getByText(mediaCopy.dimensions(120, 90), { exact: false })).toBeVisible();
      await expect(dialog.getByRole('img', { name, exact: true })).toHaveAttribute('src', new RegExp(`^${stemOf(replaced.url)}`));
      await expect(dialog.getByRole('link', { name: mediaCopy.open })).toHaveAttribute('href', replaced.url);
      await expect(grid(page).getByRole('img', { name, exact: true })).toHaveAttribute('src', new RegExp(`^${stemOf(replaced.url)}`));
      // the name, alt text and tags stay
      expect(replaced.name).toBe(name);
    });

    await test.step('both public pages show the new file; the old URL answers 301 to it', async () => {
      for (const path of ['/', '/gallery']) {
        await expect.poll(async () => (await publicHtml(page, path)).includes(stemOf(replaced.url))).toBe(true);
        expect(await publicHtml(page, path)).not.toContain(stemOf(photo.url));
      }
      const old = await page.request.get(photo.url, { maxRedirects: 0 });
      expect(old.status()).toBe(301);
      expect(old.headers().location).toBe(replaced.url);
      const now = await page.request.get(replaced.url);
      expect(now.status()).toBe(200);
      expect(now.headers()['content-type']).toBe('image/webp');
    });

    await test.step('its delete is refused: the banner and the gallery item are named, each a link to its screen', async () => {
      const dialog = page.getByRole('dialog', { name: mediaCopy.detailsTitle(name) });
      await dialog.getByRole('button', { name: mediaCopy.delete }).click();
      await page.getByRole('alertdialog', { name: commonCopy.confirmTitle }).getByRole('button', { name: mediaCopy.delete }).click();
      const refusal = page.getByRole('dialog').getByRole('alert');
      await expect(refusal).toContainText(mediaCopy.refusedTitle(1));
      await expect(refusal.getByRole('link', { name: `${resources.banners.noun} “${bannerTitle}”`, exact: true })).toHaveAttribute(
        'href',
        new RegExp(`^${resources.banners.admin.path}`),
      );
      await expect(refusal.getByRole('link', { name: `${resources.gallery.noun} “${galleryTitle}”`, exact: true })).toHaveAttribute(
        'href',
        new RegExp(`^${resources.gallery.admin.path}`),
      );
      await expect(toast(page, mediaCopy.deleted(1))).toHaveCount(0);
      expect((await page.request.get(`/api/media/${photo.id}`, { headers })).status()).toBe(200);
    });

    await test.step('removed from the banner in its form: another image uploaded in its place', async () => {
      await openScreen(page, resources.banners.admin.path, screenCopy.homeBanners.title);
      await page.getByRole('button', { name: `${commonCopy.edit} ${bannerTitle}`, exact: true }).click();
      await page.getByLabel(commonCopy.image, { exact: true }).setInputFiles(await testImage(`${name}-banner.png`));
      await expect(page.getByRole('img', { name: commonCopy.newImage })).toBeVisible();
      await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
      await expect(page.getByText(bannerCopy.updated, { exact: true })).toBeVisible();
    });

    await test.step('removed from the gallery item in its form', async () => {
      await openScreen(page, resources.gallery.admin.path, galleryCopy.title);
      await page.getByRole('button', { name: `${commonCopy.edit} ${galleryTitle}`, exact: true }).click();
      await expect(page.getByRole('img', { name: commonCopy.currentImage })).toHaveCount(2);
      await page.getByRole('button', { name: `${commonCopy.removeImage} 1`, exact: true }).click();
      await expect(page.getByRole('img', { name: commonCopy.currentImage })).toHaveCount(1);
      await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
      await expect(page.getByText(galleryCopy.updated, { exact: true })).toBeVisible();
    });

    await test.step('no longer under the gallery; deleted to the Trash from the library', async () => {
      await openScreen(page, `/admin/media?q=${name}&where=gallery`, mediaCopy.title);
      await expect(grid(page).getByRole('link', { name: `${name}-other`, exact: true })).toBeVisible();
      await expect(grid(page).getByRole('link', { name, exact: true })).toHaveCount(0);
      await page.getByLabel(mediaCopy.whereFilter).selectOption('');
      await grid(page).getByRole('link', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: mediaCopy.detailsTitle(name) });
      // kept versions still name it (History shows them), but they do not hold it
      await dialog.getByRole('button', { name: mediaCopy.delete }).click();
      await page.getByRole('alertdialog', { name: commonCopy.confirmTitle }).getByRole('button', { name: mediaCopy.delete }).click();
      await expect(toast(page, mediaCopy.deleted(1))).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(grid(page).getByRole('link', { name, exact: true })).toHaveCount(0);
    });

    await test.step('it waits in the Trash, is restored and is back in the library with its new file', async () => {
      await openScreen(page, '/admin/trash', trashCopy.title);
      await page.getByRole('button', { name: trashCopy.restoreLabel(name), exact: true }).click();
      await expect(page.getByText(trashCopy.restored('Image', name), { exact: true })).toBeVisible();
      await openScreen(page, `/admin/media?q=${name}`, mediaCopy.title);
      await expect(grid(page).getByRole('link', { name, exact: true })).toBeVisible();
      await expect(grid(page).getByRole('img', { name, exact: true })).toHaveAttribute('src', new RegExp(`^${stemOf(replaced.url)}`));
    });
  } finally {
    for (const { path, id } of made) {
      await page.request.delete(`/api/${path}/${id}`, { headers });
      await page.request.delete(`/api/trash/${path}/${id}`, { headers });
    }
  }
});
