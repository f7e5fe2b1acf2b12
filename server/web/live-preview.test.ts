/**
 * The live preview (issue 25): POST /api/preview renders the public page an item appears on with the item as its
 * form holds it, for staff with the content area only, stores nothing, and is kept by no cache.
 * Needs the built front end (`npm run build`).
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resources, type ResourceDef } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { editorToken, salesToken } from '../test/step-up';
import { makeImage, multipart } from '../test/test-images';
import { webTestApp } from '../test/web-test-app';

const site = webTestApp();

const auth = (bearer = site.token) => ({ authorization: `Bearer ${bearer}` });
type Rec = Record<string, unknown> & { _id: string };

async function create(key: keyof typeof resources, tag: string): Promise<Rec> {
  const def: ResourceDef = resources[key];
  const body = multipart(sampleFields(def, tag), [{ field: def.image.field, data: await makeImage('jpeg', 320, 240) }]);
  const reply = await site.web.inject({ method: 'POST', url: `/api/${def.path}`, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as Rec;
}

const preview = (payload: unknown, headers: Record<string, string> = auth()) =>
  site.web.inject({ method: 'POST', url: '/api/preview', headers, payload: payload as Record<string, unknown> });

describe('a live preview', () => {
  it('shows an item with its unsaved values in its place on its public page, and stores nothing', async () => {
    const story = await create('clients', 'stored words');
    const unsaved = `Unsaved testimonial ${crypto.randomUUID()}`;
    const reply = await preview({
      resource: 'clients',
      id: story._id,
      fields: { name: String(story.name), title: String(story.title), description: unsaved, category: String(story.category) },
      images: [{ url: story.image, alt: 'A new description of the photo' }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers['x-robots-tag']).toBe('noindex');
    expect(reply.body).toContain(unsaved);
    expect(reply.body).not.toContain(String(story.description));
    expect(reply.body).toContain('A new description of the photo');
    // nothing stored: the list, the public page and the stored item are as they were
    const list = await site.web.inject({ method: 'GET', url: '/api/clients' });
    expect(list.body).not.toContain(unsaved);
    expect((await site.web.inject({ method: 'GET', url: '/client' })).body).not.toContain(unsaved);
    expect(list.body).toContain(String(story.description));
  });

  it('shows an item not saved yet first, without an image, and ignores image URLs the item does not have', async () => {
    const name = `New client ${crypto.randomUUID()}`;
    const reply = await preview({
      resource: 'clients',
      id: crypto.randomUUID(),
      fields: { name, title: 'A villa', description: 'Not saved yet', category: 'Interior' },
      images: [{ url: 'https://tracker.example/pixel.gif' }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.body).toContain(name);
    expect(reply.body).not.toContain('tracker.example');
  });

  it('shows a hidden item (its place kept) to staff', async () => {
    const hidden = await create('gallery', 'hidden one');
    await site.web.inject({ method: 'PATCH', url: `/api/gallery/${hidden._id}/visibility`, headers: auth(), payload: { hidden: true } });
    const title = `Retitled ${crypto.randomUUID()}`;
    const reply = await preview({ resource: 'gallery', id: hidden._id, fields: { title }, images: [] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.body).toContain(title);
  });

  it('is for staff with the content area: no credential 401, an account without the area 403, an Editor 200', async () => {
    const body = { resource: 'clients', id: crypto.randomUUID(), fields: {}, images: [] };
    expect((await preview(body, {})).statusCode).toBe(401);
    expect((await preview(body, { authorization: 'Bearer forged' })).statusCode).toBe(401);
    const editor = await editorToken(site.web, site.token);
    expect((await preview(body, auth(editor))).statusCode).toBe(200);
    const sales = await salesToken(site.web, site.token, 'sales@example.com');
    expect((await preview(body, auth(sales))).statusCode).toBe(403);
  });

  it('shows the Kannada page with the form’s Kannada values, English where one is blank (issue 28)', async () => {
    const story = await create('clients', 'stored words');
    const fields = { name: String(story.name), title: String(story.title), description: String(story.description), category: 'Interior' };
    const kannada = `ಕನ್ನಡ ಅನುಭವ ${crypto.randomUUID()}`;
    const reply = await preview({
      resource: 'clients',
      id: story._id,
      fields,
      images: [{ url: story.image }],
      language: 'kn',
      // a field no definition knows, and a language that is none, are left out
      translations: { kn: { description: kannada, title: '', secret: 'not a field' }, xx: { description: 'no language' } },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.body).toMatch(/<html[^>]* lang="kn"/);
    expect(reply.body).toContain(kannada);
    expect(reply.body).not.toContain('not a field');
    expect(reply.body).not.toContain('no language');
    // the blank Kannada title falls back to the English one, marked as English
    expect(reply.body).toMatch(new RegExp(`lang="en"[^>]*>${String(story.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`));
    // the same form in English: the English page, no Kannada
    const english = await preview({
      resource: 'clients',
      id: story._id,
      fields,
      images: [{ url: story.image }],
      translations: { kn: { description: kannada } },
    });
    expect(english.body).toMatch(/<html[^>]* lang="en"/);
    expect(english.body).not.toContain(kannada);
    // nothing stored
    expect((await site.web.inject({ method: 'GET', url: '/kn/client' })).body).not.toContain(kannada);
    expect((await preview({ resource: 'clients', id: story._id, fields, images: [], language: 'fr' })).statusCode).toBe(400);
  });

  it('refuses a malformed request with 400 and changes nothing', async () => {
    for (const body of [
      {},
      { resource: 'no-such-thing', id: crypto.randomUUID(), fields: {}, images: [] },
      { resource: 'clients', id: 'not-a-uuid', fields: {}, images: [] },
      { resource: 'clients', id: crypto.randomUUID(), fields: { name: { nested: true } }, images: [] },
      { resource: 'clients', id: crypto.randomUUID(), fields: {}, images: [], extra: 1 },
    ]) {
      const reply = await preview(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toMatchObject({ success: false });
    }
    const huge = await preview({ resource: 'clients', id: crypto.randomUUID(), fields: { name: 'x'.repeat(300_000) }, images: [] });
    expect([400, 413]).toContain(huge.statusCode);
  });
});
