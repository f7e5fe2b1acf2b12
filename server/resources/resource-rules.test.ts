/** The rules of particular resources (admin spec section 5) and hostile values. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { resources, UNITS_POSITIVE_MESSAGE, type ResourceDef } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';

let t: TestApp;
let token: string;
let jpeg: Buffer;

beforeAll(async () => {
  // one version kept (REVISIONS_KEEP=1): an update's replaced images are then named by nothing and go at once;
  // with more kept, a version keeps them (server/history/history.test.ts)
  t = await createTestApp({ revisionsKeep: 1 });
  token = await t.login();
  jpeg = await makeImage('jpeg', 400, 300);
});
afterAll(() => t.close());

const images = (field: string, count: number): FilePart[] => Array.from({ length: count }, () => ({ field, data: jpeg }));

async function send(method: string, url: string, fields: Record<string, string>, files: FilePart[] = []) {
  const body = multipart(fields, files);
  const reply = await t.app.inject({
    method: method as 'POST',
    url,
    ...body,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  return { status: reply.statusCode, json: reply.json() };
}
const create = (def: ResourceDef, fields: Record<string, string>, count = 1) =>
  send('POST', `/api/${def.path}`, fields, images(def.image.field, count));
const uploadCount = () => {
  const dir = path.join(t.env.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

describe('projects', () => {
  const def = resources.project;

  it('needs positive units for Construction', async () => {
    for (const units of ['0', '', '-3']) {
      const { status, json } = await create(def, { ...sampleFields(def), category: 'Construction', units });
      expect(status).toBe(400);
      expect(json.errors).toContain(units === '-3' ? 'Units (Scope) must not be negative' : UNITS_POSITIVE_MESSAGE);
    }
  });

  it('stores 0 units for Interior whatever is sent, and the public-side fields', async () => {
    const { status, json } = await create(def, {
      ...sampleFields(def),
      category: 'Interior',
      units: '40',
      status: 'Completed',
      expectedCompletion: '',
      completionDate: '2025-03-01',
      clientSatisfaction: '98%',
      awards: JSON.stringify(['Best Interior 2025']),
      categories: JSON.stringify(['Modular Kitchen', 'Wardrobe']),
    });
    expect(status).toBe(201);
    expect(json.data).toMatchObject({
      units: 0,
      status: 'Completed',
      completionDate: '2025-03-01',
      clientSatisfaction: '98%',
      awards: ['Best Interior 2025'],
      categories: ['Modular Kitchen', 'Wardrobe'],
      expectedCompletion: '',
    });
  });

  it('limits the description to 500 characters', async () => {
    const ok = await create(def, { ...sampleFields(def), description: 'x'.repeat(500) });
    expect(ok.status).toBe(201);
    const tooLong = await create(def, { ...sampleFields(def), description: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors).toEqual(['Description must be at most 500 characters']);
  });

  it('takes statuses and categories only from their lists, and real dates', async () => {
    const { json } = await create(def, { ...sampleFields(def), status: 'Finished', category: 'Gardening', launchDate: '2025-02-30' });
    expect(json.errors).toEqual([
      'Category must be one of: Construction, Interior',
      'Launch Date must be a date (YYYY-MM-DD)',
      'Status must be one of: Upcoming, Ongoing, Completed',
    ]);
  });

  it('keeps the listed existing images, adds new ones and deletes the rest', async () => {
    const { json } = await create(def, sampleFields(def), 3);
    const [a, b, c] = json.data.images as string[];
    const updated = await send('PUT', `/api/project/${json.data._id}`, { existingImages: JSON.stringify([c, a]) }, images('images', 1));
    expect(updated.status).toBe(200);
    const result = updated.json.data.images as string[];
    expect(result.slice(0, 2)).toEqual([c, a]);
    expect(result).toHaveLength(3);
    expect(fs.existsSync(path.join(t.env.dataDir, 'uploads', path.basename(b)))).toBe(false);
  });

  it('refuses to keep an image the record does not have', async () => {
    const { json } = await create(def, sampleFields(def), 1);
    const other = await create(def, sampleFields(def), 1);
    const foreign = other.json.data.images[0];
    for (const existingImages of [JSON.stringify([foreign]), JSON.stringify(['/etc/passwd']), '{"a":1}', 'not json']) {
      const reply = await send('PUT', `/api/project/${json.data._id}`, { existingImages });
      expect(reply.status).toBe(400);
    }
    const removedAll = await send('PUT', `/api/project/${json.data._id}`, { existingImages: '[]' });
    expect(removedAll.json.errors).toEqual(['At least one image is required']);
  });
});

describe('gallery', () => {
  const def = resources.gallery;

  it('stores a description per image', async () => {
    const { status, json } = await send(
      'POST',
      '/api/gallery',
      { ...sampleFields(def), description: JSON.stringify(['Front', 'Back']) },
      images('images', 2),
    );
    expect(status).toBe(201);
    expect(json.data.images.map((i: { description: string }) => i.description)).toEqual(['Front', 'Back']);
    const [front, back] = json.data.images;
    const updated = await send(
      'PUT',
      `/api/gallery/${json.data._id}`,
      {
        existingImages: JSON.stringify([{ url: back.url, description: 'Rear view' }]),
        description: JSON.stringify(['Side']),
      },
      images('images', 1),
    );
    expect(updated.json.data.images.map((i: { description: string }) => i.description)).toEqual(['Rear view', 'Side']);
    expect(updated.json.data.images[0].url).toBe(back.url);
    expect(updated.json.data.images.some((i: { url: string }) => i.url === front.url)).toBe(false);
  });

  it('keeps every image on an update that leaves existingImages out (a PUT with only a title)', async () => {
    const { json } = await create(def, sampleFields(def), 2);
    const before = json.data.images;
    const updated = await send('PUT', `/api/gallery/${json.data._id}`, { title: 'Only the title changes' });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json.data.title).toBe('Only the title changes');
    expect(updated.json.data.category).toBe(json.data.category);
    expect(updated.json.data.images).toEqual(before);
    // the same as a JSON body
    const reply = await t.app.inject({
      method: 'PUT',
      url: `/api/gallery/${json.data._id}`,
      payload: { title: 'Retitled again' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.images).toEqual(before);
  });

  it('keeps exactly the listed images when existingImages is given', async () => {
    const { json } = await create(def, sampleFields(def), 3);
    const [first, , third] = json.data.images;
    const updated = await send('PUT', `/api/gallery/${json.data._id}`, { existingImages: JSON.stringify([third, first]) });
    expect(updated.status).toBe(200);
    expect(updated.json.data.images).toEqual([third, first]);
    const emptied = await send('PUT', `/api/gallery/${json.data._id}`, { existingImages: '[]' });
    expect(emptied.status).toBe(400);
    expect(emptied.json.errors).toEqual(['At least one image is required']);
  });

  it('refuses more than 20 images, storing none', async () => {
    await t.renditionsDone(); // earlier saves' background renditions are not this write's files
    const before = uploadCount();
    const { status, json } = await create(def, sampleFields(def), 21);
    expect(status).toBe(400);
    expect(json.errors).toEqual(['Maximum 20 images allowed']);
    expect(uploadCount()).toBe(before);
  });
});

describe('community entries', () => {
  const def = resources.communityAbout;

  it('needs exactly 3 images', async () => {
    for (const count of [2, 4]) {
      const { status, json } = await create(def, sampleFields(def), count);
      expect(status).toBe(400);
      expect(json.errors).toEqual([`Please upload exactly 3 images. You currently have ${count}.`]);
    }
    expect((await create(def, sampleFields(def), 3)).status).toBe(201);
  });
});

describe('messages that name several fields at once', () => {
  it('solutions say "Name and image are required." once', async () => {
    const { json } = await send('POST', '/api/solution', {});
    expect(json.errors).toEqual(['Name and image are required.']);
  });
  it('portfolio says "Category, Title, and Image are required." once', async () => {
    const { json } = await send('POST', '/api/interiorportfolio', {});
    expect(json.errors).toEqual(['Category, Title, and Image are required.']);
  });
  it('the interior banner updates with PATCH only', async () => {
    const { json } = await create(resources.Interiorbanner, sampleFields(resources.Interiorbanner));
    const put = await send('PUT', `/api/Interiorbanner/${json.data._id}`, { title: 'New' });
    expect(put.status).toBe(404);
    const patch = await send('PATCH', `/api/Interiorbanner/${json.data._id}`, { title: 'New' });
    expect(patch.status).toBe(200);
    expect(patch.json.data.title).toBe('New');
  });
});

describe('hostile values', () => {
  it('refuses oversized text with a clear message', async () => {
    const def = resources.banners;
    const { status, json } = await create(def, { title: 'x'.repeat(5000), description: 'y'.repeat(3000) });
    expect(status).toBe(400);
    expect(json.errors).toEqual(['Title must be at most 200 characters', 'Description must be at most 2000 characters']);
  });

  it('refuses links that are not http(s)', async () => {
    const def = resources['team-members'];
    const { json } = await create(def, { ...sampleFields(def), linkedin: 'javascript:alert(1)' });
    expect(json.errors).toEqual(['LinkedIn must be a link starting with http:// or https://']);
  });

  it('stores markup as plain text', async () => {
    const { json } = await create(resources.property, { title: '<img src=x onerror=alert(1)>' });
    expect(json.data.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('refuses files under other field names', async () => {
    await t.renditionsDone();
    const before = uploadCount();
    const { status, json } = await send('POST', '/api/property', { title: 'A' }, images('avatar', 1));
    expect(status).toBe(400);
    expect(json.message).toBe(apiMessages.unexpectedFile('avatar'));
    expect(uploadCount()).toBe(before);
  });
});
