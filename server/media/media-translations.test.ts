/**
 * A library image's alt text in Kannada (docs/decisions/0049): PATCH /api/media/:id takes `translations` like `alt`
 * ('' removes it, another language is refused), GET shows it; a Kannada read shows a use's image with the entry's
 * Kannada alt text, else the English one named in `fallbackFields`; About's hero its own Kannada alt text first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { mediaMessages } from '../../shared/media';
import { resources } from '../../shared/resources';
import { createRecord } from '../test/backup-helpers';
import { libraryEntry } from '../test/media-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { shownAbout } from './media-index';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${token}` });
const patch = (id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/media/${id}`, headers: auth(), payload });
const one = async (id: string) => (await t.app.inject({ url: `/api/media/${id}`, headers: auth() })).json().data as Record<string, unknown>;

describe('a library image in Kannada', () => {
  it('takes and shows its Kannada alt text; refuses another language; resolves on a Kannada read', async () => {
    const def = resources.property;
    const record = await createRecord(t, token, 'property', 'kn');
    const entry = await libraryEntry(t, String(record.image));
    expect((await one(entry.id)).translations).toEqual({});

    expect((await patch(entry.id, { alt: 'A new house' })).statusCode).toBe(200);
    const saved = await patch(entry.id, { translations: { kn: { alt: '  ಹೊಸ ಮನೆ  ' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ alt: 'A new house', translations: { kn: { alt: 'ಹೊಸ ಮನೆ' } } });

    for (const translations of [{ hi: { alt: 'x' } }, { kn: { alt: 'x'.repeat(1000) } }, { kn: { title: 'x' } }, { kn: 'x' }]) {
      const refused = await patch(entry.id, { translations });
      expect(refused.statusCode, JSON.stringify(translations)).toBe(400);
      expect(refused.json().message).toBe(mediaMessages.invalidChange);
    }
    expect((await one(entry.id)).translations).toEqual({ kn: { alt: 'ಹೊಸ ಮನೆ' } });

    // the record's use has no alt text of its own: English reads the entry's, Kannada the entry's Kannada one
    const { records } = await t.services.content.reads.list('property');
    const shown = records.find((item) => item._id === record._id)!;
    expect(shown.imageAlt).toBe('A new house');
    const [kannada] = await t.services.content.mediaIndex.localizedImages(def, [shown], 'kn');
    expect(kannada.imageAlt).toBe('ಹೊಸ ಮನೆ');
    expect(kannada).not.toHaveProperty('fallbackFields');
    expect(await t.services.content.mediaIndex.localizedImages(def, [shown], 'en')).toEqual([shown]);

    // '' removes it: the Kannada read shows English, marked
    expect((await patch(entry.id, { translations: { kn: { alt: '' } } })).json().data.translations).toEqual({});
    const [fallback] = await t.services.content.mediaIndex.localizedImages(
      def,
      [(await t.services.content.reads.list('property')).records.find((item) => item._id === record._id)!],
      'kn',
    );
    expect(fallback).toMatchObject({ imageAlt: 'A new house', fallbackFields: ['imageAlt'] });

    // About's hero: its own Kannada alt text, else the entry's
    await patch(entry.id, { translations: { kn: { alt: 'ಹೊಸ ಮನೆ' } } });
    const lookup = await t.services.content.mediaIndex.lookup();
    const about = { ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, image: String(record.image) } };
    expect(shownAbout(about, lookup, 'kn').translations?.kn?.hero?.imageAlt).toBe('ಹೊಸ ಮನೆ');
    const own = { ...about, translations: { kn: { hero: { imageAlt: 'ನಮ್ಮ ಮನೆ' } } } };
    expect(shownAbout(own, lookup, 'kn').translations?.kn?.hero?.imageAlt).toBe('ನಮ್ಮ ಮನೆ');
    expect(shownAbout(own, lookup, 'en').hero.imageAlt).toBe('A new house');
  });
});
