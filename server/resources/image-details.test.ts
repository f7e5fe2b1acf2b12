/**
 * Alt text and focal point of every image (docs/decisions/0022): they round-trip through create and
 * update (multipart and JSON), for a single image, the gallery's image objects and a URL list's
 * `imageDetails`; bad values are refused with a 400 and change nothing; the audit log shows changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, imageDetailMessages } from '../../shared/api-messages';
import type { AuditPage } from '../../shared/audit';
import { ALT_MAX } from '../../shared/image-details';
import { resources, type ResourceDef } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
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
const auth = () => ({ authorization: `Bearer ${token}` });
const files = (def: ResourceDef, count: number): FilePart[] =>
  Array.from({ length: count }, () => ({ field: def.image.field, data: jpeg }));

async function create(def: ResourceDef, fields: Record<string, string>, count = 1): Promise<AnyRecord> {
  const body = multipart({ ...sampleFields(def), ...fields }, files(def, count));
  const reply = await t.app.inject({ method: 'POST', url: `/api/${def.path}`, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { data: AnyRecord }).data;
}

/** An update with a JSON body, or a multipart one when `parts` is given. */
function update(def: ResourceDef, id: string, fields: Record<string, unknown>, parts?: FilePart[]) {
  const url = `/api/${def.path}/${id}`;
  if (!parts) return t.app.inject({ method: def.updateMethod, url, payload: fields, headers: auth() });
  const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const body = multipart(text, parts);
  return t.app.inject({ method: def.updateMethod, url, ...body, headers: { ...body.headers, ...auth() } });
}

/** The record as stored: the admin's list (the public one shows the media library's details where a use has none, decision 0048). */
async function stored(def: ResourceDef, id: string): Promise<AnyRecord> {
  const reply = await t.app.inject({ method: 'GET', url: `/api/${def.path}/manage`, headers: auth() });
  const body = reply.json() as AnyRecord[] | Record<string, AnyRecord[]>;
  const list = Array.isArray(body) ? body : body[def.listEnvelope];
  const found = list.find((record) => record._id === id);
  expect(found).toBeDefined();
  return found!;
}

async function expectRefused(def: ResourceDef, id: string, fields: Record<string, unknown>, message: string, multipartBody = false) {
  const before = await stored(def, id);
  const reply = await update(def, id, fields, multipartBody ? [] : undefined);
  expect(reply.statusCode, JSON.stringify(fields)).toBe(400);
  expect(reply.json()).toMatchObject({ success: false, message });
  expect(reply.body).not.toMatch(/stack|at \w+ \(/);
  expect(await stored(def, id)).toEqual(before);
}

describe('a single image (clients)', () => {
  const def = resources.clients;

  it('a new record has no alt text and the centre as its focal point', async () => {
    const record = await create(def, {});
    expect(record).toMatchObject({ imageAlt: '', imageFocusX: 50, imageFocusY: 50 });
  });

  it('round-trips through multipart create, JSON and multipart updates; left out keeps the value, even with a new image', async () => {
    const record = await create(def, { imageAlt: '  A family on their new terrace ', imageFocusX: '20', imageFocusY: '80' });
    expect(record).toMatchObject({ imageAlt: 'A family on their new terrace', imageFocusX: 20, imageFocusY: 80 });
    expect(await stored(def, record._id)).toMatchObject({ imageAlt: 'A family on their new terrace', imageFocusX: 20, imageFocusY: 80 });

    const json = await update(def, record._id, { imageAlt: 'The terrace at dusk', imageFocusX: 0, imageFocusY: 100 });
    expect(json.statusCode, json.body).toBe(200);
    expect(await stored(def, record._id)).toMatchObject({ imageAlt: 'The terrace at dusk', imageFocusX: 0, imageFocusY: 100 });

    const replaced = await update(def, record._id, { name: 'Renamed' }, files(def, 1));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await stored(def, record._id);
    expect(after.image).not.toBe(record.image);
    expect(after).toMatchObject({ name: 'Renamed', imageAlt: 'The terrace at dusk', imageFocusX: 0, imageFocusY: 100 });

    const cleared = await update(def, record._id, { imageAlt: '', imageFocusX: '65' }, []);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored(def, record._id)).toMatchObject({ imageAlt: '', imageFocusX: 65, imageFocusY: 100 });
  });

  it('refuses bad values with a 400 and changes nothing', async () => {
    const record = await create(def, { imageAlt: 'Kept', imageFocusX: '40', imageFocusY: '60' });
    await expectRefused(def, record._id, { imageAlt: 'x'.repeat(ALT_MAX + 1) }, imageDetailMessages.altTooLong(ALT_MAX));
    // the server's own NUL check answers before the alt text is read
    await expectRefused(def, record._id, { imageAlt: 'nul\u0000byte' }, apiMessages.textHasNul('Text'));
    await expectRefused(def, record._id, { imageAlt: { toString: 'x' } }, imageDetailMessages.altNotText);
    for (const focus of [101, -1, 1.5, '50; background:url(x)', '50%', null, [50], 'NaN']) {
      await expectRefused(def, record._id, { name: 'Changed', imageFocusX: focus }, imageDetailMessages.focusInvalid);
    }
    await expectRefused(def, record._id, { name: 'Changed', imageFocusY: '1e2' }, imageDetailMessages.focusInvalid, true);
    await expectRefused(def, record._id, { name: 'Changed', imageFocusY: '200' }, imageDetailMessages.focusInvalid, true);
  });

  it('the audit log shows a changed alt text and focal point as text fields', async () => {
    const record = await create(def, { imageAlt: 'Before' });
    const reply = await update(def, record._id, { imageAlt: 'After', imageFocusY: 10 });
    expect(reply.statusCode, reply.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/api/activity?kind=content.updated&limit=1', headers: auth() });
    const [entry] = (page.json() as { data: AuditPage }).data.entries;
    expect(entry.target?.id).toBe(record._id);
    expect(entry.details.changes).toEqual({
      imageAlt: { before: 'Before', after: 'After' },
      imageFocus: { before: '50% 50%', after: '50% 10%' },
    });
  });
});

describe('the gallery’s image objects', () => {
  const def = resources.gallery;
  type Image = { url: string; description: string; alt: string; focusX: number; focusY: number };

  it('carry alt text and focal point beside the description, through create and updates', async () => {
    const record = await create(
      def,
      {
        description: JSON.stringify(['Living room', 'Kitchen']),
        newImageDetails: JSON.stringify([{ alt: 'A bright living room', focusX: 10, focusY: 90 }, { alt: 'An open kitchen' }]),
      },
      2,
    );
    const images = record.images as Image[];
    expect(images).toEqual([
      { url: images[0].url, description: 'Living room', alt: 'A bright living room', focusX: 10, focusY: 90 },
      { url: images[1].url, description: 'Kitchen', alt: 'An open kitchen', focusX: 50, focusY: 50 },
    ]);

    // JSON: reorder, change one alt and focal point, keep the other as a plain URL
    const json = await update(def, record._id, {
      existingImages: [{ url: images[1].url, alt: 'The kitchen island', focusX: 70 }, images[0].url],
    });
    expect(json.statusCode, json.body).toBe(200);
    expect((await stored(def, record._id)).images).toEqual([
      { url: images[1].url, description: 'Kitchen', alt: 'The kitchen island', focusX: 70, focusY: 50 },
      { url: images[0].url, description: 'Living room', alt: 'A bright living room', focusX: 10, focusY: 90 },
    ]);

    // multipart: a new image with its own details, the kept ones unchanged
    const added = await update(
      def,
      record._id,
      { newImageDetails: [{ alt: 'The hallway', focusY: 0 }], description: ['Hall'] },
      files(def, 1),
    );
    expect(added.statusCode, added.body).toBe(200);
    const after = (await stored(def, record._id)).images as Image[];
    expect(after).toHaveLength(3);
    expect(after[2]).toMatchObject({ description: 'Hall', alt: 'The hallway', focusX: 50, focusY: 0 });
    expect(after[0]).toMatchObject({ alt: 'The kitchen island', focusX: 70 });
  });

  it('refuses bad details with a 400 and changes nothing', async () => {
    const record = await create(def, { newImageDetails: JSON.stringify([{ alt: 'One' }]) });
    const [image] = record.images as Image[];
    await expectRefused(
      def,
      record._id,
      { existingImages: [{ url: image.url, alt: 'y'.repeat(ALT_MAX + 1) }] },
      imageDetailMessages.altTooLong(ALT_MAX),
    );
    await expectRefused(def, record._id, { existingImages: [{ url: image.url, focusX: '<script>' }] }, imageDetailMessages.focusInvalid);
    await expectRefused(def, record._id, { existingImages: [{ url: image.url, alt: ['x'] }] }, imageDetailMessages.altNotText);
    await expectRefused(def, record._id, { title: 'Changed', newImageDetails: 'not json' }, imageDetailMessages.invalidDetails, true);
    await expectRefused(def, record._id, { title: 'Changed', newImageDetails: [{ alt: 'x' }] }, imageDetailMessages.invalidDetails);
    await expectRefused(def, record._id, { title: 'Changed', newImageDetails: ['alt'] }, imageDetailMessages.invalidDetails);
  });
});

describe('a URL list’s imageDetails (projects)', () => {
  const def = resources.project;

  it('keeps `images` as URLs and gives one details entry per URL, in their order', async () => {
    const record = await create(
      def,
      { newImageDetails: JSON.stringify([{ alt: 'The facade' }, { alt: 'The lobby', focusX: 30, focusY: 20 }]) },
      2,
    );
    const images = record.images as string[];
    expect(images.every((url) => typeof url === 'string')).toBe(true);
    expect(record.imageDetails).toEqual([
      { url: images[0], alt: 'The facade', focusX: 50, focusY: 50 },
      { url: images[1], alt: 'The lobby', focusX: 30, focusY: 20 },
    ]);

    const json = await update(def, record._id, { existingImages: [images[1], { url: images[0], alt: 'The facade at night' }] });
    expect(json.statusCode, json.body).toBe(200);
    const after = await stored(def, record._id);
    expect(after.images).toEqual([images[1], images[0]]);
    expect(after.imageDetails).toEqual([
      { url: images[1], alt: 'The lobby', focusX: 30, focusY: 20 },
      { url: images[0], alt: 'The facade at night', focusX: 50, focusY: 50 },
    ]);

    const page = await t.app.inject({ method: 'GET', url: '/api/activity?kind=content.updated&limit=1', headers: auth() });
    const [entry] = (page.json() as { data: AuditPage }).data.entries;
    expect(entry.details.changes).toEqual({ 'imageAlt[2]': { before: 'The facade', after: 'The facade at night' } });
  });

  it('refuses a focal point out of range and changes nothing', async () => {
    const record = await create(def, {});
    const [url] = record.images as string[];
    await expectRefused(def, record._id, { existingImages: [{ url, focusY: 101 }] }, imageDetailMessages.focusInvalid);
  });
});

describe('the order of several images (imageOrder): the first is the cover', () => {
  it('puts a new photo among the kept ones, as multipart and JSON, on the gallery and projects', async () => {
    for (const def of [resources.gallery, resources.project]) {
      const record = await create(def, { newImageDetails: JSON.stringify([{ alt: 'First' }, { alt: 'Second' }]) }, 2);
      const urls = (record.images as (string | { url: string })[]).map((image) => (typeof image === 'string' ? image : image.url));
      // kept: the second, then the first; new: one file; stored: the new one, the first, the second
      const reply = await update(
        def,
        record._id,
        { existingImages: [urls[1], urls[0]], newImageDetails: [{ alt: 'Cover' }], imageOrder: [2, 1, 0] },
        files(def, 1),
      );
      expect(reply.statusCode, reply.body).toBe(200);
      const after = await stored(def, record._id);
      const order = (after.images as (string | { url: string })[]).map((image) => (typeof image === 'string' ? image : image.url));
      expect(order.slice(1)).toEqual([urls[0], urls[1]]);
      expect(urls).not.toContain(order[0]);
      // the gallery keeps the details in its image objects, projects in imageDetails
      const details = (Array.isArray(after.imageDetails) ? after.imageDetails : after.images) as { alt: string }[];
      const alts = details.map((image) => image.alt);
      expect(alts).toEqual(['Cover', 'First', 'Second']);

      // JSON, without new files: the order of the kept ones alone
      const json = await update(def, record._id, { existingImages: order, imageOrder: [1, 2, 0] });
      expect(json.statusCode, json.body).toBe(200);
      const again = await stored(def, record._id);
      expect((again.images as (string | { url: string })[]).map((image) => (typeof image === 'string' ? image : image.url))).toEqual([
        order[1],
        order[2],
        order[0],
      ]);
    }
  });

  it('refuses an order that does not name each image once, and changes nothing', async () => {
    const def = resources.gallery;
    const record = await create(def, {}, 2);
    const urls = (record.images as { url: string }[]).map((image) => image.url);
    for (const imageOrder of [[0], [0, 0], [0, 2], [-1, 0], [0.5, 1], ['0', '1'], { 0: 1 }, 'first']) {
      await expectRefused(def, record._id, { existingImages: urls, imageOrder }, apiMessages.invalidImageOrder);
    }
    await expectRefused(
      def,
      record._id,
      { existingImages: JSON.stringify(urls), imageOrder: '[1,0,2]' },
      apiMessages.invalidImageOrder,
      true,
    );
  });
});

describe('the OpenAPI description', () => {
  it('describes the alt text and focal point in records and writes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
    };
    const clients = JSON.stringify(doc.paths['/api/clients'].get.responses?.['200']);
    for (const name of ['imageAlt', 'imageFocusX', 'imageFocusY']) expect(clients).toContain(`"${name}"`);
    expect(JSON.stringify(doc.paths['/api/clients'].post.requestBody)).toContain('"imageAlt"');
    const projects = JSON.stringify(doc.paths['/api/project'].get.responses?.['200']);
    expect(projects).toContain('"imageDetails"');
    const gallery = JSON.stringify(doc.paths['/api/gallery'].get.responses?.['200']);
    expect(gallery).toContain('"focusX"');
    expect(JSON.stringify(doc.paths['/api/gallery/{id}'].put.requestBody)).toContain('"newImageDetails"');
  });
});
