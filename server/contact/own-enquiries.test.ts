/**
 * An account without the enquiries area and the enquiries assigned to it (issue 26, docs/decisions/0040): it lists,
 * counts, opens (with contact details) and works on its own (stage, follow-up, notes), through the assignment
 * mail's link too; everything else about enquiries (others' enquiries, the owner, status, trash, CSV, the owners'
 * list, the enquiry insights) is a 403 with a clear message, and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages, areaLabels } from '../../shared/api-messages';
import type { InboxMessage } from '../../shared/contact-inbox';
import { pipelineMessages as pm } from '../../shared/enquiry-pipeline';
import { contactMessages, enquiryNotes } from '../db/schema';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';

const PASSWORD = 'a long enough staff password';

let t: TestApp;
let admin: Record<string, string>;
let editor: Record<string, string>;
let editorId: string;
/** Asha's is assigned to the Editor; Vikram's to nobody. */
let mine: string;
let theirs: string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const row = async (id: string) => (await t.services.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp({ contactRateLimit: 100 }, undefined, { renditionWorker: false });
  const adminToken = await t.login();
  admin = bearer(adminToken);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admins',
    headers: await stepUpHeaders(t.app, adminToken),
    payload: { email: 'site.engineer@example.in', password: PASSWORD, role: 'editor' },
  });
  expect(added.statusCode, added.body).toBe(201);
  editorId = added.json().data._id;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admins/login',
    payload: { email: 'site.engineer@example.in', password: PASSWORD },
  });
  editor = bearer(login.json().token);
  for (const name of ['Asha Rao', 'Vikram Shah']) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, number: '+91 98450 12345', message: 'A 3BHK, please.' },
    });
    expect(sent.statusCode).toBe(201);
  }
  const all = (await t.app.inject({ method: 'GET', url: '/api/user', headers: admin })).json().data as InboxMessage[];
  mine = all.find((message) => message.name === 'Asha Rao')!._id;
  theirs = all.find((message) => message.name === 'Vikram Shah')!._id;
});
afterAll(async () => {
  await t?.close();
});

describe('an account without the enquiries area', () => {
  it('may be made an owner: the owners list has every account', async () => {
    const owners = (await t.app.inject({ method: 'GET', url: '/api/user/owners', headers: admin })).json().data;
    expect(owners.map((owner: { _id: string }) => owner._id)).toContain(editorId);
    const assigned = await t.app.inject({ method: 'PUT', url: `/api/user/${mine}/owner`, headers: admin, payload: { ownerId: editorId } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.owner).toEqual({ _id: editorId, email: 'site.engineer@example.in' });
  });

  it('lists, counts and opens only the enquiries assigned to it, with their contact details', async () => {
    for (const url of ['/api/user', '/api/user?page=1', '/api/user?q=a']) {
      const list = await t.app.inject({ method: 'GET', url, headers: editor });
      expect(list.statusCode, url).toBe(200);
      expect(list.json().data.map((message: InboxMessage) => message._id)).toEqual([mine]);
      expect(list.json().counts).toEqual({ New: 1, Replied: 0, Archived: 0 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/counts', headers: editor })).json().data).toEqual({
      New: 1,
      Replied: 0,
      Archived: 0,
    });
    const sources = (await t.app.inject({ method: 'GET', url: '/api/user/sources', headers: editor })).json().data;
    expect(sources.sources.reduce((sum: number, source: { count: number }) => sum + source.count, 0)).toBe(1);
    const opened = await t.app.inject({ method: 'GET', url: `/api/user/${mine}`, headers: editor });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', number: '+919845012345' });
    const board = (await t.app.inject({ method: 'GET', url: '/api/user/board', headers: editor })).json().data;
    expect(board.flatMap((column: { data: InboxMessage[] }) => column.data.map((message) => message._id))).toEqual([mine]);
    expect(board.find((column: { stage: string }) => column.stage === 'New').total).toBe(1);
  });

  it('moves its enquiry, sets its follow-up and adds notes', async () => {
    const moved = await t.app.inject({ method: 'PUT', url: `/api/user/${mine}/stage`, headers: editor, payload: { stage: 'Site visit' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const followUp = { method: 'PUT' as const, url: `/api/user/${mine}/follow-up`, headers: editor, payload: { followUpOn: '2026-12-24' } };
    expect((await t.app.inject(followUp)).statusCode).toBe(200);
    const note = { method: 'POST' as const, url: `/api/user/${mine}/notes`, headers: editor, payload: { text: 'Showed the plot' } };
    expect((await t.app.inject(note)).statusCode).toBe(201);
    const notes = (await t.app.inject({ method: 'GET', url: `/api/user/${mine}/notes`, headers: editor })).json().data;
    expect(notes.map((entry: { text: string; author: { email: string } }) => [entry.text, entry.author.email])).toEqual([
      ['Showed the plot', 'site.engineer@example.in'],
    ]);
    expect(await row(mine)).toMatchObject({ stage: 'Site visit', followUpOn: '2026-12-24', ownerId: editorId });
  });

  it('gets a clear 403 for everything else, and nothing changes', async () => {
    const refused = [
      // another account's enquiry, or another owner's view
      { method: 'GET' as const, url: `/api/user/${theirs}`, message: pm.notYourEnquiry },
      { method: 'GET' as const, url: `/api/user/${theirs}/notes`, message: pm.notYourEnquiry },
      { method: 'PUT' as const, url: `/api/user/${theirs}/stage`, payload: { stage: 'Won' }, message: pm.notYourEnquiry },
      { method: 'PUT' as const, url: `/api/user/${theirs}/follow-up`, payload: { followUpOn: '2026-12-31' }, message: pm.notYourEnquiry },
      { method: 'POST' as const, url: `/api/user/${theirs}/notes`, payload: { text: 'x' }, message: pm.notYourEnquiry },
      { method: 'GET' as const, url: '/api/user?owner=none', message: pm.ownEnquiriesOnly },
      { method: 'GET' as const, url: '/api/user/board?owner=none', message: pm.ownEnquiriesOnly },
      // what only the enquiries area does, even with its own enquiry
      ...[
        { method: 'PUT' as const, url: `/api/user/${mine}/owner`, payload: { ownerId: null } },
        { method: 'PATCH' as const, url: `/api/user/${mine}`, payload: { status: 'Archived' } },
        { method: 'DELETE' as const, url: `/api/user/${mine}` },
        { method: 'GET' as const, url: '/api/user/export' },
        { method: 'GET' as const, url: '/api/user/owners' },
        { method: 'GET' as const, url: '/api/insights/enquiries?days=30' },
      ].map((route) => ({ ...route, message: accountSecurityMessages.areaRequired(areaLabels.enquiries) })),
    ];
    for (const { message, ...route } of refused) {
      const reply = await t.app.inject({ ...route, headers: editor });
      expect(reply.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(reply.json(), `${route.method} ${route.url}`).toMatchObject({ success: false, message });
    }
    expect(await row(theirs)).toMatchObject({ stage: 'New', followUpOn: null, ownerId: null, deletedAt: null });
    expect(await row(mine)).toMatchObject({ status: 'New', ownerId: editorId, deletedAt: null });
    expect(await t.services.database.db.select().from(enquiryNotes).where(eq(enquiryNotes.messageId, theirs))).toHaveLength(0);
    // the visit numbers are the content area's: the Editor reads them
    expect((await t.app.inject({ method: 'GET', url: '/api/visits?days=30', headers: editor })).statusCode).toBe(200);
  });

  it('loses sight of an enquiry once it is assigned to someone else', async () => {
    const reassigned = await t.app.inject({ method: 'PUT', url: `/api/user/${mine}/owner`, headers: admin, payload: { ownerId: null } });
    expect(reassigned.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: editor })).json().data).toEqual([]);
    const opened = await t.app.inject({ method: 'GET', url: `/api/user/${mine}`, headers: editor });
    expect(opened.statusCode).toBe(403);
    expect(opened.json().message).toBe(pm.notYourEnquiry);
  });
});

describe('an account with only the enquiries area', () => {
  it('gets a 403 naming the content area for the visit numbers, and reads the enquiry insights', async () => {
    const adminToken = await t.login();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, adminToken),
      payload: { email: 'sales.desk@example.in', password: PASSWORD, role: 'sales' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admins/login',
      payload: { email: 'sales.desk@example.in', password: PASSWORD },
    });
    const sales = bearer(login.json().token);
    const visits = await t.app.inject({ method: 'GET', url: '/api/visits?days=30', headers: sales });
    expect(visits.statusCode).toBe(403);
    expect(visits.json().message).toBe(accountSecurityMessages.areaRequired(areaLabels.content));
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/enquiries?days=30', headers: sales })).statusCode).toBe(200);
    // every enquiry, whoever owns it
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: sales })).json().data).toHaveLength(2);
  });
});
