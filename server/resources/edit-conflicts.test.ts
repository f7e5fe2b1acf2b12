/**
 * No silent overwrite (docs/decisions/0044): a save naming the revision its editor opened is refused (409, nothing
 * changed) once someone else saved since, with who, when, what changed and their values; the same for a draft, an
 * autosave and a publish. Of two saves racing on one base exactly one gets through. A save without a base is as before.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_REVISION_HEADER, editConflictMessages, type EditConflictReply } from '../../shared/edit-conflicts';
import { resources } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { EDITOR, editorToken } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

let t: TestApp;
let admin: string;
let editor: string;
let jpeg: Buffer;
const def = resources.clients;
const base = `/api/${def.path}`;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false });
  admin = await t.login();
  editor = await editorToken(t.app, admin);
  jpeg = await makeImage('jpeg', 320, 240);
});
afterAll(async () => {
  await t?.close();
});

type Managed = Record<string, unknown> & { _id: string; description: string; revision: string; draft: Record<string, unknown> | null };

const headers = (bearer: string, revision?: string) => ({
  authorization: `Bearer ${bearer}`,
  ...(revision === undefined ? {} : { [BASE_REVISION_HEADER]: revision }),
});
const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;

async function create(description: string): Promise<Managed> {
  const body = multipart({ ...sampleFields(def, 'conflicts'), description }, [{ field: 'image', data: jpeg }]);
  const reply = await t.app.inject({ method: 'POST', url: base, ...body, headers: { ...body.headers, ...headers(admin) } });
  expect(reply.statusCode, reply.body).toBe(201);
  return managed(reply.json().data._id);
}

async function managed(id: string): Promise<Managed> {
  const list = (await t.app.inject({ method: 'GET', url: `${base}/manage`, headers: headers(admin) })).json() as Managed[];
  const found = list.find((record) => record._id === id);
  expect(found).toBeDefined();
  return found!;
}

const update = (id: string, fields: Record<string, string>, bearer: string, revision?: string) =>
  t.app.inject({ method: 'PUT', url: `${base}/${id}`, headers: headers(bearer, revision), payload: fields });
const saveDraft = (id: string, fields: Record<string, string>, bearer: string, revision?: string, autosave = false) =>
  t.app.inject({
    method: 'PUT',
    url: `${base}/${id}/draft${autosave ? '?autosave=true' : ''}`,
    headers: headers(bearer, revision),
    payload: fields,
  });
const publish = (id: string, bearer: string, revision?: string) =>
  t.app.inject({ method: 'POST', url: `${base}/${id}/publish`, headers: headers(bearer, revision) });
const versionCount = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `${base}/${id}/versions`, headers: headers(admin) })).json().data.total as number;

describe('a save based on a revision someone else has moved on from', () => {
  it('is refused with who changed what and their values, changing nothing; saved again over the new revision it goes through', async () => {
    const item = await create(unique('Opened by both'));
    const theirs = unique('The editor’s words');
    const first = await update(item._id, { description: theirs }, editor, item.revision);
    expect(first.statusCode, first.body).toBe(200);
    const moved = first.json().data.revision as string;
    expect(moved).not.toBe(item.revision);
    expect((await managed(item._id)).revision).toBe(moved);
    const count = await versionCount(item._id);

    const mine = unique('The admin’s words');
    const second = await update(item._id, { description: mine, title: 'A new title' }, admin, item.revision);
    expect(second.statusCode).toBe(409);
    const reply = second.json() as EditConflictReply;
    expect(reply.message).toBe(editConflictMessages.changedBy('client', EDITOR.email));
    expect(reply.conflict).toMatchObject({
      revision: moved,
      status: 'published',
      author: { name: EDITOR.email },
      changedFields: ['description'],
      values: { description: theirs },
    });
    expect(Date.parse(reply.conflict!.at)).toBeGreaterThan(Date.now() - 60_000);
    // nothing changed: the row, the history
    expect((await managed(item._id)).description).toBe(theirs);
    expect(await versionCount(item._id)).toBe(count);

    // keep mine: saved over the revision the refusal named
    const again = await update(item._id, { description: mine }, admin, reply.conflict!.revision);
    expect(again.statusCode, again.body).toBe(200);
    expect((await managed(item._id)).description).toBe(mine);
  });

  it('without a base is saved as before (last writer wins), so older clients keep working', async () => {
    const item = await create(unique('No base'));
    expect((await update(item._id, { description: 'One' }, editor)).statusCode).toBe(200);
    expect((await update(item._id, { description: 'Two' }, admin)).statusCode).toBe(200);
    expect((await managed(item._id)).description).toBe('Two');
  });

  it('as a draft, an autosave or a publish is refused the same way', async () => {
    const item = await create(unique('Drafted by both'));
    const drafted = await saveDraft(item._id, { description: 'The editor’s draft' }, editor, item.revision);
    expect(drafted.statusCode, drafted.body).toBe(200);
    const draftRevision = drafted.json().data.revision as string;
    expect((await managed(item._id)).revision).toBe(draftRevision);

    for (const autosave of [false, true]) {
      const refused = await saveDraft(item._id, { description: 'The admin’s draft' }, admin, item.revision, autosave);
      expect(refused.statusCode).toBe(409);
      expect((refused.json() as EditConflictReply).conflict).toMatchObject({
        revision: draftRevision,
        status: 'draft',
        author: { name: EDITOR.email },
        values: { description: 'The editor’s draft' },
      });
    }
    expect((await publish(item._id, admin, item.revision)).statusCode).toBe(409);
    expect((await managed(item._id)).draft?.description).toBe('The editor’s draft');
    const published = await publish(item._id, admin, draftRevision);
    expect(published.statusCode, published.body).toBe(200);
    expect((await managed(item._id)).description).toBe('The editor’s draft');
  });

  it('an autosave in place moves the revision, so a base taken before it is refused', async () => {
    const item = await create(unique('Autosaved'));
    const one = await saveDraft(item._id, { description: 'Typing one' }, editor, item.revision, true);
    const afterOne = one.json().data.revision as string;
    const two = await saveDraft(item._id, { description: 'Typing one two' }, editor, afterOne, true);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().data.number).toBe(one.json().data.number);
    expect(two.json().data.revision).not.toBe(afterOne);
    // the admin opened it between the two autosaves
    const refused = await saveDraft(item._id, { description: 'The admin’s' }, admin, afterOne, true);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as EditConflictReply).conflict?.values.description).toBe('Typing one two');
  });

  it('an autosave never overwrites another account’s draft in place: kept mine, theirs stays a version', async () => {
    const item = await create(unique('Two authors'));
    const theirs = await saveDraft(item._id, { description: 'The editor’s autosave' }, editor, item.revision, true);
    const mine = await saveDraft(item._id, { description: 'The admin’s autosave' }, admin, theirs.json().data.revision, true);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.number).toBe(theirs.json().data.number + 1);
    const kept = await t.app.inject({
      method: 'GET',
      url: `${base}/${item._id}/versions/${theirs.json().data.number}`,
      headers: headers(admin),
    });
    expect(kept.json().data.snapshot.description).toBe('The editor’s autosave');
  });

  it('of two saves racing on one base, exactly one gets through and the other is told, nothing lost', async () => {
    const item = await create(unique('Raced'));
    const count = await versionCount(item._id);
    const words = { [TEST_ADMIN.email]: unique('Admin wins?'), [EDITOR.email]: unique('Editor wins?') };
    const replies = await Promise.all([
      update(item._id, { description: words[TEST_ADMIN.email] }, admin, item.revision),
      update(item._id, { description: words[EDITOR.email] }, editor, item.revision),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.find((reply) => reply.statusCode === 200)!.json().data.description as string;
    const loser = replies.find((reply) => reply.statusCode === 409)!.json() as EditConflictReply;
    expect(loser.conflict?.values.description).toBe(winner);
    expect((await managed(item._id)).description).toBe(winner);
    expect(await versionCount(item._id)).toBe(count + 1);

    // the same for two drafts
    const revision = (await managed(item._id)).revision;
    const drafts = await Promise.all([
      saveDraft(item._id, { description: 'Admin draft' }, admin, revision, true),
      saveDraft(item._id, { description: 'Editor draft' }, editor, revision, true),
    ]);
    expect(drafts.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const saved = drafts.find((reply) => reply.statusCode === 200)!;
    expect((await managed(item._id)).revision).toBe(saved.json().data.revision);
  });
});

describe('the Base-Revision header', () => {
  it('that is not a revision gets a clear 400; a visitor gets 401 and a missing item 404', async () => {
    const item = await create(unique('Bad header'));
    for (const reply of [
      await update(item._id, { description: 'x' }, admin, 'yesterday'),
      await saveDraft(item._id, { description: 'x' }, admin, '1.2.3'),
      await publish(item._id, admin, 'abc'),
    ]) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(editConflictMessages.badBase);
    }
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `${base}/${item._id}`,
      headers: { [BASE_REVISION_HEADER]: item.revision },
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    const missing = await update('00000000-0000-4000-8000-000000000000', { description: 'x' }, admin, item.revision);
    expect(missing.statusCode).toBe(404);
    expect((await managed(item._id)).description).toMatch(/^Bad header/);
  });
});
