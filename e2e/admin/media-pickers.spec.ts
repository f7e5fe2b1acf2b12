/**
 * Picking library images in image fields (issue 27 step 2, docs/decisions/0048) on the demo server: one library photo
 * chosen as a home banner's image and in a gallery item (with a photo uploaded in the dialog), its alt text edited once
 * in the Media library and then on both public pages; Site settings' share image and About's hero image chosen from the
 * library (the hero's empty alt text following the library's). The dialog passes axe and works by keyboard. What the
 * tests add is removed at the end; the demo settings and About content are put back.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  aboutEditorCopy,
  bannerCopy,
  commonCopy,
  galleryCopy,
  listCopy,
  mediaCopy,
  mediaPickerCopy,
  screenCopy,
  siteSettingsCopy,
} from '../../shared/copy/admin';
import type { AboutContent } from '../../shared/about-content';
import type { MediaEntry } from '../../shared/media';
import type { SiteSettings } from '../../shared/site-settings';
import { publicHtml } from '../fixtures/admin-crud';
import { testImage, testImages, uniqueName } from '../fixtures/admin-images';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { expect, openScreen, test } from '../fixtures/admin-login';

type Headers = Record<string, string>;

/** A photo put in the library through its API (as the library screen does), named `name`. */
async function libraryPhoto(request: APIRequestContext, headers: Headers, name: string): Promise<MediaEntry> {
  const file = await testImage(`${name}.png`);
  const reply = await request.post('/api/media', { headers, multipart: { files: file } });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { data: { items: MediaEntry[] } }).data.items[0];
}

/** The Choose from library dialog, opened from the button inside `scope`; the photo found by a search for its name. */
async function openChooser(page: Page, scope: ReturnType<Page['locator']> | Page, search: string) {
  await scope.getByRole('button', { name: mediaPickerCopy.choose, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: mediaPickerCopy.title });
  await expect(dialog).toBeVisible();
  // the search box has the focus: typing searches at once
  await expect(dialog.getByRole('searchbox', { name: mediaPickerCopy.search })).toBeFocused();
  await page.keyboard.type(search);
  await expect(dialog.getByRole('list', { name: mediaPickerCopy.gridLabel }).getByRole('button')).toHaveCount(1);
  // the shared pager: the library's count, and no page before or after this one
  const pager = dialog.getByRole('navigation', { name: listCopy.pagination });
  await expect(pager).toContainText(mediaCopy.showing(1, 1, 1));
  await expect(pager.getByRole('button', { name: listCopy.next })).toBeDisabled();
  return dialog;
}

/** A resource's records in their order, as the admin lists them (`/manage`: hidden ones too). */
async function recordsOf(request: APIRequestContext, headers: Headers, path: string): Promise<Record<string, unknown>[]> {
  const body = (await (await request.get(`/api/${path}/manage`, { headers })).json()) as
    { data?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(body) ? body : (body.data ?? []);
}
const idsOf = async (request: APIRequestContext, headers: Headers, path: string) =>
  (await recordsOf(request, headers, path)).map((record) => String(record._id));

test('one library photo in a home banner and a gallery item; its alt text, edited once in the library, shows on both public pages', async ({
  page,
  token,
}) => {
  test.setTimeout(180_000);
  const headers = { authorization: `Bearer ${token}` };
  const name = uniqueName('picked').replace(/\s+/g, '-').toLowerCase();
  const photo = await libraryPhoto(page.request, headers, name);
  const bannerTitle = uniqueName('Library banner');
  const galleryTitle = uniqueName('Library gallery');
  const bannersBefore = await idsOf(page.request, headers, 'banners');
  const made: { path: string; id: string }[] = [];
  try {
    await test.step('a home banner takes the library photo, no file uploaded', async () => {
      await openScreen(page, '/admin/home/banner', screenCopy.homeBanners.title);
      await page.getByRole('button', { name: screenCopy.homeBanners.add, exact: true }).first().click();
      await page.getByLabel('Title', { exact: true }).fill(bannerTitle);
      const dialog = await openChooser(page, page, name);
      await expectNoSeriousAxeViolations(page);
      // named by its name while it has no alt text; chosen by keyboard
      const thumbnail = dialog.getByRole('button', { name, exact: true });
      await thumbnail.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('img', { name: mediaPickerCopy.chosenImage })).toHaveAttribute('src', photo.url);
      // an empty alt text follows the library's (which has none yet)
      await expect(page.getByText(mediaPickerCopy.libraryAltHint(''), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
      await expect(page.getByText(bannerCopy.created, { exact: true })).toBeVisible();
      const banner = (await recordsOf(page.request, headers, 'banners')).find((each) => each.title === bannerTitle);
      expect(banner).toBeDefined();
      const id = String(banner!._id);
      made.push({ path: 'banners', id });
      // the library's photo itself: nothing uploaded again
      expect(banner!.image).toBe(photo.url);
      // the home page shows the first banner: this one, until it is deleted
      const order = await page.request.put('/api/banners/order', { headers, data: { ids: [id, ...bannersBefore] } });
      expect(order.status()).toBe(200);
    });

    await test.step('a gallery item takes the same photo and one uploaded in the dialog', async () => {
      await openScreen(page, '/admin/gallery', galleryCopy.title);
      await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).click();
      await page.getByLabel('Project Title', { exact: true }).fill(galleryTitle);
      await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
      const dialog = await openChooser(page, page, name);
      const thumbnail = dialog.getByRole('button', { name, exact: true });
      await thumbnail.click();
      await expect(thumbnail).toHaveAttribute('aria-pressed', 'true');
      // an upload in the dialog goes into the library and is chosen, with the photo pressed before it
      await dialog.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(1));
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('img', { name: commonCopy.currentImage })).toHaveCount(2);
      await expect(page.getByText(mediaPickerCopy.libraryAltHint(''), { exact: true })).toHaveCount(2);
      await page.getByLabel(galleryCopy.imageDescription(1), { exact: true }).fill('From the library');
      await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
      await expect(page.getByText(galleryCopy.added, { exact: true })).toBeVisible();
      const item = (await recordsOf(page.request, headers, 'gallery')).find((each) => each.title === galleryTitle);
      expect(item).toBeDefined();
      made.push({ path: 'gallery', id: String(item!._id) });
      const images = item!.images as { url: string }[];
      expect(images).toHaveLength(2);
      expect(images[0].url).toBe(photo.url);
    });

    const alt = `Carved teak doors ${name}`;
    await test.step('its alt text, edited once in the Media library, shows on the home page and the gallery', async () => {
      await openScreen(page, `/admin/media?q=${name}`, mediaCopy.title);
      await page.getByRole('list', { name: mediaCopy.gridLabel }).getByRole('link', { name, exact: true }).click();
      const details = page.getByRole('dialog', { name: mediaCopy.detailsTitle(name) });
      await details.getByLabel(commonCopy.altText, { exact: true }).fill(alt);
      await details.getByRole('button', { name: mediaCopy.save }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: mediaCopy.saved(name) })).toBeVisible();
      await expect.poll(async () => (await publicHtml(page, '/')).includes(`alt="${alt}"`)).toBe(true);
      await expect.poll(async () => (await publicHtml(page, '/gallery')).includes(`alt="${alt}"`)).toBe(true);
    });

    await test.step('the banner form shows the library’s alt text as what an empty alt follows', async () => {
      await openScreen(page, '/admin/home/banner', screenCopy.homeBanners.title);
      await page.getByRole('button', { name: `${commonCopy.edit} ${bannerTitle}`, exact: true }).click();
      const altInput = page.getByLabel(commonCopy.altText, { exact: true });
      await expect(altInput).toHaveValue('');
      await expect(altInput).toHaveAttribute('placeholder', alt);
      await expect(page.getByText(mediaPickerCopy.libraryAltHint(alt), { exact: true })).toBeVisible();
    });
  } finally {
    for (const { path, id } of made) {
      await page.request.delete(`/api/${path}/${id}`, { headers });
      await page.request.delete(`/api/trash/${path}/${id}`, { headers });
    }
  }
});

test('Site settings: the share image is chosen from the library, then removed', async ({ page, token }) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${token}` };
  const name = uniqueName('shared').replace(/\s+/g, '-').toLowerCase();
  const photo = await libraryPhoto(page.request, headers, name);
  const original = ((await (await page.request.get('/api/site-settings')).json()) as { data: SiteSettings }).data;
  try {
    await openScreen(page, '/admin/settings', siteSettingsCopy.title);
    const field = page.getByRole('group', { name: siteSettingsCopy.fields.shareImage });
    await expect(field.getByText(mediaPickerCopy.noImage)).toBeVisible();
    const dialog = await openChooser(page, field, name);
    await dialog.getByRole('button', { name, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(field.getByRole('img')).toHaveAttribute('src', /^\/uploads\//);
    await page.getByRole('button', { name: siteSettingsCopy.save, exact: true }).click();
    await expect
      .poll(async () => ((await (await page.request.get('/api/site-settings')).json()) as { data: SiteSettings }).data.shareImage)
      .toBe(photo.url);
    // every page shares it: the contact page's og:image names it
    expect(await publicHtml(page, '/contact')).toMatch(new RegExp(`property="og:image" content="https?://[^"]+${photo.url}"`));

    await field.getByRole('button', { name: commonCopy.removeImage, exact: true }).click();
    await expect(field.getByText(mediaPickerCopy.noImage)).toBeVisible();
    await page.getByRole('button', { name: siteSettingsCopy.save, exact: true }).click();
    await expect
      .poll(async () => ((await (await page.request.get('/api/site-settings')).json()) as { data: SiteSettings }).data.shareImage)
      .toBe('');
  } finally {
    await page.request.put('/api/site-settings', { headers, data: original });
  }
});

test('About: the hero image is chosen from the library, and its empty alt text follows the library’s on the About page', async ({
  page,
  token,
}) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${token}` };
  const name = uniqueName('hero').replace(/\s+/g, '-').toLowerCase();
  const photo = await libraryPhoto(page.request, headers, name);
  const alt = `Our workshop ${name}`;
  expect((await page.request.patch(`/api/media/${photo.id}`, { headers, data: { alt } })).status()).toBe(200);
  const original = ((await (await page.request.get('/api/about-content')).json()) as { data: AboutContent }).data;
  try {
    await openScreen(page, '/admin/about', aboutEditorCopy.title);
    const hero = page.getByRole('region', { name: aboutEditorCopy.hero });
    const field = hero.getByRole('group', { name: aboutEditorCopy.heroFields.image });
    const dialog = await openChooser(page, field, name);
    // named by its alt text in the library
    await dialog.getByRole('button', { name: alt, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(field.getByRole('img', { name: alt })).toBeVisible();
    const altInput = hero.getByLabel(aboutEditorCopy.heroFields.imageAlt, { exact: true });
    await altInput.fill('');
    await expect(altInput).toHaveAttribute('placeholder', alt);
    await hero.getByRole('button', { name: aboutEditorCopy.saveSection }).click();
    await expect
      .poll(async () => ((await (await page.request.get('/api/about-content')).json()) as { data: AboutContent }).data.hero.image)
      .toBe(photo.url);
    await expect.poll(async () => (await publicHtml(page, '/about')).includes(`alt="${alt}"`)).toBe(true);
  } finally {
    await page.request.put('/api/about-content', { headers, data: original });
  }
});
