/**
 * Drafts through the real app, pages included (docs/decisions/0039): a draft of a published item changes nothing
 * visitors see (page, public API, sitemap, image URLs) until Publish; Unpublish takes an item off every path; an
 * item created as a draft is invisible until published; autosave overwrites its draft in place; restore as a
 * draft; discard; bad input changes nothing; roles, the origin rule and the audit log.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { draftMessages } from '../../shared/drafts';
import type { VersionListReply } from '../../shared/history';
import { resources } from '../../shared/resources';
import { imageCountMessage } from '../../shared/validation';
import { sampleFields } from '../test/sample-records';
import { editorToken, salesToken } from '../test/step-up';
import { TEST_ADMIN } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';
import { webTestApp } from '../test/web-test-app';

const site = webTestApp();
let jpeg: Buffer;
const def = resources.clients;
const base = `/api/${def.path}`;
/** The public page that shows client stories. */
const PAGE = '/client';

beforeAll(async () => {
  jpeg = await makeImage('jpeg', 320, 240);
});

const auth = (bearer = site.token) => ({ authorization: `Bearer ${bearer}` });
type Rec = Record<string, unknown> & { _id: string; image: string };
type Managed = Rec & { state: string; published: boolean; hidden: boolean; draft: Record<string, unknown> | null };

const get = (url: string, bearer: string | null = site.token) =>
  site.web.inject({ method: 'GET', url, headers: bearer ? auth(bearer) : {} });
const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;

async function create(description: string, url = base): Promise<Rec> {
  const body = multipart({ ...sampleFields(def, 'drafts'), description }, [{ field: 'image', data: jpeg }]);
  const reply = await site.web.inject({ method: 'POST', url, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}

const saveDraft = (id: string, fields: Record<string, string>, query = '', bearer = site.token) =>
  site.web.inject({ method: 'PUT', url: `${base}/${id}/draft${query}`, headers: auth(bearer), payload: fields });
const post = (id: string, action: 'publish' | 'unpublish', bearer = site.token) =>
  site.web.inject({ method: 'POST', url: `${base}/${id}/${action}`, headers: auth(bearer) });

async function ok(reply: Awaited<ReturnType<typeof post>>) {
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** What a visitor sees: the public API's record, whether the page names `words`, and the image's status. */
async function visitor(id: string, words: string, image?: string) {
  const list = (await get(base, null)).json() as Rec[];
  const page = await get(PAGE, null);
  expect(page.statusCode).toBe(200);
  return {
    record: list.find((record) => record._id === id),
    onPage: page.body.includes(words),
    image: image ? (await get(image, null)).statusCode : undefined,
  };
}

async function managed(id: string): Promise<Managed> {
  const reply = await get(`${base}/manage`);
  expect(reply.statusCode).toBe(200);
  const found = (reply.json() as Managed[]).find((record) => record._id === id);
  expect(found).toBeDefined();
  return found!;
}

const versions = async (id: string): Promise<VersionListReply['data']> => (await get(`${base}/${id}/versions`)).json().data;
const sitemapLastmod = async () => /<loc>[^<]*\/client<\/loc><lastmod>([^<]+)</.exec((await get('/sitemap.xml', null)).body)?.[1];

describe('a draft of a published item', () => {
  it('changes nothing visitors see (page, API, sitemap) until Publish, which shows it everywhere', async () => {
    const live = unique('Live words');
    const drafted = unique('Draft words');
    const item = await create(live);
    const lastmod = await sitemapLastmod();
    const saved = await ok(await saveDraft(item._id, { description: drafted }));
    expect(saved).toMatchObject({ message: draftMessages.draftSaved, data: { id: item._id, state: 'changed' } });

    const before = await visitor(item._id, drafted);
    expect(before.record?.description).toBe(live);
    expect(before.onPage).toBe(false);
    expect(await sitemapLastmod()).toBe(lastmod);
    const listed = await managed(item._id);
    expect(listed.state).toBe('changed');
    expect(listed.description).toBe(live);
    expect(listed.draft?.description).toBe(drafted);

    const published = await ok(await post(item._id, 'publish'));
    expect(published).toMatchObject({ message: draftMessages.published(def.noun), data: { state: 'published' } });
    const after = await visitor(item._id, drafted);
    expect(after.record?.description).toBe(drafted);
    expect(after.onPage).toBe(true);
    expect(await sitemapLastmod()).not.toBe(lastmod);
    expect((await managed(item._id)).state).toBe('published');
    const history = await versions(item._id);
    expect(history.versions.slice(0, 3).map((version) => [version.status, version.event, version.current])).toEqual([
      ['published', 'published', true],
      ['draft', 'updated', false],
      ['published', 'created', false],
    ]);
    const activity = (await get('/api/activity?limit=10')).json().data.entries as { kind: string }[];
    expect(activity.map((event) => event.kind)).toEqual(expect.arrayContaining(['content.published', 'content.draft-saved']));
  });

  it('keeps a draft’s new image from visitors until it is published', async () => {
    const item = await create(unique('With a photo'));
    const body = multipart({}, [{ field: 'image', data: await makeImage('jpeg', 300, 200) }]);
    const reply = await site.web.inject({
      method: 'PUT',
      url: `${base}/${item._id}/draft`,
      ...body,
      headers: { ...body.headers, ...auth() },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const draftImage = String((await managed(item._id)).draft?.image);
    expect(draftImage).not.toBe(item.image);
    expect((await get(draftImage, null)).statusCode).toBe(404);
    expect((await get(item.image, null)).statusCode).toBe(200);
    await ok(await post(item._id, 'publish'));
    expect((await get(draftImage, null)).statusCode).toBe(200);
    expect((await visitor(item._id, '')).record?.image).toBe(draftImage);
  });

  it('autosaves in place: one draft version however often, the form reading it back', async () => {
    const item = await create(unique('Autosaved'));
    const count = (await versions(item._id)).total;
    await ok(await saveDraft(item._id, { description: 'Typing one' }, '?autosave=true'));
    await ok(await saveDraft(item._id, { description: 'Typing one two' }, '?autosave=true'));
    await ok(await saveDraft(item._id, { description: 'Typing one two three' }, '?autosave=true'));
    expect((await versions(item._id)).total).toBe(count + 1);
    expect((await managed(item._id)).draft?.description).toBe('Typing one two three');
    // an explicit Save draft adds a version of its own
    await ok(await saveDraft(item._id, { description: 'Saved on purpose' }));
    expect((await versions(item._id)).total).toBe(count + 2);
  });

  it('is discarded back to the published state; a second discard finds none', async () => {
    const live = unique('Kept');
    const item = await create(live);
    await ok(await saveDraft(item._id, { description: 'Thrown away' }));
    const discarded = await site.web.inject({ method: 'DELETE', url: `${base}/${item._id}/draft`, headers: auth() });
    expect(discarded.statusCode, discarded.body).toBe(200);
    const listed = await managed(item._id);
    expect([listed.state, listed.draft, listed.description]).toEqual(['published', null, live]);
    const again = await site.web.inject({ method: 'DELETE', url: `${base}/${item._id}/draft`, headers: auth() });
    expect([again.statusCode, again.json().message]).toEqual([400, draftMessages.noDraft]);
  });

  it('refuses bad input with 400 and a message, changing nothing', async () => {
    const item = await create(unique('Unchanged'));
    const count = (await versions(item._id)).total;
    const long = await saveDraft(item._id, { name: 'x'.repeat(500) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toEqual(expect.any(String));
    expect((await saveDraft(item._id, { description: 'x' }, '?autosave=often')).statusCode).toBe(400);
    expect((await saveDraft('not-an-id', { description: 'x' })).json().message).toBe(apiMessages.invalidId);
    expect((await post(item._id, 'publish')).json().message).toBe(draftMessages.nothingToPublish(def.noun));
    expect((await versions(item._id)).total).toBe(count);
    expect((await managed(item._id)).state).toBe('published');
  });
});

describe('unpublish and items never published', () => {
  it('takes an item off the page, the API and its image URL; it stays in the admin, apart from hidden', async () => {
    const words = unique('Soon unpublished');
    const item = await create(words);
    expect(await visitor(item._id, words, item.image)).toMatchObject({ onPage: true, image: 200 });
    const reply = await ok(await post(item._id, 'unpublish'));
    expect(reply.data.state).toBe('draft');
    expect(await visitor(item._id, words, item.image)).toEqual({ record: undefined, onPage: false, image: 404 });
    const listed = await managed(item._id);
    expect([listed.state, listed.published, listed.hidden]).toEqual(['draft', false, false]);
    expect((await post(item._id, 'unpublish')).json().message).toBe(draftMessages.alreadyUnpublished(def.noun));
    // showing a hidden toggle does not publish it: the two states are apart
    await site.web.inject({ method: 'PATCH', url: `${base}/${item._id}/visibility`, headers: auth(), payload: { hidden: false } });
    expect((await visitor(item._id, words)).record).toBeUndefined();
    await ok(await post(item._id, 'publish'));
    expect(await visitor(item._id, words, item.image)).toMatchObject({ onPage: true, image: 200 });
  });

  it('keeps an item created as a draft from visitors by every path until it is published', async () => {
    const lastmod = await sitemapLastmod();
    const words = unique('Never published');
    const item = await create(words, `${base}/drafts`);
    expect(await visitor(item._id, words, item.image)).toEqual({ record: undefined, onPage: false, image: 404 });
    expect(await sitemapLastmod()).toBe(lastmod);
    expect((await managed(item._id)).state).toBe('draft');
    // edits of it stay drafts; discarding would leave nothing
    await ok(await saveDraft(item._id, { description: `${words}, edited` }));
    expect((await visitor(item._id, words)).onPage).toBe(false);
    const discard = await site.web.inject({ method: 'DELETE', url: `${base}/${item._id}/draft`, headers: auth() });
    expect([discard.statusCode, discard.json().message]).toEqual([400, draftMessages.neverPublished]);
    expect((await versions(item._id)).versions.every((version) => version.status === 'draft')).toBe(true);

    await ok(await post(item._id, 'publish'));
    const seen = await visitor(item._id, `${words}, edited`, item.image);
    expect(seen).toMatchObject({ onPage: true, image: 200 });
    expect(seen.record?.description).toBe(`${words}, edited`);
  });
});

describe('a new item’s draft waiting for its images (docs/decisions/0046)', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  /** A public page as staff see it (a `?preview=` of an item not published). */
  async function staffPage(url: string) {
    const login = await site.web.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    return site.web.inject({ method: 'GET', url, headers: { cookie: String(login.headers['set-cookie']).split(';')[0] } });
  }

  it('is created and autosaved without its image; Publish and a Publish at ask for it; with it, it goes live', async () => {
    const words = unique('Typed, no photo yet');
    const created = await site.web.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: auth(),
      payload: { ...sampleFields(def, 'drafts'), description: words },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as Rec)._id;
    expect(await ok(await saveDraft(id, { description: `${words}, more` }, '?autosave=true'))).toMatchObject({ data: { state: 'draft' } });
    const listed = await managed(id);
    expect([listed.state, listed.published, listed.image]).toEqual(['draft', false, '']);
    expect(listed.draft?.description ?? listed.description).toBe(`${words}, more`);
    expect(await visitor(id, words)).toEqual({ record: undefined, onPage: false, image: undefined });
    // staff see it in the preview of the page it will be on, without an image
    const preview = await staffPage(`${PAGE}?preview=${id}`);
    expect([preview.statusCode, preview.body.includes(words)]).toEqual([200, true]);

    const refused = await post(id, 'publish');
    expect([refused.statusCode, refused.json().message]).toEqual([400, def.image.requiredOnCreate]);
    const scheduled = await site.web.inject({
      method: 'PUT',
      url: `${base}/${id}/schedule`,
      headers: auth(),
      payload: { publishAt: inAnHour(), unpublishAt: null },
    });
    expect([scheduled.statusCode, scheduled.json().message]).toEqual([400, def.image.requiredOnCreate]);
    expect((await managed(id)).state).toBe('draft');

    const body = multipart({}, [{ field: 'image', data: jpeg }]);
    const withImage = await site.web.inject({
      method: 'PUT',
      url: `${base}/${id}/draft`,
      ...body,
      headers: { ...body.headers, ...auth() },
    });
    expect(withImage.statusCode, withImage.body).toBe(200);
    await ok(await post(id, 'publish'));
    const seen = await visitor(id, `${words}, more`);
    expect(seen.onPage).toBe(true);
    expect(seen.record?.image).toMatch(/^\/uploads\//);
  });

  it('holds for several images too, but never past the most; a published item’s draft still needs them all', async () => {
    const gallery = resources.gallery;
    const title = unique('Gallery draft');
    const created = await site.web.inject({
      method: 'POST',
      url: `/api/${gallery.path}/drafts`,
      headers: auth(),
      payload: { title, category: 'Interior' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as Rec)._id;
    const preview = await staffPage(`${gallery.publicPage}?preview=${id}`);
    expect([preview.statusCode, preview.body.includes(title)]).toEqual([200, true]);
    const refused = await site.web.inject({ method: 'POST', url: `/api/${gallery.path}/${id}/publish`, headers: auth() });
    expect([refused.statusCode, refused.json().message]).toEqual([400, imageCountMessage(gallery.image.minMessage, 0)]);
    const tooMany = multipart(
      { title, category: 'Interior' },
      Array.from({ length: gallery.image.max + 1 }, () => ({ field: 'images', data: jpeg })),
    );
    const over = await site.web.inject({
      method: 'POST',
      url: `/api/${gallery.path}/drafts`,
      ...tooMany,
      headers: { ...tooMany.headers, ...auth() },
    });
    expect([over.statusCode, over.json().message]).toEqual([400, gallery.image.maxMessage]);

    // published, its draft may not drop below the least
    const withOne = multipart({ title, category: 'Interior' }, [{ field: 'images', data: jpeg }]);
    const live = await site.web.inject({
      method: 'POST',
      url: `/api/${gallery.path}`,
      ...withOne,
      headers: { ...withOne.headers, ...auth() },
    });
    expect(live.statusCode, live.body).toBe(201);
    const liveId = (live.json().data as Rec)._id;
    const emptied = await site.web.inject({
      method: 'PUT',
      url: `/api/${gallery.path}/${liveId}/draft?autosave=true`,
      headers: auth(),
      payload: { existingImages: '[]' },
    });
    expect([emptied.statusCode, emptied.json().message]).toEqual([400, imageCountMessage(gallery.image.minMessage, 0)]);
  });
});

describe('restore as a draft', () => {
  it('brings an earlier version back as a draft, the live state unchanged until Publish', async () => {
    const first = unique('First words');
    const item = await create(first);
    const second = unique('Second words');
    await site.web.inject({ method: 'PUT', url: `${base}/${item._id}`, headers: auth(), payload: { description: second } });
    const restored = await site.web.inject({
      method: 'POST',
      url: `${base}/${item._id}/versions/1/restore`,
      headers: auth(),
      payload: { as: 'draft' },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ success: true, message: draftMessages.restoredAsDraft(1), data: { number: 3 } });
    expect((await visitor(item._id, first)).record?.description).toBe(second);
    const listed = await managed(item._id);
    expect([listed.state, listed.draft?.description]).toEqual(['changed', first]);
    await ok(await post(item._id, 'publish'));
    expect((await visitor(item._id, first)).record?.description).toBe(first);
  });
});

describe('who may', () => {
  it('refuses visitors (401) and other areas (403), lets an Editor, and holds cookie writes to the origin rule', async () => {
    const item = await create(unique('Guarded'));
    expect((await site.web.inject({ method: 'POST', url: `${base}/${item._id}/publish` })).statusCode).toBe(401);
    expect((await site.web.inject({ method: 'PUT', url: `${base}/${item._id}/draft`, payload: { description: 'x' } })).statusCode).toBe(
      401,
    );
    const sales = await salesToken(site.web, site.token, 'sales-drafts@example.com');
    expect((await saveDraft(item._id, { description: 'x' }, '', sales)).statusCode).toBe(403);
    expect((await post(item._id, 'unpublish', sales)).statusCode).toBe(403);
    const editor = await editorToken(site.web, site.token);
    await ok(await saveDraft(item._id, { description: 'An editor’s draft' }, '', editor));
    await ok(await post(item._id, 'publish', editor));

    // a session cookie without the same-origin header (a form of another site) is refused
    const login = await site.web.inject({
      method: 'POST',
      url: '/api/admins/login',
      payload: { email: 'admin@example.com', password: 'correct horse battery staple' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const forged = await site.web.inject({ method: 'POST', url: `${base}/${item._id}/unpublish`, headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect((await managed(item._id)).state).toBe('published');
  });
});
