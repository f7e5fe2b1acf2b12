/**
 * No silent overwrite of the two documents (docs/decisions/0044): a save, a draft save, an autosave or a publish of the
 * About content or the Site settings naming the revision its editor opened is refused (409, nothing changed) once
 * someone else saved since, with who, when, what changed and their values. Of two saves racing on one base exactly one
 * gets through, on a document never saved as on one saved before. Without the header a save is as before.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { BASE_REVISION_HEADER, editConflictMessages, type EditConflictReply } from '../../shared/edit-conflicts';
import { DEMO_SITE_SETTINGS } from '../../shared/site-settings';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let editor: string;
/** The second account: an Admin, as only Admins may save the Site settings (Editors the About content too). */
const EDITOR = { email: 'second-admin@example.com', password: 'a second admin long password' };

beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false });
  admin = await t.login();
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admins',
    headers: await stepUpHeaders(t.app, admin),
    payload: { ...EDITOR, role: 'admin' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const login = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: EDITOR });
  expect(login.statusCode, login.body).toBe(200);
  editor = login.json().token as string;
});
afterAll(async () => {
  await t?.close();
});

const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;

/** Each document: its API path, the field a test changes, and the document with that field set to a text. */
const documents = [
  {
    name: 'the About content',
    base: '/api/about-content',
    field: 'hero.title',
    read: (value: Record<string, unknown>) => (value.hero as { title: string }).title,
    withText: (text: string) => ({ ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, title: text } }),
  },
  {
    name: 'the Site settings',
    base: '/api/site-settings',
    field: 'companyName',
    read: (value: Record<string, unknown>) => value.companyName as string,
    withText: (text: string) => ({ ...DEMO_SITE_SETTINGS, companyName: text }),
  },
];

describe.each(documents)('a save of $name', ({ base, field, read, withText }) => {
  const headers = (bearer: string, revision?: string) => ({
    authorization: `Bearer ${bearer}`,
    ...(revision === undefined ? {} : { [BASE_REVISION_HEADER]: revision }),
  });
  const save = (text: string, bearer: string, revision?: string) =>
    t.app.inject({ method: 'PUT', url: base, headers: headers(bearer, revision), payload: withText(text) });
  const saveDraft = (text: string, bearer: string, revision?: string, autosave = false) =>
    t.app.inject({
      method: 'PUT',
      url: `${base}/draft${autosave ? '?autosave=true' : ''}`,
      headers: headers(bearer, revision),
      payload: withText(text),
    });
  const publish = (bearer: string, revision?: string) =>
    t.app.inject({ method: 'POST', url: `${base}/publish`, headers: headers(bearer, revision) });
  const revisionNow = async () => {
    const reply = await t.app.inject({ method: 'GET', url: `${base}/draft`, headers: headers(admin) });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().revision as string;
  };
  const live = async () => read((await t.app.inject({ method: 'GET', url: base })).json().data);
  const versionCount = async () =>
    (await t.app.inject({ method: 'GET', url: `${base}/versions`, headers: headers(admin) })).json().data.total as number;

  it('of two saves on one base, exactly one wins and the other is told about it; the same for two drafts', async () => {
    // first on the document as it is (never saved: no row to lock yet), then again on the version that won
    for (let round = 0; round < 2; round += 1) {
      const opened = await revisionNow();
      const count = await versionCount();
      const words = { admin: unique('Admin’s race'), editor: unique('Editor’s race') };
      const replies = await Promise.all([save(words.admin, admin, opened), save(words.editor, editor, opened)]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
      const winner = read(replies.find((reply) => reply.statusCode === 200)!.json().data);
      const loser = replies.find((reply) => reply.statusCode === 409)!.json() as EditConflictReply;
      expect(loser.conflict?.values && read(loser.conflict.values)).toBe(winner);
      expect(await live()).toBe(winner);
      expect(await versionCount()).toBe(count + 1);
    }

    const opened = await revisionNow();
    const drafts = await Promise.all([
      saveDraft(unique('Admin draft'), admin, opened, true),
      saveDraft(unique('Editor draft'), editor, opened, true),
    ]);
    expect(drafts.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await revisionNow()).toBe(drafts.find((reply) => reply.statusCode === 200)!.json().data.revision);
    expect((await publish(admin, await revisionNow())).statusCode).toBe(200);
  });

  it('is refused with who changed what and their values, changing nothing; saved again over their revision it goes through', async () => {
    const opened = await revisionNow();
    const theirs = unique('The editor’s words');
    const first = await save(theirs, editor, opened);
    expect(first.statusCode, first.body).toBe(200);
    const moved = first.json().revision as string;
    expect(moved).not.toBe(opened);
    expect(await revisionNow()).toBe(moved);
    const count = await versionCount();

    const mine = unique('The admin’s words');
    const refused = await save(mine, admin, opened);
    expect(refused.statusCode, refused.body).toBe(409);
    const reply = refused.json() as EditConflictReply;
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(EDITOR.email);
    expect(reply.conflict).toMatchObject({ revision: moved, status: 'published', author: { name: EDITOR.email } });
    expect(reply.conflict?.changedFields).toContain(field);
    expect(read(reply.conflict!.values)).toBe(theirs);
    expect(Date.parse(reply.conflict!.at)).not.toBeNaN();
    expect(await live()).toBe(theirs);
    expect(await versionCount()).toBe(count);

    // keep mine: saved again over their revision
    const kept = await save(mine, admin, reply.conflict!.revision);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await live()).toBe(mine);
  });

  it('refuses a stale draft save, autosave and publish; each reply’s revision is the base of the next', async () => {
    const opened = await revisionNow();
    expect((await save(unique('Moved on'), editor, opened)).statusCode).toBe(200);
    const count = await versionCount();
    const stale = await saveDraft(unique('Stale draft'), admin, opened);
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as EditConflictReply).conflict?.author.name).toBe(EDITOR.email);
    expect((await saveDraft(unique('Stale autosave'), admin, opened, true)).statusCode).toBe(409);
    expect(await versionCount()).toBe(count);

    const drafted = await saveDraft(unique('Admin draft'), admin, await revisionNow());
    expect(drafted.statusCode, drafted.body).toBe(200);
    const draftRevision = drafted.json().data.revision as string;
    expect(await revisionNow()).toBe(draftRevision);
    // the editor autosaves over the admin's draft: a version of its own, and the admin's publish of its draft is refused
    const autosaved = await saveDraft(unique('Editor autosave'), editor, draftRevision, true);
    expect(autosaved.statusCode, autosaved.body).toBe(200);
    const refused = await publish(admin, draftRevision);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as EditConflictReply).conflict).toMatchObject({ status: 'draft', author: { name: EDITOR.email } });
    // the editor's own autosave in place moves the revision too
    const again = await saveDraft(unique('Editor autosave again'), editor, autosaved.json().data.revision, true);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.revision).not.toBe(autosaved.json().data.revision);
    expect(again.json().data.number).toBe(autosaved.json().data.number);
    const published = await publish(editor, again.json().data.revision);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.revision).toBe(await revisionNow());
  });

  it('takes a save without the header as before, and answers a malformed one with a clear 400', async () => {
    expect((await save(unique('No base'), admin)).statusCode).toBe(200);
    for (const reply of [await save('x', admin, 'yesterday'), await saveDraft('x', admin, '1.2.3'), await publish(admin, '7')]) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(editConflictMessages.badBase);
    }
  });
});
