/**
 * A 16th resource is one definition: from the throwaway `widgets` definition alone come its table
 * (created here by drizzle-kit's migration generator, as `npm run db:generate` would write it), its
 * validation and its API, exercised end to end through the real app.
 */
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { buildResourceTable } from '../db/resource-tables';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';
import { widgets } from '../test/widget-resource';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { extraResources: { widgets } });
  // the migration a new definition brings: generated from its table, not written by hand
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ widgets: buildResourceTable(widgets) }));
  expect(statements.join('\n')).toContain('CREATE TABLE "widgets"');
  for (const statement of statements) await t.services.database.db.execute(sql.raw(statement));
  token = await t.login();
});
afterAll(() => t.close());

/** `count` photos, each of its own bytes (the library would merge identical ones into one image). */
const images = async (count: number): Promise<FilePart[]> =>
  Promise.all(Array.from({ length: count }, async () => ({ field: 'images', data: await makeImage('jpeg', 400, 300) })));

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, fields?: Record<string, string>, files: FilePart[] = []) {
  const body = fields ? multipart(fields, files) : { headers: {} };
  const reply = await t.app.inject({ method, url, ...body, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return { status: reply.statusCode, json: reply.json() };
}

async function list() {
  const reply = await t.app.inject({ method: 'GET', url: '/api/widgets' });
  expect(reply.statusCode).toBe(200);
  expect(reply.json().success).toBe(true);
  return reply.json().data as Record<string, unknown>[];
}

describe('a resource added by one definition', () => {
  let created: Record<string, unknown>;

  it('lists in the envelope its definition names, empty at first', async () => {
    expect(await list()).toEqual([]);
  });

  it('validates with the messages its definition gives', async () => {
    const { status, json } = await send('POST', '/api/widgets', { size: '-1' });
    expect(status).toBe(400);
    expect(json.errors).toEqual(['Name is required', 'Size must not be negative', 'Shape is required', 'At least one image is required']);
    expect(await list()).toEqual([]);
  });

  it('creates a record with every kind of field stored in its column', async () => {
    const { status, json } = await send(
      'POST',
      '/api/widgets',
      { name: 'Sprocket', size: '7', madeOn: '2026-02-03', shape: 'Round', tags: JSON.stringify(['brass', 'small']) },
      await images(2),
    );
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.message).toBe(apiMessages.created('Widget'));
    created = json.data;
    expect(created).toMatchObject({ name: 'Sprocket', size: 7, madeOn: '2026-02-03', shape: 'Round', tags: ['brass', 'small'] });
    expect(created.images).toHaveLength(2);
    expect(await list()).toEqual([created]);
  });

  it('updates only what is sent: the rest, images included, keeps its value', async () => {
    const { status, json } = await send('PUT', `/api/widgets/${String(created._id)}`, { madeOn: '', size: '9' });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.message).toBe(apiMessages.updated('Widget'));
    // an update's reply also names the revision it made, for the editor's next save (decision 0044)
    const { revision, ...record } = json.data as Record<string, unknown>;
    expect(revision).toMatch(/^\d+\.\d+$/);
    expect(record).toEqual({ ...created, madeOn: '', size: 9, updatedAt: record.updatedAt });
    created = record;
  });

  it('keeps exactly the images listed in existingImages', async () => {
    const [first] = created.images as string[];
    const { status, json } = await send('PUT', `/api/widgets/${String(created._id)}`, { existingImages: JSON.stringify([first]) });
    expect(status).toBe(200);
    expect(json.data.images).toEqual([first]);
    const { revision: _revision, ...record } = json.data as Record<string, unknown>;
    expect(await list()).toEqual([record]);
  });

  it('deletes', async () => {
    const { status, json } = await send('DELETE', `/api/widgets/${String(created._id)}`);
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, message: apiMessages.deleted('Widget') });
    expect(await list()).toEqual([]);
    await t.renditionsDone();
  });
});
