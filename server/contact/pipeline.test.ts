/**
 * The enquiry pipeline through the real app (docs/decisions/0040): stage (Lost with a reason), owner,
 * follow-up and notes, each in the activity log; the stage change reaches a webhook receiver on
 * loopback; the assignment mail reaches a real SMTP server; filters and the board; refusals change nothing.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import type { AuditKind } from '../../shared/audit';
import type { InboxMessage } from '../../shared/contact-inbox';
import { pipelineMessages as pm } from '../../shared/enquiry-pipeline';
import { auditEvents, contactMessages, enquiryNotes } from '../db/schema';
import { parseMailSettings } from '../mail/mail-settings';
import { startSmtpServer, type SmtpTestServer } from '../test/smtp-server';
import { stepUpHeaders } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { ASSIGNED_MAIL } from './pipeline-mails';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'a long enough staff password';
const PUBLIC_URL = 'https://www.example.in';

let t: TestApp;
let smtp: SmtpTestServer;
let receiver: WebhookReceiver;
let admin: Record<string, string>;
const tokens: Record<string, string> = {};
const accountIds: Record<string, string> = {};
const ids: string[] = [];

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startWebhookReceiver();
  const mail = parseMailSettings({ SMTP_URL: smtp.url, MAIL_FROM: 'Site <site@example.in>' }, PUBLIC_URL);
  t = await createTestApp({ publicUrl: PUBLIC_URL, mail, webhooksAllowPrivate: true, contactRateLimit: 100 }, undefined, {
    renditionWorker: false,
  });
  const adminToken = await t.login();
  admin = bearer(adminToken);
  for (const [name, role] of [
    ['sales', 'sales'],
    ['editor', 'editor'],
  ] as const) {
    const email = `${name}@example.in`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: await stepUpHeaders(t.app, adminToken),
      payload: { email, password: PASSWORD, role },
    });
    expect(added.statusCode, added.body).toBe(201);
    accountIds[name] = added.json().data._id;
    tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: { email, password: PASSWORD } })).json().token;
  }
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: await stepUpHeaders(t.app, adminToken),
    payload: { url: `${receiver.url}/pipeline`, events: ['enquiry.stage-changed'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  for (const name of ['Asha Rao', 'Vikram Shah', 'Meera Iyer']) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, number: '+91 98450 12345', message: 'A 3BHK, please.' },
    });
    expect(sent.statusCode).toBe(201);
  }
  const all = (await t.app.inject({ method: 'GET', url: '/api/user', headers: admin })).json().data as InboxMessage[];
  ids.push(...all.map((row) => row._id));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await receiver?.stop();
});

const put = (what: string, id: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${id}/${what}`, headers, payload: payload as object });
const row = async (id: string) => (await t.services.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
const audits = (kind: AuditKind) =>
  t.services.database.db.select().from(auditEvents).where(eq(auditEvents.kind, kind)).orderBy(asc(auditEvents.at));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the enquiry pipeline', () => {
  it('every enquiry starts at New with no owner, follow-up or reason, and the inbox status is untouched', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/user', headers: admin })).json().data as InboxMessage[];
    expect(all.map(({ stage, owner, followUpOn, lostReason, status }) => ({ stage, owner, followUpOn, lostReason, status }))).toEqual(
      Array(3).fill({ stage: 'New', owner: null, followUpOn: null, lostReason: null, status: 'New' }),
    );
  });

  it('moves an enquiry through the stages, each move in the activity log and sent to the webhook once', async () => {
    const [id] = ids;
    for (const stage of ['Contacted', 'Site visit', 'Quoted']) {
      const moved = await put('stage', id, { stage });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ message: pm.stageChanged(stage as 'Quoted'), data: { stage, status: 'New' } });
    }
    const lost = await put('stage', id, { stage: 'Lost', lostReason: 'Bought a flat elsewhere' });
    expect(lost.json().data).toMatchObject({ stage: 'Lost', lostReason: 'Bought a flat elsewhere' });
    // the same stage again is no change: no entry, no event
    expect((await put('stage', id, { stage: 'Lost', lostReason: 'Bought a flat elsewhere' })).statusCode).toBe(200);
    const entries = await audits('enquiry.stage-changed');
    expect(entries.map((entry) => entry.details)).toEqual([
      { from: 'New', to: 'Contacted' },
      { from: 'Contacted', to: 'Site visit' },
      { from: 'Site visit', to: 'Quoted' },
      { from: 'Quoted', to: 'Lost', reason: 'Bought a flat elsewhere' },
    ]);
    expect(entries.every((entry) => entry.actorEmail === TEST_ADMIN.email && entry.targetId === id)).toBe(true);
    const deadline = Date.now() + 15_000;
    while (receiver.received.length < 4 && Date.now() < deadline) await sleep(50);
    await sleep(300);
    const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.map((body) => [body.event, body.data.from, body.data.to])).toEqual([
      ['enquiry.stage-changed', 'New', 'Contacted'],
      ['enquiry.stage-changed', 'Contacted', 'Site visit'],
      ['enquiry.stage-changed', 'Site visit', 'Quoted'],
      ['enquiry.stage-changed', 'Quoted', 'Lost'],
    ]);
    expect(bodies[3].data).toMatchObject({ enquiry: { id, name: 'Meera Iyer' }, lostReason: 'Bought a flat elsewhere' });
    // moving on from Lost drops the reason
    expect((await put('stage', id, { stage: 'Contacted' })).json().data).toMatchObject({ stage: 'Contacted', lostReason: null });
  });

  it('refuses a bad stage or reason with a clear 400 and changes nothing', async () => {
    const id = ids[1];
    const cases: [unknown, string][] = [
      [{ stage: 'Lost' }, pm.lostReasonRequired],
      [{ stage: 'Lost', lostReason: '   ' }, pm.lostReasonRequired],
      [{ stage: 'Won', lostReason: 'why' }, pm.reasonOnlyWhenLost],
      [{ stage: 'Done' }, pm.invalidStage],
      [{}, pm.invalidStage],
      [{ stage: 'Lost', lostReason: 'x'.repeat(501) }, pm.lostReasonTooLong],
    ];
    for (const [payload, message] of cases) {
      const reply = await put('stage', id, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, message });
    }
    expect((await put('stage', 'not-an-id', { stage: 'Won' })).statusCode).toBe(400);
    expect((await put('stage', MISSING_ID, { stage: 'Won' })).statusCode).toBe(404);
    expect(await row(id)).toMatchObject({ stage: 'New', lostReason: null });
  });

  it('assigns an owner (any account: docs/decisions/0040), mails them, and refuses a missing one', async () => {
    const id = ids[1];
    const owners = (await t.app.inject({ method: 'GET', url: '/api/user/owners', headers: admin })).json().data;
    expect(owners.map((owner: { email: string }) => owner.email)).toEqual([TEST_ADMIN.email, 'editor@example.in', 'sales@example.in']);
    expect((await put('owner', id, { ownerId: MISSING_ID })).json()).toMatchObject({ message: pm.ownerNotFound });
    expect((await put('owner', id, { ownerId: 'sales' })).json()).toMatchObject({ message: pm.invalidOwner });
    expect((await row(id)).ownerId).toBeNull();

    const assigned = await put('owner', id, { ownerId: accountIds.sales });
    expect(assigned.json()).toMatchObject({
      message: pm.ownerChanged('sales@example.in'),
      data: { owner: { _id: accountIds.sales, email: 'sales@example.in' } },
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo).toEqual(['sales@example.in']);
    expect(mail.parsed.subject).toBe('Enquiry assigned to you: Vikram Shah');
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/admin/users?message=${id}`);
    expect(mail.parsed.text).toContain(TEST_ADMIN.email);
    // assigning it to oneself sends nothing; nor does the same owner again
    const ownId = owners[0]._id;
    expect((await put('owner', ids[2], { ownerId: ownId })).statusCode).toBe(200);
    expect((await put('owner', id, { ownerId: accountIds.sales })).statusCode).toBe(200);
    await sleep(500);
    expect(smtp.received.filter((received) => received.parsed.subject?.startsWith('Enquiry assigned'))).toHaveLength(1);
    expect((await audits('enquiry.assigned')).map((entry) => entry.details)).toEqual([
      { from: null, to: 'sales@example.in' },
      { from: null, to: TEST_ADMIN.email },
    ]);
    expect(ASSIGNED_MAIL).toBe('enquiry-assigned');
    // the Sales account itself may now open the enquiry it owns, and filter by owner
    const mine = await t.app.inject({ method: 'GET', url: `/api/user?owner=${accountIds.sales}`, headers: bearer(tokens.sales) });
    expect(mine.json().data.map((message: InboxMessage) => message._id)).toEqual([id]);
    const nobody = await t.app.inject({ method: 'GET', url: '/api/user?owner=none', headers: admin });
    expect(nobody.json().data.map((message: InboxMessage) => message._id)).toEqual([ids[0]]);
    // removing the owner
    expect((await put('owner', ids[2], { ownerId: null })).json()).toMatchObject({ data: { owner: null }, message: pm.ownerChanged(null) });
  });

  it('sets and clears the follow-up day, refusing what is not a day', async () => {
    const id = ids[2];
    expect((await put('follow-up', id, { followUpOn: '2026-12-24' })).json()).toMatchObject({ data: { followUpOn: '2026-12-24' } });
    for (const followUpOn of ['2026-02-30', '24/12/2026', '', 20261224]) {
      const reply = await put('follow-up', id, { followUpOn });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(pm.invalidFollowUp);
    }
    expect((await row(id)).followUpOn).toBe('2026-12-24');
    expect((await put('follow-up', id, { followUpOn: null })).json()).toMatchObject({ data: { followUpOn: null } });
    expect((await audits('enquiry.follow-up-set')).map((entry) => entry.details)).toEqual([
      { from: null, to: '2026-12-24' },
      { from: '2026-12-24', to: null },
    ]);
  });

  it('keeps notes with their author and time, oldest first', async () => {
    const id = ids[1];
    const first = await t.app.inject({ method: 'POST', url: `/api/user/${id}/notes`, headers: admin, payload: { text: ' Called once ' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: pm.noteAdded, data: { text: 'Called once', author: { email: TEST_ADMIN.email } } });
    await t.app.inject({ method: 'POST', url: `/api/user/${id}/notes`, headers: bearer(tokens.sales), payload: { text: 'Visit Sunday' } });
    const empty = await t.app.inject({ method: 'POST', url: `/api/user/${id}/notes`, headers: admin, payload: { text: '  ' } });
    expect(empty.json()).toMatchObject({ message: pm.noteRequired });
    const notes = (await t.app.inject({ method: 'GET', url: `/api/user/${id}/notes`, headers: admin })).json().data;
    expect(notes.map((note: { text: string; author: { email: string } }) => [note.text, note.author.email])).toEqual([
      ['Called once', TEST_ADMIN.email],
      ['Visit Sunday', 'sales@example.in'],
    ]);
    expect(Date.parse(notes[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await audits('enquiry.note-added')).toHaveLength(2);
  });

  it('filters the list and the board by stage and owner', async () => {
    await put('stage', ids[2], { stage: 'Won' });
    const list = async (query: string) =>
      ((await t.app.inject({ method: 'GET', url: `/api/user?${query}`, headers: admin })).json().data as InboxMessage[]).map((m) => m._id);
    expect(await list('stage=Won')).toEqual([ids[2]]);
    expect(await list('stage=Contacted&page=1')).toEqual([ids[0]]);
    expect(await list(`stage=New&owner=${accountIds.sales}`)).toEqual([ids[1]]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user?stage=Gone', headers: admin })).json().message).toBe(pm.invalidStage);
    // the CSV of a view carries each enquiry's stage, reason, owner and follow-up
    const csv = (await t.app.inject({ method: 'GET', url: `/api/user/export?owner=${accountIds.sales}`, headers: admin })).body;
    expect(csv.split('\r\n')[0]).toMatch(/"Stage","Lost reason","Owner","Next follow-up"$/);
    expect(csv.split('\r\n')[1]).toMatch(/^"Vikram Shah",.*,"New","","sales@example.in",""$/);
    const board = (await t.app.inject({ method: 'GET', url: '/api/user/board', headers: admin })).json().data;
    expect(board.map((column: { stage: string; total: number }) => [column.stage, column.total])).toEqual([
      ['New', 1],
      ['Contacted', 1],
      ['Site visit', 0],
      ['Quoted', 0],
      ['Won', 1],
      ['Lost', 0],
    ]);
  });

  it('answers 401 to visitors and 403 to other areas, and a cookie write from another site changes nothing', async () => {
    const id = ids[0];
    const routes = [
      { method: 'PUT' as const, url: `/api/user/${id}/stage`, payload: { stage: 'Won' } },
      { method: 'PUT' as const, url: `/api/user/${id}/owner`, payload: { ownerId: null } },
      { method: 'PUT' as const, url: `/api/user/${id}/follow-up`, payload: { followUpOn: '2026-12-31' } },
      { method: 'POST' as const, url: `/api/user/${id}/notes`, payload: { text: 'x' } },
      { method: 'GET' as const, url: `/api/user/${id}/notes` },
      { method: 'GET' as const, url: '/api/user/owners' },
    ];
    // an Editor owns none of these: each is a 403 (own-enquiries.test.ts has what it may do with its own)
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, route.url).toBe(401);
      expect((await t.app.inject({ ...route, headers: bearer(tokens.editor) })).statusCode, route.url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/board' })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admins/login',
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const crossSite: Record<string, string>[] = [{ cookie }, { cookie, 'x-requested-with': 'fetch', origin: 'https://evil.example' }];
    for (const headers of crossSite) {
      const reply = await put('stage', id, { stage: 'Won' }, headers);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toBe(apiMessages.crossSiteRefused);
    }
    expect((await put('stage', id, { stage: 'Won' }, { cookie, 'x-requested-with': 'fetch' })).statusCode).toBe(200);
    expect(await t.services.database.db.select().from(enquiryNotes).where(eq(enquiryNotes.messageId, id))).toHaveLength(0);
  });
});
