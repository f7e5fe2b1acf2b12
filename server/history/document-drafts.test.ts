/**
 * Drafts of the About content and the Site settings (docs/decisions/0039): a draft leaves the public document, the
 * About page and every page's company details as they were until Publish; autosave overwrites in place; discard;
 * restore as a draft; bad input changes nothing; the Site settings' drafts belong to the settings area.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { draftMessages } from '../../shared/drafts';
import { DEMO_SITE_SETTINGS } from '../../shared/site-settings';
import { editorToken } from '../test/step-up';
import { webTestApp } from '../test/web-test-app';

const site = webTestApp();

const auth = (bearer = site.token) => ({ authorization: `Bearer ${bearer}` });
const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, bearer: string | null = site.token) =>
  site.web.inject({ method, url, headers: bearer ? auth(bearer) : {}, ...(payload ? { payload } : {}) });
const aboutWith = (title: string) => ({ ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, title } });
const pageHtml = async (path: string) => (await inject('GET', path, undefined, null)).body;
const versionCount = async (base: string) => (await inject('GET', `${base}/versions`)).json().data.total as number;

describe('a draft of the About content', () => {
  it('changes nothing visitors see until Publish; autosave overwrites it in place; discard and restore as a draft', async () => {
    const live = `Live about ${crypto.randomUUID().slice(0, 8)}`;
    const drafted = `Drafted about ${crypto.randomUUID().slice(0, 8)}`;
    expect((await inject('PUT', '/api/about-content', aboutWith(live))).statusCode).toBe(200);
    const saved = await inject('PUT', '/api/about-content/draft', aboutWith(drafted));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject('GET', '/api/about-content', undefined, null)).json().data.hero.title).toBe(live);
    expect(await pageHtml('/about')).not.toContain(drafted);
    expect((await inject('GET', '/api/about-content/draft')).json().data.value.hero.title).toBe(drafted);

    const count = await versionCount('/api/about-content');
    expect((await inject('PUT', '/api/about-content/draft?autosave=true', aboutWith(`${drafted}!`))).statusCode).toBe(200);
    expect((await inject('PUT', '/api/about-content/draft?autosave=true', aboutWith(`${drafted}!!`))).statusCode).toBe(200);
    expect(await versionCount('/api/about-content')).toBe(count);

    const published = await inject('POST', '/api/about-content/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect((await inject('GET', '/api/about-content', undefined, null)).json().data.hero.title).toBe(`${drafted}!!`);
    expect(await pageHtml('/about')).toContain(`${drafted}!!`);
    expect((await inject('GET', '/api/about-content/draft')).json().data).toBeNull();
    expect((await inject('POST', '/api/about-content/publish')).json().message).toBe(draftMessages.noDraftToPublish);

    // discard: back to the live document
    expect((await inject('PUT', '/api/about-content/draft', aboutWith('Thrown away'))).statusCode).toBe(200);
    expect((await inject('DELETE', '/api/about-content/draft')).statusCode).toBe(200);
    expect((await inject('GET', '/api/about-content/draft')).json().data).toBeNull();
    expect((await inject('DELETE', '/api/about-content/draft')).json().message).toBe(draftMessages.noDraft);

    // restore the live-before version as a draft: the live document stays
    const versions = (await inject('GET', '/api/about-content/versions')).json().data.versions as { number: number; status: string }[];
    const older = versions.find((version) => version.status === 'published' && version.number < versions[0].number)!;
    const restored = await inject('POST', `/api/about-content/versions/${older.number}/restore`, { as: 'draft' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe(draftMessages.restoredAsDraft(older.number));
    expect((await inject('GET', '/api/about-content', undefined, null)).json().data.hero.title).toBe(`${drafted}!!`);
    expect((await inject('GET', '/api/about-content/draft')).json().data).not.toBeNull();
    expect((await inject('DELETE', '/api/about-content/draft')).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a message, and visitors with 401', async () => {
    const count = await versionCount('/api/about-content');
    const bad = await inject('PUT', '/api/about-content/draft', { ...DEFAULT_ABOUT_CONTENT, main: { title: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    expect((await inject('PUT', '/api/about-content/draft?autosave=often', DEFAULT_ABOUT_CONTENT)).statusCode).toBe(400);
    expect(await versionCount('/api/about-content')).toBe(count);
    expect((await inject('PUT', '/api/about-content/draft', DEFAULT_ABOUT_CONTENT, null)).statusCode).toBe(401);
    expect((await inject('POST', '/api/about-content/publish', undefined, null)).statusCode).toBe(401);
  });
});

describe('a draft of the Site settings', () => {
  it('leaves every page’s company details as they were until Publish; an Editor may not touch it', async () => {
    const live = `Live Company ${crypto.randomUUID().slice(0, 6)}`;
    const drafted = `Draft Company ${crypto.randomUUID().slice(0, 6)}`;
    expect((await inject('PUT', '/api/site-settings', { ...DEMO_SITE_SETTINGS, companyName: live })).statusCode).toBe(200);
    expect((await inject('PUT', '/api/site-settings/draft', { ...DEMO_SITE_SETTINGS, companyName: drafted })).statusCode).toBe(200);
    expect((await inject('GET', '/api/site-settings', undefined, null)).json().data.companyName).toBe(live);
    let home = await pageHtml('/');
    expect(home).toContain(live);
    expect(home).not.toContain(drafted);

    const editor = await editorToken(site.web, site.token);
    expect((await inject('PUT', '/api/site-settings/draft', DEMO_SITE_SETTINGS, editor)).statusCode).toBe(403);
    expect((await inject('POST', '/api/site-settings/publish', undefined, editor)).statusCode).toBe(403);

    expect((await inject('POST', '/api/site-settings/publish')).statusCode).toBe(200);
    home = await pageHtml('/');
    expect(home).toContain(drafted);
    expect((await inject('GET', '/api/activity?limit=5')).json().data.entries.map((entry: { kind: string }) => entry.kind)).toContain(
      'site-settings.updated',
    );
  });
});
