/**
 * Content in Kannada beside English (docs/decisions/0049): a write's `translations` (JSON text in multipart, an
 * object in JSON) checked per language and field as the English field is, refused whole (400, nothing written) when
 * one value does not fit; records in every reply carry them; an update without them keeps them, a blank value removes
 * one; drafts, publish, history (labelled "Title (Kannada)") and a restored version carry them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, type ResourceDef } from '../../shared/resources';
import { translationMessages } from '../../shared/translations';
import type { CompareReply } from '../../shared/history';
import { sampleFields } from '../test/sample-records';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

let t: TestApp;
let token: string;
const def: ResourceDef = resources.project;
const base = `/api/${def.path}`;
/** The label of the English title field ("Project Title"): its translation's is this with the language. */
const titleLabel = def.fields.find((field) => field.name === 'title')!.label;
const auth = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

type Item = Record<string, unknown> & { _id: string; translations: Record<string, Record<string, unknown>> };

/** A list's records in the resource's envelope (a bare array, `{ data }` or `{ banners }`). */
const listData = (body: unknown): Item[] =>
  def.listEnvelope === 'array' ? (body as Item[]) : (body as Record<string, Item[]>)[def.listEnvelope];
const publicList = async () => listData((await t.app.inject({ method: 'GET', url: base })).json());
const manageList = async () => listData((await t.app.inject({ method: 'GET', url: `${base}/manage`, headers: auth() })).json());
const stored = async (id: string) => (await manageList()).find((item) => item._id === id)!;

async function create(translations?: string): Promise<Item> {
  const image = await makeImage('jpeg', 640, 480);
  const body = multipart(
    { ...sampleFields(def), ...(translations === undefined ? {} : { translations }) },
    Array.from({ length: def.image.kind === 'single' ? 1 : def.image.min }, () => ({ field: def.image.field, data: image })),
  );
  const reply = await t.app.inject({ method: 'POST', url: base, ...body, headers: { ...body.headers, ...auth() } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as Item;
}

const update = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: def.updateMethod, url: `${base}/${id}`, headers: auth(), payload });

describe('resource writes with translations', () => {
  let item: Item;

  it('a create (multipart, JSON text) stores them; blank values are dropped; every list carries them', async () => {
    item = await create(JSON.stringify({ kn: { title: ' ಹೊಸ ಮನೆ ', location: '', categories: ['ವಿಲ್ಲಾ', ' '] } }));
    expect(item.translations).toEqual({ kn: { title: 'ಹೊಸ ಮನೆ', categories: ['ವಿಲ್ಲಾ'] } });
    expect((await publicList()).find((entry) => entry._id === item._id)?.translations).toEqual(item.translations);
    expect((await stored(item._id)).translations).toEqual(item.translations);
  });

  it('a record written without any has {}', async () => {
    const plain = await create();
    expect(plain.translations).toEqual({});
  });

  it.each([
    ['not JSON', 'ಹೊಸ', [translationMessages.invalid]],
    ['a list', ['kn'], [translationMessages.invalid]],
    ['an unknown language', { hi: { title: 'नया' } }, [translationMessages.unknownLanguage('hi')]],
    ['English itself', { en: { title: 'New' } }, [translationMessages.unknownLanguage('en')]],
    ['a language that is not an object', { kn: 'ಹೊಸ' }, [translationMessages.notAnObject('Kannada')]],
    [
      'an unknown field',
      { kn: { colour: 'ಕೆಂಪು' } },
      [expect.stringContaining('Translations (Kannada): "colour" is not a translatable field')],
    ],
    ['a field with fixed options', { kn: { status: 'ಮುಗಿದಿದೆ' } }, [expect.stringContaining('"status" is not a translatable field')]],
    ['a date', { kn: { launchDate: '2026-01-01' } }, [expect.stringContaining('"launchDate" is not a translatable field')]],
    ['too long', { kn: { title: 'ಅ'.repeat(201) } }, [`${titleLabel} (Kannada) must be at most 200 characters`]],
    ['a NUL', { kn: { title: 'ಹೊಸ\u0000' } }, [expect.stringContaining('NUL')]],
    ['text where a list goes', { kn: { categories: 'ವಿಲ್ಲಾ' } }, ['Categories (Kannada) must be a list of text']],
    ['a list where text goes', { kn: { title: ['ಹೊಸ'] } }, [`${titleLabel} (Kannada) must be text`]],
  ])('refuses %s: 400 with the message, nothing written', async (_case, translations, messages) => {
    const before = await stored(item._id);
    for (const payload of [{ translations }, { translations: JSON.stringify(translations) }]) {
      if (typeof translations === 'string' && payload.translations !== translations) continue;
      const reply = await update(item._id, { title: 'Changed too', ...payload });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().errors).toEqual(expect.arrayContaining(messages));
    }
    // multipart too: the same check
    const body = multipart({
      title: 'Changed too',
      translations: typeof translations === 'string' ? translations : JSON.stringify(translations),
    });
    const reply = await t.app.inject({
      method: def.updateMethod,
      url: `${base}/${item._id}`,
      ...body,
      headers: { ...body.headers, ...auth() },
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(await stored(item._id)).toEqual(before);
  });

  it('an update without translations keeps them; one sends only what changes, blank removes a value', async () => {
    const kept = await update(item._id, { title: 'English only' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.translations).toEqual({ kn: { title: 'ಹೊಸ ಮನೆ', categories: ['ವಿಲ್ಲಾ'] } });

    const changed = await update(item._id, { translations: { kn: { title: '', location: 'ಬೆಂಗಳೂರು' } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.translations).toEqual({ kn: { location: 'ಬೆಂಗಳೂರು', categories: ['ವಿಲ್ಲಾ'] } });
    expect((await stored(item._id)).translations).toEqual(changed.json().data.translations);
  });

  it('history: a change in Kannada is a version, compared as "<Field> (Kannada)"; restoring a version restores them', async () => {
    const before = await update(item._id, { translations: { kn: { title: 'ಮೊದಲ' } } });
    expect(before.statusCode).toBe(200);
    const after = await update(item._id, { translations: { kn: { title: 'ಎರಡನೆಯ' } } });
    expect(after.statusCode).toBe(200);
    const versions = (await t.app.inject({ method: 'GET', url: `${base}/${item._id}/versions`, headers: auth() })).json().data;
    const [newest, previous] = versions.versions as { number: number; changedFields: string[]; changedLabels: string[] }[];
    expect(newest.changedFields).toContain('translations.kn.title');
    expect(newest.changedFields).not.toContain('title');
    // the list names the change as the editor does, not by its stored place
    expect(newest.changedLabels).toContain(`${titleLabel} (Kannada)`);
    expect(newest.changedLabels).not.toContain('translations.kn.title');
    const compared = (
      await t.app.inject({
        method: 'GET',
        url: `${base}/${item._id}/versions/compare?from=${previous.number}&to=${newest.number}`,
        headers: auth(),
      })
    ).json() as CompareReply;
    const field = compared.data.fields.find((entry) => entry.field === 'translations.kn.title');
    expect(field).toMatchObject({ label: `${titleLabel} (Kannada)`, changed: true });

    const restored = await t.app.inject({
      method: 'POST',
      url: `${base}/${item._id}/versions/${previous.number}/restore`,
      headers: auth(),
      payload: {},
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await stored(item._id)).translations).toMatchObject({ kn: { title: 'ಮೊದಲ' } });
  });

  it('a draft carries them while visitors keep the published ones; publish makes them live', async () => {
    const draft = await t.app.inject({
      method: 'PUT',
      url: `${base}/${item._id}/draft`,
      headers: auth(),
      payload: { translations: { kn: { title: 'ಕರಡು' } } },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const managed = await stored(item._id);
    expect((managed.draft as Item).translations).toMatchObject({ kn: { title: 'ಕರಡು', location: 'ಬೆಂಗಳೂರು' } });
    expect(managed.translations).toMatchObject({ kn: { title: 'ಮೊದಲ' } });
    expect((await publicList()).find((entry) => entry._id === item._id)?.translations).toMatchObject({ kn: { title: 'ಮೊದಲ' } });

    const published = await t.app.inject({ method: 'POST', url: `${base}/${item._id}/publish`, headers: auth() });
    expect(published.statusCode, published.body).toBe(200);
    expect((await publicList()).find((entry) => entry._id === item._id)?.translations).toMatchObject({ kn: { title: 'ಕರಡು' } });
  });

  it('the trash keeps them: moved there and back, the item has its translations', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${item._id}`, headers: auth() })).statusCode).toBe(200);
    const back = await t.app.inject({ method: 'POST', url: `/api/trash/project/${item._id}/restore`, headers: auth() });
    expect(back.statusCode, back.body).toBe(200);
    expect((await stored(item._id)).translations).toMatchObject({ kn: { title: 'ಕರಡು' } });
  });
});
