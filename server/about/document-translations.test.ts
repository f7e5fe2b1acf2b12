/**
 * About and the Site settings in Kannada (docs/decisions/0049): `translations` saved in the document, checked like the
 * English values (limits, NUL), unknown languages and texts refused by name (400, nothing changed); About's drafts
 * and history carry them, a change in Kannada compared as "… (Kannada)".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { DEMO_SITE_SETTINGS } from '../../shared/site-settings';
import type { CompareReply } from '../../shared/history';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await t.login()}` };
});
afterAll(() => t.close());

const kannadaAbout = {
  hero: { title: 'ಕನಸುಗಳ ನಿರ್ಮಾಣ', imageAlt: 'ಕೆಲಸದಲ್ಲಿ ನಮ್ಮ ಕೆತ್ತನೆಗಾರರು' },
  main: { description: 'ನಮ್ಮ ಕಥೆ' },
  cards: { sale: { title: 'ಮಾರಾಟದ ಆಸ್ತಿಗಳು' } },
};
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: auth, payload });
const read = async (url: string) => (await t.app.inject({ url, headers: auth })).json().data as Record<string, unknown>;

describe('About in Kannada', () => {
  it('is saved in the document and read back', async () => {
    const reply = await put('/api/about-content', { ...DEFAULT_ABOUT_CONTENT, translations: { kn: kannadaAbout } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await read('/api/about-content')).translations).toEqual({ kn: kannadaAbout });
    // a save without translations is a document without them (PUT sends the whole document)
  });

  it.each([
    ['an unknown language', { hi: { hero: { title: 'नया' } } }, 'Translations: "hi" is not a language About is translated into (kn)'],
    [
      'an unknown section',
      { kn: { footer: { title: 'ಅ' } } },
      'Translations: "footer" is not a translatable section of About (hero, main, years, cards)',
    ],
    [
      'an unknown text',
      { kn: { hero: { image: '/uploads/a.webp' } } },
      'Translations: "image" is not a translatable text of the hero (title, subtitle, buttonText, imageAlt)',
    ],
    ['a text too long', { kn: { hero: { title: 'ಅ'.repeat(201) } } }, 'Text must be at most 200 characters'],
    ['a card text too long', { kn: { cards: { sale: { description: 'ಅ'.repeat(601) } } } }, 'Text must be at most 600 characters'],
    ['a NUL', { kn: { main: { title: 'ಅ\u0000' } } }, 'Text must not contain the NUL character (U+0000)'],
    ['a number', { kn: { years: { number: 15 } } }, expect.any(String)],
  ])('refuses %s: 400 naming it, nothing changed', async (_case, translations, message) => {
    const before = await read('/api/about-content');
    const reply = await put('/api/about-content', {
      ...DEFAULT_ABOUT_CONTENT,
      hero: { ...DEFAULT_ABOUT_CONTENT.hero, title: 'Changed' },
      translations,
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().errors).toContainEqual(message);
    expect(await read('/api/about-content')).toEqual(before);
  });

  it('a draft carries them; history compares a change in Kannada as one', async () => {
    const changed = { kn: { ...kannadaAbout, hero: { ...kannadaAbout.hero, title: 'ಹೊಸ ಶೀರ್ಷಿಕೆ' } } };
    const draft = await put('/api/about-content/draft', { ...DEFAULT_ABOUT_CONTENT, translations: changed });
    expect(draft.statusCode, draft.body).toBe(200);
    const versions = (await t.app.inject({ url: '/api/about-content/versions', headers: auth })).json().data.versions as {
      number: number;
      status: string;
      changedFields: string[];
      changedLabels: string[];
    }[];
    expect(versions[0]).toMatchObject({
      status: 'draft',
      changedFields: ['translations.kn.hero.title'],
      changedLabels: ['Hero › Title (Kannada)'],
    });
    const compared = (
      await t.app.inject({ url: `/api/about-content/versions/compare?from=${versions[1].number}&to=${versions[0].number}`, headers: auth })
    ).json() as CompareReply;
    expect(compared.data.fields.find((field) => field.field === 'translations.kn.hero.title')).toMatchObject({
      label: 'Hero › Title (Kannada)',
      changed: true,
    });
    // the live document keeps the published Kannada title until the draft is published
    expect(((await read('/api/about-content')).translations as typeof changed).kn.hero.title).toBe('ಕನಸುಗಳ ನಿರ್ಮಾಣ');
  });
});

describe('Site settings in Kannada', () => {
  const kannada = { defaultTitle: 'ಬೆಂಗಳೂರು ಹೋಮ್ಸ್', address: { locality: 'ಬೆಂಗಳೂರು', region: 'ಕರ್ನಾಟಕ' } };

  it('are saved in the document and read back', async () => {
    const reply = await put('/api/site-settings', { ...DEMO_SITE_SETTINGS, translations: { kn: kannada } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await read('/api/site-settings')).translations).toEqual({ kn: kannada });
  });

  it.each([
    ['the company name', { kn: { companyName: 'ಅ' } }, expect.stringContaining('"companyName" is not a translatable setting')],
    ['an unknown language', { ta: { defaultTitle: 'அ' } }, 'Translations: "ta" is not a language the settings are translated into (kn)'],
    [
      'a postal code',
      { kn: { address: { postalCode: '560001' } } },
      expect.stringContaining('"postalCode" is not a translatable part of the address'),
    ],
    [
      'a title too long',
      { kn: { defaultTitle: 'ಅ'.repeat(500) } },
      expect.stringMatching(/^Default page title must be at most \d+ characters$/),
    ],
  ])('refuse %s: 400 naming it, nothing changed', async (_case, translations, message) => {
    const before = await read('/api/site-settings');
    const reply = await put('/api/site-settings', { ...DEMO_SITE_SETTINGS, translations });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().errors).toContainEqual(message);
    expect(await read('/api/site-settings')).toEqual(before);
  });
});
