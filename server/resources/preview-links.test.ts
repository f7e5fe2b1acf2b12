/**
 * Shareable preview links of drafts (docs/decisions/0043) through the real app, pages included: a link shows the page
 * with the draft (its new image too) to anyone holding it, never indexed or kept by a cache, while visitors see the
 * live item; it is refused once expired, once the draft is published, once the item is deleted, and when forged.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { previewLinkMessages, previewLinkPath } from '../../shared/preview-links';
import { resources } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { editorToken, salesToken } from '../test/step-up';
import { makeImage, multipart } from '../test/test-images';
import { webTestApp } from '../test/web-test-app';
import { previewDocuments } from './document-previews';
import { PreviewLinks } from './preview-links';

const site = webTestApp();
const def = resources.clients;
const base = `/api/${def.path}`;

const auth = (bearer = site.token) => ({ authorization: `Bearer ${bearer}` });
const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;
const get = (url: string) => site.web.inject({ method: 'GET', url });
type Rec = { _id: string; image: string };

async function create(description: string): Promise<Rec> {
  const body = multipart({ ...sampleFields(def, 'preview-links'), description }, [
    { field: 'image', data: await makeImage('jpeg', 320, 240) },
  ]);
  const reply = await site.web.inject({ method: 'POST', url: base, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}

async function draftWithImage(id: string, description: string): Promise<string> {
  const body = multipart({ description }, [{ field: 'image', data: await makeImage('jpeg', 300, 200) }]);
  const reply = await site.web.inject({ method: 'PUT', url: `${base}/${id}/draft`, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(200);
  const managed = (await site.web.inject({ method: 'GET', url: `${base}/manage`, headers: auth() })).json() as (Rec & { draft: Rec })[];
  return managed.find((record) => record._id === id)!.draft.image;
}

const makeLink = (id: string, bearer: string | null = site.token) =>
  site.web.inject({ method: 'POST', url: `${base}/${id}/preview-link`, headers: bearer ? auth(bearer) : {} });

/** The link's path (the reply names it on PUBLIC_URL). */
async function linkPath(id: string): Promise<string> {
  const reply = await makeLink(id);
  expect(reply.statusCode, reply.body).toBe(200);
  const { message, data } = reply.json();
  expect(message).toBe(previewLinkMessages.made);
  expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  return new URL(data.url).pathname;
}

function expectRefused(reply: Awaited<ReturnType<typeof get>>) {
  expect(reply.statusCode).toBe(410);
  expect(reply.body).toContain(previewLinkMessages.refusedTitle);
  expect(reply.headers['cache-control']).toBe('private, no-store');
}

describe('a preview link of a draft', () => {
  it('shows the page with the draft and its new image to anyone holding it; visitors still see the live item', async () => {
    const live = unique('Live story');
    const drafted = unique('Draft story');
    const item = await create(live);
    const draftImage = await draftWithImage(item._id, drafted);
    const path = await linkPath(item._id);

    const page = await get(path);
    expect(page.statusCode, JSON.stringify(page.headers)).toBe(200);
    expect(page.body).toContain(drafted);
    expect(page.body).not.toContain(live);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    // the draft's image is withheld from visitors, but the page's URL of it carries the token
    expect((await get(draftImage)).statusCode).toBe(404);
    // (the stored rendition itself: the others are made in the background, which this test does not run)
    const tokenized = new RegExp(`${draftImage.replaceAll('.', '\\.')}\\?preview=[^"\\s,]+`).exec(page.body)?.[0];
    expect(tokenized).toBeDefined();
    const image = await get(tokenized!.replaceAll('&amp;', '&'));
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('private, no-store');
    // the token opens that draft's images alone: another withheld image stays 404
    const other = await create(unique('Other'));
    const otherImage = await draftWithImage(other._id, unique('Other draft'));
    expect((await get(`${otherImage}?preview=${encodeURIComponent(path.split('/').pop()!)}`)).statusCode).toBe(404);

    // the public page shows the live story, not the draft
    const visitorPage = await get(def.publicPage);
    expect(visitorPage.body).toContain(live);
    expect(visitorPage.body).not.toContain(drafted);
  });

  it('opens in Kannada under /kn with the draft’s Kannada text, each language’s switcher leading to the same preview in the other', async () => {
    const item = await create(unique('Live story'));
    const drafted = unique('Draft story');
    const draftedKannada = unique('ಕರಡು ಕಥೆ');
    const body = multipart({ description: drafted, translations: JSON.stringify({ kn: { description: draftedKannada } }) }, []);
    const saved = await site.web.inject({
      method: 'PUT',
      url: `${base}/${item._id}/draft`,
      ...body,
      headers: { ...body.headers, ...auth() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const path = await linkPath(item._id);
    const token = path.split('/').pop()!;
    expect(path).toBe(previewLinkPath(token));

    const kannada = await get(previewLinkPath(token, 'kn'));
    expect(kannada.statusCode, kannada.body.slice(0, 300)).toBe(200);
    expect(kannada.body).toMatch(/<html[^>]* lang="kn"/);
    expect(kannada.body).toContain(draftedKannada);
    expect(kannada.headers['cache-control']).toBe('private, no-store');
    expect(kannada.headers['x-robots-tag']).toBe('noindex');
    expect(kannada.body).toContain(`href="/preview/${token}" hrefLang="en"`);

    const english = await get(path);
    expect(english.body).toMatch(/<html[^>]* lang="en"/);
    expect(english.body).toContain(drafted);
    expect(english.body).not.toContain(draftedKannada);
    expect(english.body).toContain(`href="/kn/preview/${token}" hrefLang="kn"`);
    // a public page's switcher still leads to the public page in the other language
    expect((await get(def.publicPage)).body).toContain(`href="/kn${def.publicPage}" hrefLang="kn"`);
    // refused in every language alike
    expectRefused(await get(previewLinkPath(`${token}x`, 'kn')));
  });

  it('keeps a filter chosen on the link: the gallery in the view its query names, with the draft in place', async () => {
    const gallery = resources.gallery;
    const addItem = async (title: string, category: string) => {
      const body = multipart({ title, category }, [{ field: 'images', data: await makeImage('jpeg', 320, 240) }]);
      const reply = await site.web.inject({
        method: 'POST',
        url: `/api/${gallery.path}`,
        ...body,
        headers: { ...body.headers, ...auth() },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json().data as Rec;
    };
    const category = unique('Temple doors');
    // how the gallery's chips spell a category in the address (web/lib/category-slug.ts)
    const slug = category.toLowerCase().replace(/\s+/g, '-');
    const item = await addItem(unique('Live door'), category);
    const elsewhere = unique('Another category’s item');
    await addItem(elsewhere, unique('Ceilings'));
    const drafted = unique('Drafted door');
    const saved = await site.web.inject({
      method: 'PUT',
      url: `/api/${gallery.path}/${item._id}/draft`,
      headers: auth(),
      payload: { title: drafted },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const made = await site.web.inject({ method: 'POST', url: `/api/${gallery.path}/${item._id}/preview-link`, headers: auth() });
    expect(made.statusCode, made.body).toBe(200);
    const path = new URL(made.json().data.url).pathname;
    const token = path.split('/').pop()!;

    const all = await get(path);
    expect(all.body).toContain(drafted);
    expect(all.body).toContain(elsewhere);
    for (const language of ['en', 'kn'] as const) {
      const filtered = await get(`${previewLinkPath(token, language)}?category=${slug}`);
      expect(filtered.statusCode).toBe(200);
      expect(filtered.headers['cache-control']).toBe('private, no-store');
      expect(filtered.body).toContain(drafted);
      // the query is the page's: only the chosen category's items, its chip pressed
      expect(filtered.body).not.toContain(elsewhere);
      expect(filtered.body).toMatch(new RegExp(`aria-pressed="true"[^>]*>(<[^>]+>)*${category}`));
      // the switcher keeps the filter too
      const other = language === 'en' ? 'kn' : 'en';
      expect(filtered.body).toContain(`href="${previewLinkPath(token, other)}?category=${slug}"`);
    }
  });

  it('follows the draft as it is saved again, and is refused once the draft is published', async () => {
    const item = await create(unique('Story'));
    await draftWithImage(item._id, unique('First draft'));
    const path = await linkPath(item._id);
    const second = unique('Second draft');
    const saved = await site.web.inject({
      method: 'PUT',
      url: `${base}/${item._id}/draft`,
      headers: auth(),
      payload: { description: second },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(path)).body).toContain(second);

    expect((await site.web.inject({ method: 'POST', url: `${base}/${item._id}/publish`, headers: auth() })).statusCode).toBe(200);
    expectRefused(await get(path));
    // a new draft after the publish does not bring the old link back
    await site.web.inject({ method: 'PUT', url: `${base}/${item._id}/draft`, headers: auth(), payload: { description: unique('Later') } });
    expectRefused(await get(path));
  });

  it('is refused once the item is deleted or the draft discarded, when expired, and when forged', async () => {
    const deleted = await create(unique('Deleted'));
    await draftWithImage(deleted._id, unique('Draft'));
    const deletedPath = await linkPath(deleted._id);
    expect((await site.web.inject({ method: 'DELETE', url: `${base}/${deleted._id}`, headers: auth() })).statusCode).toBe(200);
    expectRefused(await get(deletedPath));

    const discarded = await create(unique('Discarded'));
    await draftWithImage(discarded._id, unique('Draft'));
    const discardedPath = await linkPath(discarded._id);
    expect((await site.web.inject({ method: 'DELETE', url: `${base}/${discarded._id}/draft`, headers: auth() })).statusCode).toBe(200);
    expectRefused(await get(discardedPath));

    const item = await create(unique('Expiring'));
    await draftWithImage(item._id, unique('Draft'));
    const { secret } = await import('../auth/tokens').then(async ({ loadSigningSecret }) => ({
      secret: await loadSigningSecret(site.testApp.services.database.db),
    }));
    const shortLived = new PreviewLinks({
      db: site.testApp.services.database.db,
      secret,
      resources: site.testApp.services.content.resources,
      history: site.testApp.services.history,
      documents: previewDocuments(site.testApp.services),
      lifetimeSeconds: -10,
    });
    const expired = await shortLived.create('clients', item._id);
    expectRefused(await get(`/preview/${expired.token}`));

    const good = (await linkPath(item._id)).split('/').pop()!;
    const [head, payload] = good.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: deleted._id }),
    ).toString('base64url');
    expectRefused(await get(`/preview/${head}.${forgedPayload}.${good.split('.')[2]}`));
    expectRefused(await get('/preview/not-a-token'));
    expectRefused(await get(`/preview/${'x'.repeat(5000)}`));
  });

  it('is made only for an item with a draft, by staff of the content area', async () => {
    const published = await create(unique('Published'));
    const none = await makeLink(published._id);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(previewLinkMessages.nothingToPreview);
    expect((await makeLink(crypto.randomUUID())).statusCode).toBe(404);
    expect((await makeLink('not-a-uuid')).statusCode).toBe(400);
    expect((await makeLink(published._id, null)).statusCode).toBe(401);

    const sales = await salesToken(site.web, site.token, 'sales-preview@example.com');
    await draftWithImage(published._id, unique('Draft'));
    expect((await makeLink(published._id, sales)).statusCode).toBe(403);
    expect((await makeLink(published._id, await editorToken(site.web, site.token))).statusCode).toBe(200);

    const openapi = (await get('/api/openapi.json')).json();
    expect(openapi.paths[`${base}/{id}/preview-link`]?.post).toBeDefined();
  });
});
