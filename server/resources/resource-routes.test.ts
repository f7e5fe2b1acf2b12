/**
 * Every content resource through the real app: list envelope, create with images,
 * update with and without a new image (the replaced one kept by the media library), delete (its files gone once the
 * library's entry is deleted too), every required
 * message, and no change at all for a rejected or unauthenticated write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import { RESOURCE_KEYS, resources, type ResourceDef } from '../../shared/resources';
import { sampleFields, sampleImageCount } from '../test/sample-records';
import { deleteFromLibrary, libraryEntry } from '../test/media-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';

let t: TestApp;
let token: string;

beforeAll(async () => {
  // one version kept (REVISIONS_KEEP=1): an update's replaced images are then named by nothing and go at once;
  // with more kept, a version keeps them (server/history/history.test.ts)
  t = await createTestApp({ revisionsKeep: 1 });
  token = await t.login();
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${token}` });
/** Photos of their own bytes: the media library would merge the same bytes into one image, whose files then stay. */
const files = (def: ResourceDef, count: number): Promise<FilePart[]> =>
  Promise.all(Array.from({ length: count }, async () => ({ field: def.image.field, data: await makeImage('jpeg', 900, 600) })));

function listOf(def: ResourceDef, body: unknown): Record<string, unknown>[] {
  if (def.listEnvelope === 'array') return body as Record<string, unknown>[];
  const envelope = body as Record<string, unknown>;
  expect(envelope.success).toBe(true);
  return envelope[def.listEnvelope] as Record<string, unknown>[];
}

async function list(def: ResourceDef) {
  const reply = await t.app.inject({ method: 'GET', url: `/api/${def.path}` });
  expect(reply.statusCode).toBe(200);
  return listOf(def, reply.json());
}

function imageUrlsOf(def: ResourceDef, record: Record<string, unknown>): string[] {
  const value = record[def.image.field];
  if (typeof value === 'string') return [value];
  return (value as (string | { url: string })[]).map((item) => (typeof item === 'string' ? item : item.url));
}

const uploadsDir = () => path.join(t.env.dataDir, 'uploads');
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
const fileExists = (url: string) => fs.existsSync(path.join(uploadsDir(), path.basename(url)));

describe.each(RESOURCE_KEYS.map((key) => [key, resources[key] as ResourceDef] as const))('/api/%s', (key, def) => {
  const base = `/api/${def.path}`;
  /** The resource's update (PUT or PATCH) of the record made above, as an admin. */
  const update = (body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: def.updateMethod, url: `${base}/${created._id}`, ...body, headers: { ...body.headers, ...auth() } });
  let created: Record<string, unknown>;

  it('lists in the spec envelope, empty at first', async () => {
    expect(await list(def)).toEqual([]);
  });

  it('refuses writes without a valid token and stores nothing', async () => {
    const before = storedFiles();
    const body = multipart(sampleFields(def), await files(def, sampleImageCount(def)));
    for (const authorization of [undefined, 'Bearer not-a-token', 'Basic YWRtaW46YWRtaW4=']) {
      const reply = await t.app.inject({
        method: 'POST',
        url: base,
        ...body,
        headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ success: false, message: apiMessages.unauthorized });
    }
    expect(await list(def)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('gives every required message at once and changes nothing', async () => {
    const before = storedFiles();
    const body = multipart({});
    const reply = await t.app.inject({ method: 'POST', url: base, ...body, headers: { ...body.headers, ...auth() } });
    expect(reply.statusCode).toBe(400);
    const { success, errors, message } = reply.json();
    expect(success).toBe(false);
    const expected = new Set<string>();
    for (const field of def.fields) if (field.required) expected.add(field.required);
    expected.add(def.image.kind === 'single' ? def.image.requiredOnCreate : def.image.minMessage.replace('{count}', '0'));
    expect(new Set(errors)).toEqual(expected);
    expect(message).toBe(errors[0]);
    expect(await list(def)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('creates a record with its image(s) re-encoded as WebP and AVIF renditions', async () => {
    const body = multipart(sampleFields(def), await files(def, sampleImageCount(def)));
    const reply = await t.app.inject({ method: 'POST', url: base, ...body, headers: { ...body.headers, ...auth() } });
    expect(reply.statusCode, reply.body).toBe(201);
    const json = reply.json();
    expect(json.success).toBe(true);
    expect(json.message).toBe(apiMessages.created(def.noun));
    created = json.data;
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);
    for (const field of def.fields.filter((f) => f.kind === 'text')) expect(created[field.name]).toBe(`${field.label} one`);
    const urls = imageUrlsOf(def, created);
    expect(urls).toHaveLength(sampleImageCount(def));
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/[a-f0-9]+_900x600\.webp$/);
      // the stored URL is there with the reply; the other renditions come from the background job
      expect(fileExists(url), url).toBe(true);
    }
    await t.renditionsDone();
    for (const url of urls) {
      for (const rendition of allRenditionUrls(url)) expect(fileExists(rendition), rendition).toBe(true);
      expect(allRenditionUrls(url).some((u) => u.endsWith('.avif'))).toBe(true);
      expect(fileExists(url.replace('.webp', '.source')), 'the source goes once the renditions are made').toBe(false);
    }
    expect(await list(def)).toEqual([created]);
  });

  it('updates text without a new image and keeps the image', async () => {
    const fields = sampleFields(def, 'two');
    const existing: Record<string, string> =
      def.image.kind === 'multiple' ? { existingImages: JSON.stringify(created[def.image.field]) } : {};
    const body = multipart({ ...fields, ...existing });
    const reply = await update(body);
    expect(reply.statusCode, reply.body).toBe(200);
    const updated = reply.json().data;
    expect(reply.json().message).toBe(apiMessages.updated(def.noun));
    const textField = def.fields.find((f) => f.kind === 'text')!;
    expect(updated[textField.name]).toBe(`${textField.label} two`);
    expect(updated[def.image.field]).toEqual(created[def.image.field]);
    for (const url of imageUrlsOf(def, created)) expect(fileExists(url)).toBe(true);
    created = updated;
  });

  it('keeps every field and image an update leaves out', async () => {
    const textField = def.fields.find((f) => f.kind === 'text')!;
    const body = multipart({ [textField.name]: 'Only this changes' });
    const reply = await update(body);
    expect(reply.statusCode, reply.body).toBe(200);
    const updated = reply.json().data;
    expect(updated).toEqual({
      ...created,
      [textField.name]: 'Only this changes',
      updatedAt: updated.updatedAt,
      revision: updated.revision,
    });
    created = updated;
  });

  it('updates with a new image; the replaced one stays in the media library, unused', async () => {
    const oldUrls = imageUrlsOf(def, created);
    const count = sampleImageCount(def);
    const body = multipart({ existingImages: '[]' }, await files(def, count));
    const reply = await update(body);
    expect(reply.statusCode, reply.body).toBe(200);
    const updated = reply.json().data;
    const newUrls = imageUrlsOf(def, updated);
    expect(newUrls).toHaveLength(count);
    for (const url of newUrls) expect(oldUrls).not.toContain(url);
    for (const url of oldUrls) {
      expect(fileExists(url)).toBe(true);
      expect(await libraryEntry(t, url)).toBeDefined();
    }
    for (const url of newUrls) expect(fileExists(url)).toBe(true);
    created = updated;
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const body = multipart(sampleFields(def));
    const malformed = await t.app.inject({
      method: def.updateMethod,
      url: `${base}/not-an-id`,
      ...body,
      headers: { ...body.headers, ...auth() },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(apiMessages.invalidId);
    const unknown = await t.app.inject({ method: 'DELETE', url: `${base}/00000000-0000-4000-8000-000000000000`, headers: auth() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: apiMessages.recordNotFound(def.noun) });
  });

  it('refuses a delete without a token', async () => {
    const reply = await t.app.inject({ method: 'DELETE', url: `${base}/${created._id}` });
    expect(reply.statusCode).toBe(401);
    expect(await list(def)).toHaveLength(1);
  });

  it('moves the record to the trash (files kept); deleting it forever, then its images in the library, removes its files', async () => {
    const urls = imageUrlsOf(def, created);
    const reply = await t.app.inject({ method: 'DELETE', url: `${base}/${created._id}`, headers: auth() });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: apiMessages.deleted(def.noun) });
    expect(await list(def)).toEqual([]);
    await t.renditionsDone();
    // in the trash its images stay: a restore brings it back exactly
    for (const url of urls) expect(fileExists(url)).toBe(true);
    const forever = await t.app.inject({ method: 'DELETE', url: `/api/trash/${key}/${created._id}`, headers: auth() });
    expect(forever.statusCode).toBe(200);
    expect(forever.json()).toEqual({ success: true, message: apiMessages.deletedForever(def.noun) });
    // the library keeps them, unused, until they are deleted there
    for (const url of urls) expect(fileExists(url)).toBe(true);
    for (const url of urls) await deleteFromLibrary(t, token, url);
    // a job busy with these images stops at its next step and takes back what it stored meanwhile
    await t.renditionsDone();
    for (const url of urls) for (const rendition of allRenditionUrls(url)) expect(fileExists(rendition)).toBe(false);
    for (const url of urls) expect(fileExists(url.replace('.webp', '.source'))).toBe(false);
    // no upload or staged rendition is left behind by any of the writes above, nor by their background jobs
    expect(fs.readdirSync(path.join(t.env.dataDir, 'tmp'))).toEqual([]);
  });
});
