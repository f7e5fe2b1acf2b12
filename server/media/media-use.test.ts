/**
 * Library images used by items (issue 27 step 2, docs/decisions/0048), through the whole app, pages included: a home
 * banner (one image) and gallery items (several) pick a library image; the entry's alt text and focal point show on
 * both public pages and the public API until a use sets its own, and a change of the entry shows at once (the page
 * cache is dropped); a trashed or unknown image is refused; items that stop naming it leave it in the library, unused,
 * its files kept, and it then goes to the Trash and comes back.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import type { MediaEntry } from '../../shared/media';
import { makeImage, multipart } from '../test/test-images';
import { webTestApp } from '../test/web-test-app';

const app = webTestApp();
const auth = () => ({ authorization: `Bearer ${app.token}` });
type Rec = Record<string, unknown> & { _id: string };
type GalleryImage = { url: string; alt: string; focusX: number; focusY: number; description: string };

async function uploadToLibrary(name: string): Promise<MediaEntry> {
  const body = multipart({}, [{ field: 'files', filename: `${name}.jpg`, data: await makeImage('jpeg', 400, 300) }]);
  const reply = await app.testApp.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...auth(), ...body.headers },
    payload: body.payload,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.items[0];
}
const patchEntry = async (id: string, payload: object) => {
  const reply = await app.testApp.app.inject({ method: 'PATCH', url: `/api/media/${id}`, headers: auth(), payload });
  expect(reply.statusCode, reply.body).toBe(200);
};
const write = (method: 'POST' | 'PUT', url: string, payload: object) => app.testApp.app.inject({ method, url, headers: auth(), payload });
async function created(url: string, payload: object): Promise<Rec> {
  const reply = await write('POST', url, payload);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}
/** The library's entries of these URLs (GET /api/media?url=…). */
async function entriesOf(...urls: string[]): Promise<MediaEntry[]> {
  const query = urls.map((url) => `url=${encodeURIComponent(url)}`).join('&');
  const reply = await app.testApp.app.inject({ method: 'GET', url: `/api/media?${query}`, headers: auth() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.items;
}
const publicBanners = async () => (await app.testApp.app.inject({ method: 'GET', url: '/api/banners' })).json() as Rec[];
const publicGallery = async () => (await app.testApp.app.inject({ method: 'GET', url: '/api/gallery' })).json().data as Rec[];
const manageGallery = async () =>
  (await app.testApp.app.inject({ method: 'GET', url: '/api/gallery/manage', headers: auth() })).json().data as Rec[];
const page = async (url: string) => {
  const reply = await app.web.inject({ method: 'GET', url });
  expect(reply.statusCode).toBe(200);
  return reply.body;
};
const storedFile = async (url: string) => {
  const body = await app.testApp.services.storage.read(path.basename(url));
  body?.stream.destroy();
  return body !== null;
};
const cover = (record: Rec) => (record.images as GalleryImage[])[0];

describe('a library image used by a banner and gallery items', () => {
  it('shows the entry’s alt text and focal point everywhere until a use has its own, and a change of the entry at once', async () => {
    const photo = await uploadToLibrary('Sunlit living room');
    await patchEntry(photo.id, { alt: 'A sunlit living room', focusX: 30, focusY: 70 });
    // used nowhere yet: withheld from visitors
    expect((await app.testApp.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);

    const banner = await created('/api/banners', { title: 'Library banner', description: 'Picked', existingImages: [photo.url] });
    // the stored use follows the library: alt '' and the centre (the admin's replies keep what is stored)
    expect(banner).toMatchObject({ image: photo.url, imageAlt: '', imageFocusX: 50, imageFocusY: 50 });
    const item = await created('/api/gallery', {
      title: 'Library gallery',
      category: 'Living',
      existingImages: [{ url: photo.url, description: 'The window side' }],
    });
    expect(cover(item)).toEqual({ url: photo.url, description: 'The window side', alt: '', focusX: 50, focusY: 50 });
    const own = await created('/api/gallery', {
      title: 'Own words gallery',
      category: 'Living',
      existingImages: [{ url: photo.url, alt: 'Our own words', focusX: 10, focusY: 20 }],
    });
    expect((await manageGallery()).find((record) => record._id === item._id)?.images).toEqual(item.images);

    // visitors: the public API, both pages and the image itself
    expect((await publicBanners()).find((record) => record._id === banner._id)).toMatchObject({
      imageAlt: 'A sunlit living room',
      imageFocusX: 30,
      imageFocusY: 70,
    });
    const listed = await publicGallery();
    expect(cover(listed.find((record) => record._id === item._id)!)).toMatchObject({ alt: 'A sunlit living room', focusX: 30, focusY: 70 });
    expect(cover(listed.find((record) => record._id === own._id)!)).toMatchObject({ alt: 'Our own words', focusX: 10, focusY: 20 });
    expect(await page('/')).toContain('alt="A sunlit living room"');
    const gallery = await page('/gallery');
    expect(gallery).toContain('alt="A sunlit living room"');
    expect(gallery).toContain('alt="Our own words"');
    expect((await app.testApp.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
    expect((await entriesOf(photo.url))[0].useCount).toBeGreaterThanOrEqual(3);

    // one change of the entry: the cached pages and lists show it on the next request, with no other write
    await patchEntry(photo.id, { alt: 'A bright living room' });
    const home = await page('/');
    expect(home).toContain('alt="A bright living room"');
    expect(home).not.toContain('A sunlit living room');
    const galleryAfter = await page('/gallery');
    expect(galleryAfter).toContain('alt="A bright living room"');
    expect(galleryAfter).toContain('alt="Our own words"');
    expect((await publicBanners()).find((record) => record._id === banner._id)?.imageAlt).toBe('A bright living room');
    const listedAfter = await publicGallery();
    expect(cover(listedAfter.find((record) => record._id === item._id)!).alt).toBe('A bright living room');
    expect(cover(listedAfter.find((record) => record._id === own._id)!).alt).toBe('Our own words');
    // the admin's list keeps the stored value
    expect(cover((await manageGallery()).find((record) => record._id === item._id)!).alt).toBe('');
  });

  it('refuses a trashed or unknown image, a file beside a picked one and two for one image, changing nothing', async () => {
    const trashed = await uploadToLibrary('Trashed photo');
    expect((await app.testApp.app.inject({ method: 'DELETE', url: `/api/media/${trashed.id}`, headers: auth() })).statusCode).toBe(200);
    const kept = await uploadToLibrary('Kept photo');
    const item = await created('/api/gallery', { title: 'Unchanged gallery', category: 'Living', existingImages: [kept.url] });
    const bannersBefore = await publicBanners();
    const unknown = '/uploads/0123456789abcdef0123456789abcdef_400x300.webp';
    for (const url of [trashed.url, unknown]) {
      for (const [method, target, payload] of [
        ['POST', '/api/banners', { title: 'Refused', existingImages: [url] }],
        ['POST', '/api/gallery', { title: 'Refused', category: 'Living', existingImages: [url] }],
        ['PUT', `/api/gallery/${item._id}`, { existingImages: [kept.url, url] }],
        ['PUT', `/api/gallery/${item._id}/draft`, { existingImages: [url] }],
      ] as const) {
        const reply = await write(method, target, payload);
        expect(reply.statusCode, `${method} ${target} ${url}`).toBe(400);
        expect(reply.json().message).toBe(apiMessages.invalidExistingImages);
      }
    }
    const two = await write('POST', '/api/banners', { title: 'Refused', existingImages: [kept.url, kept.url] });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Only one image is allowed');
    const body = multipart({ title: 'Refused', existingImages: JSON.stringify([kept.url]) }, [
      { field: 'image', data: await makeImage('jpeg', 200, 100) },
    ]);
    const both = await app.testApp.app.inject({
      method: 'POST',
      url: '/api/banners',
      headers: { ...auth(), ...body.headers },
      payload: body.payload,
    });
    expect(both.statusCode, both.body).toBe(400);
    expect(both.json().message).toBe('Only one image is allowed');
    expect(await publicBanners()).toEqual(bannersBefore);
    expect((await publicGallery()).find((record) => record._id === item._id)?.images).toEqual(item.images);
  });

  it('saves a draft that picks a library image, and publishes it', async () => {
    const first = await uploadToLibrary('Draft first');
    const picked = await uploadToLibrary('Draft picked');
    await patchEntry(picked.id, { alt: 'Picked in a draft' });
    const item = await created('/api/gallery', { title: 'Draft gallery', category: 'Living', existingImages: [first.url] });
    const saved = await write('PUT', `/api/gallery/${item._id}/draft`, { existingImages: [first.url, { url: picked.url }] });
    expect(saved.statusCode, saved.body).toBe(200);
    // visitors still see the published item until the Publish
    expect((await publicGallery()).find((record) => record._id === item._id)?.images).toHaveLength(1);
    expect((await app.testApp.app.inject({ method: 'GET', url: picked.url })).statusCode).toBe(404);
    const published = await app.testApp.app.inject({ method: 'POST', url: `/api/gallery/${item._id}/publish`, headers: auth() });
    expect(published.statusCode, published.body).toBe(200);
    const images = (await publicGallery()).find((record) => record._id === item._id)?.images as GalleryImage[];
    expect(images.map((image) => [image.url, image.alt])).toEqual([
      [first.url, ''],
      [picked.url, 'Picked in a draft'],
    ]);
    expect((await app.testApp.app.inject({ method: 'GET', url: picked.url })).statusCode).toBe(200);
  });

  it('leaves the image in the library, unused, when both items stop naming it; it then goes to the Trash and comes back', async () => {
    const photo = await uploadToLibrary('Shared photo');
    const banner = await created('/api/banners', { title: 'Shared banner', existingImages: [photo.url] });
    const item = await created('/api/gallery', { title: 'Shared gallery', category: 'Living', existingImages: [photo.url] });
    const other = await uploadToLibrary('Other photo');

    // the banner takes a new file, the gallery item another library image: neither names the photo now
    const body = multipart({ title: 'Shared banner' }, [{ field: 'image', data: await makeImage('jpeg', 300, 200) }]);
    const replaced = await app.testApp.app.inject({
      method: 'PUT',
      url: `/api/banners/${banner._id}`,
      headers: { ...auth(), ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await write('PUT', `/api/gallery/${item._id}`, { existingImages: [other.url] })).statusCode).toBe(200);
    expect(await storedFile(photo.url)).toBe(true);
    // their versions still name it: in use until their history is purged
    expect((await entriesOf(photo.url))[0].useCount).toBe(2);
    for (const url of [`/api/banners/${banner._id}/versions`, `/api/gallery/${item._id}/versions`]) {
      const purged = await app.testApp.app.inject({ method: 'DELETE', url, headers: auth() });
      expect(purged.statusCode, purged.body).toBe(200);
    }
    const [unused] = await entriesOf(photo.url);
    expect(unused).toMatchObject({ id: photo.id, useCount: 0 });
    expect(await storedFile(photo.url)).toBe(true);
    expect((await app.testApp.app.inject({ method: 'GET', url: photo.url, headers: auth() })).statusCode).toBe(200);
    // used by no shown item: withheld from visitors again
    expect((await app.testApp.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);

    expect((await app.testApp.app.inject({ method: 'DELETE', url: `/api/media/${photo.id}`, headers: auth() })).statusCode).toBe(200);
    expect(await entriesOf(photo.url)).toEqual([]);
    const restored = await app.testApp.app.inject({ method: 'POST', url: `/api/trash/media/${photo.id}/restore`, headers: auth() });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await entriesOf(photo.url)).map((entry) => entry.id)).toEqual([photo.id]);
    expect(await storedFile(photo.url)).toBe(true);
  });

  it('lets visitors fetch an image a hidden item and a shown one both name', async () => {
    const photo = await uploadToLibrary('Hidden and shown');
    const hidden = await created('/api/gallery', { title: 'Hidden gallery', category: 'Living', existingImages: [photo.url] });
    const hide = await app.testApp.app.inject({
      method: 'PATCH',
      url: `/api/gallery/${hidden._id}/visibility`,
      headers: auth(),
      payload: { hidden: true },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await app.testApp.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    await created('/api/banners', { title: 'Shown banner', existingImages: [photo.url] });
    expect((await app.testApp.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
  });

  it('shows the library’s alt text on a staff preview of About whose hero image has none of its own', async () => {
    const photo = await uploadToLibrary('About hero');
    await patchEntry(photo.id, { alt: 'Our studio from the street' });
    const stored = (await app.web.inject({ method: 'GET', url: '/api/about-content' })).json().data;
    const value = { ...stored, hero: { ...stored.hero, image: photo.url, imageAlt: '' } };
    const reply = await app.web.inject({ method: 'POST', url: '/api/preview', headers: auth(), payload: { document: 'about', value } });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('alt="Our studio from the street"');
  });

  it('shows the library’s alt text on the public About page whose hero image has none of its own, and the hero’s own when it has one', async () => {
    const photo = await uploadToLibrary('About hero public');
    await patchEntry(photo.id, { alt: 'The carving studio at dusk' });
    const stored = await app.testApp.services.about.get();
    await app.testApp.services.about.save({ ...stored, hero: { ...stored.hero, image: photo.url, imageAlt: '' } });
    expect((await app.web.inject({ method: 'GET', url: '/about' })).body).toContain('alt="The carving studio at dusk"');
    await app.testApp.services.about.save({ ...stored, hero: { ...stored.hero, image: photo.url, imageAlt: 'Our own words' } });
    const own = (await app.web.inject({ method: 'GET', url: '/about' })).body;
    expect(own).toContain('alt="Our own words"');
    expect(own).not.toContain('alt="The carving studio at dusk"');
  });

  it('answers GET /api/media?url= with the entries of those URLs only, and refuses more than 100', async () => {
    const [a, b] = [await uploadToLibrary('Asked one'), await uploadToLibrary('Asked two')];
    const found = await entriesOf(a.url, b.url, '/uploads/none_1x1.webp');
    expect(found.map((entry) => entry.id).sort()).toEqual([a.id, b.id].sort());
    const many = Array.from({ length: 101 }, (_, i) => `url=/uploads/${i}_1x1.webp`).join('&');
    const refused = await app.testApp.app.inject({ method: 'GET', url: `/api/media?${many}`, headers: auth() });
    expect(refused.statusCode).toBe(400);
  });
});
