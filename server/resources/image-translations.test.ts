/**
 * Images' own texts in Kannada (docs/decisions/0049, "As built: images' own texts"): a gallery image's description and
 * alt text, a URL list's `imageDetails` alt text (inside each entry, so they follow reordering and go with a removed
 * image), a single image's `translations.kn.imageAlt`; written with the images (multipart and JSON), refused with
 * messages naming the language, blank removes; a Kannada read shows them before the library's and falls back to
 * English, named in `fallbackFields`; history labels them and a restore brings them back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareReply } from '../../shared/history';
import { imageTranslationMessages } from '../../shared/image-translations';
import { resources, type ResourceDef } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { libraryEntry } from '../test/media-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';

let t: TestApp;
let token: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  jpeg = await makeImage('jpeg', 400, 300);
});
afterAll(() => t.close());

type AnyRecord = Record<string, unknown> & { _id: string };
type Image = { url: string; description: string; alt: string; translations?: Record<string, Record<string, string>> };
const auth = () => ({ authorization: `Bearer ${token}` });
const files = (def: ResourceDef, count: number): FilePart[] =>
  Array.from({ length: count }, () => ({ field: def.image.field, data: jpeg }));

async function create(def: ResourceDef, fields: Record<string, string>, count: number | FilePart[] = 1): Promise<AnyRecord> {
  const body = multipart({ ...sampleFields(def), ...fields }, typeof count === 'number' ? files(def, count) : count);
  const reply = await t.app.inject({ method: 'POST', url: `/api/${def.path}`, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { data: AnyRecord }).data;
}

/** An update with a JSON body, or a multipart one when `parts` is given. */
function update(def: ResourceDef, id: string, fields: Record<string, unknown>, parts?: FilePart[], method: string = def.updateMethod) {
  const url = `/api/${def.path}/${id}`;
  if (!parts) return t.app.inject({ method: method as 'PUT', url, payload: fields, headers: auth() });
  const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const body = multipart(text, parts);
  return t.app.inject({ method: method as 'PUT', url, ...body, headers: { ...body.headers, ...auth() } });
}

async function stored(def: ResourceDef, id: string): Promise<AnyRecord> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/${def.path}/manage`, headers: auth() });
  const body = reply.json() as AnyRecord[] | Record<string, AnyRecord[]>;
  const list = Array.isArray(body) ? body : body[def.listEnvelope];
  return list.find((record) => record._id === id)!;
}

/** The record as a Kannada page gets it (as visitors see it, then its images' texts in Kannada). */
async function inKannada(def: ResourceDef, key: 'gallery' | 'project' | 'clients', id: string): Promise<AnyRecord> {
  const { records } = await t.services.content.reads.list(key);
  const [record] = await t.services.content.mediaIndex.localizedImages(def, [records.find((item) => item._id === id)!], 'kn');
  return record;
}

describe('a gallery image’s description and alt text in Kannada', () => {
  const def = resources.gallery;
  let id: string;
  let urls: string[];

  it('a multipart create takes them in `newImageDetails[i].translations`; blank ones are dropped', async () => {
    const record = await create(
      def,
      {
        description: JSON.stringify(['Living room', 'Kitchen']),
        newImageDetails: JSON.stringify([
          { alt: 'A bright living room', translations: { kn: { description: ' ಹಜಾರ ', alt: 'ಬೆಳಕಿನ ಹಜಾರ' } } },
          { alt: 'An open kitchen', translations: { kn: { description: '', alt: ' ' } } },
        ]),
      },
      2,
    );
    const images = record.images as Image[];
    urls = images.map((image) => image.url);
    id = record._id;
    expect(images[0]).toMatchObject({ description: 'Living room', translations: { kn: { description: 'ಹಜಾರ', alt: 'ಬೆಳಕಿನ ಹಜಾರ' } } });
    // none: the entry keeps its shape
    expect(images[1]).not.toHaveProperty('translations');
    expect((await stored(def, id)).images).toEqual(images);
  });

  it('they follow their image when reordered, keep their value when left out, and go with a removed image', async () => {
    const reordered = await update(def, id, {
      existingImages: [{ url: urls[1], translations: { kn: { description: 'ಅಡುಗೆ ಮನೆ' } } }, urls[0]],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    let images = (await stored(def, id)).images as Image[];
    expect(images.map((image) => image.url)).toEqual([urls[1], urls[0]]);
    expect(images[0].translations).toEqual({ kn: { description: 'ಅಡುಗೆ ಮನೆ' } });
    expect(images[1].translations).toEqual({ kn: { description: 'ಹಜಾರ', alt: 'ಬೆಳಕಿನ ಹಜಾರ' } });

    // an update of other fields (JSON, and multipart with a new image) keeps them
    expect((await update(def, id, { title: 'Renamed' })).statusCode).toBe(200);
    const added = await update(
      def,
      id,
      { newImageDetails: [{ translations: { kn: { description: 'ಮೆಟ್ಟಿಲು' } } }], description: ['Stairs'] },
      files(def, 1),
    );
    expect(added.statusCode, added.body).toBe(200);
    images = (await stored(def, id)).images as Image[];
    expect(images[1].translations).toEqual({ kn: { description: 'ಹಜಾರ', alt: 'ಬೆಳಕಿನ ಹಜಾರ' } });
    expect(images[2]).toMatchObject({ description: 'Stairs', translations: { kn: { description: 'ಮೆಟ್ಟಿಲು' } } });

    // blank removes one text, the other stays; a removed image takes its texts with it
    const removed = await update(def, id, {
      existingImages: [urls[0], { url: images[2].url, translations: { kn: { description: '' } } }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    images = (await stored(def, id)).images as Image[];
    expect(images.map((image) => image.url)).toEqual([urls[0], images[1].url]);
    expect(images[0].translations).toEqual({ kn: { description: 'ಹಜಾರ', alt: 'ಬೆಳಕಿನ ಹಜಾರ' } });
    expect(images[1]).not.toHaveProperty('translations');
    expect(JSON.stringify(images)).not.toContain('ಅಡುಗೆ ಮನೆ');
  });

  it('refuses an English description over 500 characters, kept or new, instead of cutting it short; nothing changes', async () => {
    const before = await stored(def, id);
    const message = 'Image description must be at most 500 characters';
    const kept = await update(def, id, { title: 'Changed', existingImages: [{ url: urls[0], description: 'x'.repeat(501) }] });
    expect(kept.statusCode).toBe(400);
    expect(kept.json()).toMatchObject({ success: false, message });
    const added = await update(def, id, { title: 'Changed', description: ['y'.repeat(501)] }, files(def, 1));
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toContain(message);
    expect(await stored(def, id)).toEqual(before);
    // 500 is kept whole (after trimming); then the description it had again
    const images = before.images as Image[];
    const withFirst = (description: string) => images.map((image, i) => (i === 0 ? { url: image.url, description } : { url: image.url }));
    const full = await update(def, id, { existingImages: withFirst(` ${'z'.repeat(500)} `) });
    expect(full.statusCode, full.body).toBe(200);
    expect(((await stored(def, id)).images as Image[])[0].description).toBe('z'.repeat(500));
    expect((await update(def, id, { existingImages: withFirst(images[0].description ?? '') })).statusCode).toBe(200);
  });

  it('refuses a text too long, not text, of another language or an unknown one with a 400 naming the language; nothing changes', async () => {
    const before = await stored(def, id);
    const cases: [unknown, string][] = [
      [{ kn: { description: 'ಅ'.repeat(501) } }, 'Image description (Kannada) must be at most 500 characters'],
      [{ kn: { alt: 'ಅ'.repeat(251) } }, 'Alt text (Kannada) must be at most 250 characters'],
      [{ kn: { alt: 5 } }, 'Alt text (Kannada) must be text'],
      [{ kn: { title: 'x' } }, imageTranslationMessages.unknownText('title', 'Kannada')],
      [{ hi: { alt: 'x' } }, imageTranslationMessages.unknownLanguage('hi')],
      ['ಹಜಾರ', imageTranslationMessages.invalid],
    ];
    for (const [translations, message] of cases) {
      const json = await update(def, id, { title: 'Changed', existingImages: [{ url: urls[0], translations }] });
      expect(json.statusCode, JSON.stringify(translations)).toBe(400);
      expect(json.json()).toMatchObject({ success: false, message });
      const multi = await update(def, id, { newImageDetails: [{ translations }], description: ['x'] }, files(def, 1));
      expect(multi.statusCode, JSON.stringify(translations)).toBe(400);
      expect(multi.json().errors).toContain(message);
    }
    expect(await stored(def, id)).toEqual(before);
  });

  it('a Kannada read shows them; without one, English, named in fallbackFields', async () => {
    const shown = await inKannada(def, 'gallery', id);
    const images = shown.images as Image[];
    expect(images[0]).toMatchObject({ description: 'ಹಜಾರ', alt: 'ಬೆಳಕಿನ ಹಜಾರ' });
    expect(images[1]).toMatchObject({ description: 'Stairs' });
    expect(shown.fallbackFields).toContain('images.1.description');
    expect(shown.fallbackFields).not.toContain('images.0.description');
    expect(shown.fallbackFields).not.toContain('images.0.alt');
  });

  it('history labels a change "Image 1 description (Kannada)"; restoring the version brings the text back', async () => {
    const base = `/api/${def.path}/${id}`;
    expect((await update(def, id, { existingImages: [{ url: urls[0], translations: { kn: { description: 'ಮೊದಲ' } } }] })).statusCode).toBe(
      200,
    );
    expect((await update(def, id, { existingImages: [{ url: urls[0], translations: { kn: { description: 'ಎರಡನೆಯ' } } }] })).statusCode).toBe(
      200,
    );
    const versions = (await t.app.inject({ method: 'GET', url: `${base}/versions`, headers: auth() })).json().data;
    const [newest, previous] = versions.versions as { number: number; changedFields: string[]; changedLabels: string[] }[];
    // the Kannada text alone changed: not the images themselves
    expect(newest.changedFields).toEqual(['images.0.translations.kn.description']);
    expect(newest.changedLabels).toContain('Image 1 description (Kannada)');
    const compared = (
      await t.app.inject({ method: 'GET', url: `${base}/versions/compare?from=${previous.number}&to=${newest.number}`, headers: auth() })
    ).json() as CompareReply;
    const field = compared.data.fields.find((entry) => entry.field === 'images.0.translations.kn.description');
    expect(field).toMatchObject({ label: 'Image 1 description (Kannada)', changed: true, kind: 'text' });
    expect(compared.data.fields.find((entry) => entry.field === 'images')).toMatchObject({ changed: false, kind: 'images' });

    const restored = await t.app.inject({
      method: 'POST',
      url: `${base}/versions/${previous.number}/restore`,
      headers: auth(),
      payload: {},
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(((await stored(def, id)).images as Image[])[0].translations).toMatchObject({ kn: { description: 'ಮೊದಲ' } });
  });

  it('a draft carries them; visitors keep the published ones until Publish', async () => {
    const draft = await t.app.inject({
      method: 'PUT',
      url: `/api/${def.path}/${id}/draft`,
      headers: auth(),
      payload: { existingImages: [{ url: urls[0], translations: { kn: { description: 'ಕರಡು' } } }] },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const managed = await stored(def, id);
    expect(((managed.draft as AnyRecord).images as Image[])[0].translations).toMatchObject({ kn: { description: 'ಕರಡು' } });
    expect(((await inKannada(def, 'gallery', id)).images as Image[])[0].description).toBe('ಮೊದಲ');
    expect((await t.app.inject({ method: 'POST', url: `/api/${def.path}/${id}/publish`, headers: auth() })).statusCode).toBe(200);
    expect(((await inKannada(def, 'gallery', id)).images as Image[])[0].description).toBe('ಕರಡು');
  });
});

describe('a URL list’s alt text in Kannada (projects’ imageDetails)', () => {
  const def = resources.project;

  it('is kept inside each imageDetails entry, follows a reorder, and a Kannada read shows it before the library’s', async () => {
    const record = await create(
      def,
      { newImageDetails: JSON.stringify([{ alt: 'Front', translations: { kn: { alt: 'ಮುಂಭಾಗ' } } }, { alt: 'Back' }]) },
      [
        { field: 'images', data: await makeImage('jpeg', 420, 310) },
        { field: 'images', data: await makeImage('jpeg', 430, 320) },
      ],
    );
    const [front, back] = record.images as string[];
    expect(record.imageDetails).toEqual([
      { url: front, alt: 'Front', focusX: 50, focusY: 50, translations: { kn: { alt: 'ಮುಂಭಾಗ' } } },
      { url: back, alt: 'Back', focusX: 50, focusY: 50 },
    ]);
    // a description is not a URL list's text: it is not kept
    const reordered = await update(def, record._id, { existingImages: [back, { url: front, translations: { kn: { description: 'x' } } }] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const details = (await stored(def, record._id)).imageDetails as Image[];
    expect(details.map((entry) => entry.url)).toEqual([back, front]);
    expect(details[1].translations).toEqual({ kn: { alt: 'ಮುಂಭಾಗ' } });

    // the library's Kannada alt text of the other image: shown where the use has none of its own
    const entry = (await libraryEntry(t, back))!;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/media/${entry.id}`,
      headers: auth(),
      payload: { translations: { kn: { alt: 'ಹಿಂಭಾಗ' } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    let shown = await inKannada(def, 'project', record._id);
    expect((shown.imageDetails as Image[]).map((image) => image.alt)).toEqual(['ಹಿಂಭಾಗ', 'ಮುಂಭಾಗ']);
    expect(shown).not.toHaveProperty('fallbackFields');

    // the use's own Kannada alt text comes before the library's; without either, English, marked
    expect(
      (
        await update(def, record._id, {
          existingImages: [
            { url: back, translations: { kn: { alt: 'ಹಿತ್ತಲು' } } },
            { url: front, translations: { kn: { alt: '' } } },
          ],
        })
      ).statusCode,
    ).toBe(200);
    shown = await inKannada(def, 'project', record._id);
    expect((shown.imageDetails as Image[]).map((image) => image.alt)).toEqual(['ಹಿತ್ತಲು', 'Front']);
    expect(shown.fallbackFields).toEqual(['imageDetails.1.alt']);
  });
});

describe('a single image’s alt text in Kannada (the record’s translations.kn.imageAlt)', () => {
  const def = resources.clients;

  it('is a translated place of the record: stored, checked with the alt text’s limit, shown on a Kannada read, blank removes', async () => {
    const record = await create(def, { imageAlt: 'A family', translations: JSON.stringify({ kn: { imageAlt: 'ಒಂದು ಕುಟುಂಬ' } }) });
    expect(record.translations).toEqual({ kn: { imageAlt: 'ಒಂದು ಕುಟುಂಬ' } });
    let shown = await inKannada(def, 'clients', record._id);
    expect(shown.imageAlt).toBe('ಒಂದು ಕುಟುಂಬ');
    expect(shown.fallbackFields ?? []).not.toContain('imageAlt');

    const refused = await update(def, record._id, { translations: { kn: { imageAlt: 'ಅ'.repeat(251) } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Alt text (Kannada) must be at most 250 characters');

    expect((await update(def, record._id, { translations: { kn: { imageAlt: '' } } })).statusCode).toBe(200);
    shown = await inKannada(def, 'clients', record._id);
    expect(shown.imageAlt).toBe('A family');
    expect(shown.fallbackFields).toContain('imageAlt');
  });
});
