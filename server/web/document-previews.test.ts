/**
 * Previews of the About content and the Site settings (issue 25, docs/decisions/0045): POST /api/preview renders the page
 * a document shows on (About: /about; the Site settings: the home page) with the form's values and stores nothing; a
 * preview link of a document's draft shows the draft to anyone holding it until it is published, discarded or overtaken.
 * Who may preview or share a document is who may edit it. Needs the built front end (`npm run build`).
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AboutContent } from '../../shared/about-content';
import { previewLinkMessages } from '../../shared/preview-links';
import type { SiteSettings } from '../../shared/site-settings';
import { loadSigningSecret } from '../auth/tokens';
import { previewDocuments } from '../resources/document-previews';
import { PreviewLinks } from '../resources/preview-links';
import { editorToken, salesToken } from '../test/step-up';
import { webTestApp } from '../test/web-test-app';

const site = webTestApp();
let editor: string;
let sales: string;

beforeAll(async () => {
  editor = await editorToken(site.web, site.token);
  sales = await salesToken(site.web, site.token, 'sales-documents@example.com');
});

const auth = (bearer: string | null = site.token): Record<string, string> => (bearer ? { authorization: `Bearer ${bearer}` } : {});
const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;
const get = (url: string) => site.web.inject({ method: 'GET', url });
const preview = (payload: object, bearer: string | null = site.token) =>
  site.web.inject({ method: 'POST', url: '/api/preview', headers: auth(bearer), payload: payload as Record<string, unknown> });
const about = async (): Promise<AboutContent> => (await get('/api/about-content')).json().data;
const settings = async (): Promise<SiteSettings> => (await get('/api/site-settings')).json().data;
const withMain = (content: AboutContent, description: string): AboutContent => ({ ...content, main: { ...content.main, description } });

function expectPrivatePage(reply: Awaited<ReturnType<typeof get>>) {
  expect(reply.statusCode, reply.body.slice(0, 500)).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^text\/html/);
  expect(reply.headers['cache-control']).toBe('private, no-store');
  expect(reply.headers['x-robots-tag']).toBe('noindex');
}

function expectRefused(reply: Awaited<ReturnType<typeof get>>) {
  expect(reply.statusCode).toBe(410);
  expect(reply.body).toContain(previewLinkMessages.refusedTitle);
  expect(reply.headers['cache-control']).toBe('private, no-store');
}

describe('a live preview of a document', () => {
  it('shows the About page with the form’s unsaved text, and stores nothing', async () => {
    const stored = await about();
    const unsaved = unique('An unsaved story of the company');
    const reply = await preview({ document: 'about', value: withMain(stored, unsaved) });
    expectPrivatePage(reply);
    expect(reply.body).toContain(unsaved);
    expect(reply.body).not.toContain(stored.main.description);
    // nothing stored: the document, its drafts and the public page are as they were
    expect(await about()).toEqual(stored);
    expect((await site.web.inject({ method: 'GET', url: '/api/about-content/draft', headers: auth() })).json().data).toBeNull();
    expect((await get('/about')).body).not.toContain(unsaved);
  });

  it('shows a place that does not check out as stored: a half-typed field, a foreign image, a card without its text', async () => {
    const stored = await about();
    const kept = unique('Kept subtitle');
    const value = {
      ...stored,
      hero: { ...stored.hero, image: 'https://tracker.example/pixel.gif' },
      main: { ...stored.main, title: '', subtitle: kept },
      cards: [...stored.cards, { id: 'new', title: 'Half a card', description: '' }],
    };
    const reply = await preview({ document: 'about', value });
    expectPrivatePage(reply);
    expect(reply.body).toContain(kept);
    expect(reply.body).toContain(stored.main.title);
    expect(reply.body).not.toContain('tracker.example');
    // a value of the wrong kind: the stored document
    const wrong = await preview({ document: 'about', value: { hero: 'not a section' } });
    expectPrivatePage(wrong);
    expect(wrong.body).toContain(stored.hero.title);
  });

  it('shows the home page with the Site settings as the form holds them (they show on every page), and stores nothing', async () => {
    const stored = await settings();
    const name = unique('Unsaved Homes');
    const reply = await preview({
      document: 'site-settings',
      // numbers as the form shows them; a day half filled in keeps its stored hours
      value: { ...stored, companyName: name, phone: '080 4123 9876', hours: { ...stored.hours, monday: { opens: '09:00', closes: '' } } },
    });
    expectPrivatePage(reply);
    expect(reply.body).toContain(name);
    expect(reply.body).toContain('+918041239876');
    expect(await settings()).toEqual(stored);
    expect((await get('/')).body).not.toContain(name);
  });

  it('is for whoever may edit the document: visitors 401, the About content the content area, the Site settings the settings area', async () => {
    const aboutBody = { document: 'about', value: await about() };
    const settingsBody = { document: 'site-settings', value: await settings() };
    expect((await preview(aboutBody, null)).statusCode).toBe(401);
    expect((await preview(settingsBody, null)).statusCode).toBe(401);
    expect((await preview(aboutBody, editor)).statusCode).toBe(200);
    expect((await preview(settingsBody, editor)).statusCode).toBe(403);
    expect((await preview(aboutBody, sales)).statusCode).toBe(403);
    expect((await preview(settingsBody, sales)).statusCode).toBe(403);
    expect((await preview(settingsBody)).statusCode).toBe(200);
  });

  it('refuses a malformed request with 400', async () => {
    for (const body of [
      { document: 'no-such-document', value: {} },
      { document: 'about' },
      { document: 'about', value: 'text' },
      { document: 'about', value: {}, resource: 'clients' },
    ]) {
      const reply = await preview(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toMatchObject({ success: false });
    }
  });
});

/** Saves a draft of the document (its save's body), and answers a new link's path. */
async function draftAndLink(base: string, value: object): Promise<string> {
  const saved = await site.web.inject({ method: 'PUT', url: `${base}/draft`, headers: auth(), payload: value });
  expect(saved.statusCode, saved.body).toBe(200);
  const made = await site.web.inject({ method: 'POST', url: `${base}/preview-link`, headers: auth() });
  expect(made.statusCode, made.body).toBe(200);
  expect(made.json().message).toBe(previewLinkMessages.made);
  expect(new Date(made.json().data.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  return new URL(made.json().data.url).pathname;
}

describe('a preview link of a document’s draft', () => {
  it('shows the About page with the draft as it stands to anyone holding it, and is refused once it is published', async () => {
    const live = await about();
    const drafted = unique('A drafted story');
    const path = await draftAndLink('/api/about-content', withMain(live, drafted));
    const page = await get(path);
    expectPrivatePage(page);
    expect(page.body).toContain(drafted);
    expect((await get('/about')).body).not.toContain(drafted);

    // the draft saved again: the link follows it
    const again = unique('The draft again');
    await site.web.inject({ method: 'PUT', url: '/api/about-content/draft', headers: auth(), payload: withMain(live, again) });
    expect((await get(path)).body).toContain(again);

    expect((await site.web.inject({ method: 'POST', url: '/api/about-content/publish', headers: auth() })).statusCode).toBe(200);
    expectRefused(await get(path));
    // a later draft does not bring the old link back
    await site.web.inject({ method: 'PUT', url: '/api/about-content/draft', headers: auth(), payload: withMain(live, unique('Later')) });
    expectRefused(await get(path));
    await site.web.inject({ method: 'DELETE', url: '/api/about-content/draft', headers: auth() });
  });

  it('shows the home page with the Site settings’ draft, and is refused once it is discarded or a save overtakes it', async () => {
    const live = await settings();
    const drafted = unique('Drafted Homes');
    const discardedPath = await draftAndLink('/api/site-settings', { ...live, companyName: drafted });
    const page = await get(discardedPath);
    expectPrivatePage(page);
    expect(page.body).toContain(drafted);
    expect((await get('/')).body).not.toContain(drafted);
    expect((await site.web.inject({ method: 'DELETE', url: '/api/site-settings/draft', headers: auth() })).statusCode).toBe(200);
    expectRefused(await get(discardedPath));

    const overtakenPath = await draftAndLink('/api/site-settings', { ...live, companyName: unique('Overtaken Homes') });
    expect((await get(overtakenPath)).statusCode).toBe(200);
    const saved = await site.web.inject({ method: 'PUT', url: '/api/site-settings', headers: auth(), payload: live });
    expect(saved.statusCode, saved.body).toBe(200);
    expectRefused(await get(overtakenPath));
  });

  it('is refused when expired or forged', async () => {
    const live = await about();
    const path = await draftAndLink('/api/about-content', withMain(live, unique('Expiring')));
    const shortLived = new PreviewLinks({
      db: site.testApp.services.database.db,
      secret: await loadSigningSecret(site.testApp.services.database.db),
      resources: site.testApp.services.content.resources,
      history: site.testApp.services.history,
      documents: previewDocuments(site.testApp.services),
      lifetimeSeconds: -10,
    });
    expectRefused(await get(`/preview/${(await shortLived.createForDocument('about')).token}`));
    const [head, payload, signature] = path.split('/').pop()!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), doc: 'site-settings' }));
    expectRefused(await get(`/preview/${head}.${forged.toString('base64url')}.${signature}`));
    await site.web.inject({ method: 'DELETE', url: '/api/about-content/draft', headers: auth() });
  });

  it('is made only of a draft, by whoever may edit the document', async () => {
    const none = await site.web.inject({ method: 'POST', url: '/api/about-content/preview-link', headers: auth() });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(previewLinkMessages.noDocumentDraft('About content'));
    const live = await settings();
    await draftAndLink('/api/site-settings', { ...live, companyName: unique('Shared Homes') });
    const link = (bearer: string | null) =>
      site.web.inject({ method: 'POST', url: '/api/site-settings/preview-link', headers: auth(bearer) });
    expect((await link(null)).statusCode).toBe(401);
    expect((await link(editor)).statusCode).toBe(403);
    expect((await link(sales)).statusCode).toBe(403);
    await site.web.inject({ method: 'DELETE', url: '/api/site-settings/draft', headers: auth() });
    const openapi = (await get('/api/openapi.json')).json();
    expect(openapi.paths['/api/about-content/preview-link']?.post).toBeDefined();
    expect(openapi.paths['/api/site-settings/preview-link']?.post).toBeDefined();
  });
});
