/**
 * A NUL byte (U+0000) in any text input: PostgreSQL stores none in text or jsonb, so each one must be
 * a 400 with a clear message that stores nothing, never a 500 from the insert.
 */
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../shared/about-content';
import { apiMessages } from '../shared/api-messages';
import { contactServerMessages } from '../shared/contact';
import { inboxMessages } from '../shared/contact-inbox';
import { resources } from '../shared/resources';
import { sampleFields } from './test/sample-records';
import { stepUpHeaders } from './test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from './test/test-app';
import { makeImage, multipart } from './test/test-images';

const NUL = '\u0000';

describe('NUL bytes in text inputs', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 100, loginRateLimit: 100 });
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(() => t.close());

  const expect400 = (reply: { statusCode: number; json(): { success: boolean; message: string } }, message: string) => {
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, message });
  };

  it('login: in the email or the password', async () => {
    for (const payload of [
      { ...TEST_ADMIN, email: `admin${NUL}@example.com` },
      { ...TEST_ADMIN, password: `${TEST_ADMIN.password}${NUL}` },
    ]) {
      expect400(await t.app.inject({ method: 'POST', url: '/api/admins/login', payload }), apiMessages.textHasNul('Email and password'));
    }
  });

  it('adding an admin and changing a password', async () => {
    const headers = await stepUpHeaders(t.app, auth.authorization.slice('Bearer '.length));
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admins', headers, payload });
    expect400(await add({ email: `new${NUL}@example.com`, password: 'a long enough password' }), apiMessages.textHasNul('Email'));
    expect400(await add({ email: 'new@example.com', password: `a long enough password${NUL}` }), apiMessages.textHasNul('Password'));
    expect((await t.services.auth.accounts.listAdmins()).map((admin) => admin.email)).toEqual([TEST_ADMIN.email]);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/admins/password',
      headers: auth,
      payload: { currentPassword: TEST_ADMIN.password, newPassword: `another long password${NUL}` },
    });
    expect400(change, apiMessages.textHasNul('Password'));
    expect((await t.app.inject({ method: 'GET', url: '/api/admins/me', headers: auth })).statusCode).toBe(200);
  });

  it('contact messages: each field is named', async () => {
    const valid = { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 12345', message: 'Please call me.' };
    const labels = { name: 'Name', email: 'Email', number: 'Contact number', message: 'Message' } as const;
    for (const [field, label] of Object.entries(labels)) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        payload: { ...valid, [field]: `${valid[field as keyof typeof valid]}${NUL}` },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        success: false,
        errors: [apiMessages.textHasNul(label)],
        message: contactServerMessages.validationFailed,
      });
    }
    expect((await t.services.inbox.list({ page: 1, limit: 100 })).data).toEqual([]);
  });

  it('the About content', async () => {
    const put = (content: unknown) => t.app.inject({ method: 'PUT', url: '/api/about-content', headers: auth, payload: content as object });
    const content = structuredClone(DEFAULT_ABOUT_CONTENT);
    expect400(await put({ ...content, main: { ...content.main, title: `Our${NUL}Story` } }), apiMessages.textHasNul('Text'));
    const cards = [{ ...content.cards[0], description: `x${NUL}` }];
    expect400(await put({ ...content, cards }), apiMessages.textHasNul('Text'));
    expect400(await put({ ...content, cards: [{ ...content.cards[0], id: `a${NUL}` }] }), apiMessages.textHasNul('Card id'));
    expect((await t.app.inject('/api/about-content')).json().data).toEqual(DEFAULT_ABOUT_CONTENT);
  });

  it('content records, sent as JSON or as a form, in any field', async () => {
    const def = resources.clients;
    const image = await makeImage('jpeg', 400, 300);
    const fields = { ...sampleFields(def), name: `Client${NUL}` };
    const asForm = multipart(fields, [{ field: def.image.field, data: image }]);
    const formReply = await t.app.inject({
      method: 'POST',
      url: `/api/${def.path}`,
      headers: { ...auth, ...asForm.headers },
      payload: asForm.payload,
    });
    expect400(formReply, apiMessages.textHasNul('Text'));
    const body = multipart(sampleFields(def), [{ field: def.image.field, data: image }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/${def.path}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(ok.statusCode).toBe(201);
    const record = ok.json().data;
    const jsonReply = await t.app.inject({
      method: def.updateMethod,
      url: `/api/${def.path}/${record._id}`,
      headers: auth,
      payload: { title: `Title${NUL}` },
    });
    expect400(jsonReply, apiMessages.textHasNul('Text'));
    expect((await t.app.inject(`/api/${def.path}`)).json()).toEqual([record]);
  });

  it('gallery image descriptions, new and kept', async () => {
    const def = resources.gallery;
    const image = await makeImage('jpeg', 400, 300);
    const newOne = multipart({ ...sampleFields(def), description: JSON.stringify([`A view${NUL}`]) }, [
      { field: def.image.field, data: image },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/${def.path}`,
      headers: { ...auth, ...newOne.headers },
      payload: newOne.payload,
    });
    expect400(refused, apiMessages.textHasNul('Text'));

    const body = multipart({ ...sampleFields(def), description: JSON.stringify(['A view']) }, [{ field: def.image.field, data: image }]);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/${def.path}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    const record = created.json().data;
    const [kept] = record.images as { url: string; description: string }[];
    const update = multipart({ existingImages: JSON.stringify([{ url: kept.url, description: `Renamed${NUL}` }]) });
    const reply = await t.app.inject({
      method: def.updateMethod,
      url: `/api/${def.path}/${record._id}`,
      headers: { ...auth, ...update.headers },
      payload: update.payload,
    });
    expect400(reply, apiMessages.textHasNul('Text'));
    expect((await t.app.inject(`/api/${def.path}`)).json().data).toEqual([record]);
  });

  it('query strings: the inbox search (list and export) and the activity log person', async () => {
    const search = apiMessages.textHasNul('Search');
    for (const url of ['/api/user?q=asha%00', '/api/user?q=%00&page=1', '/api/user/export?q=a%00b']) {
      const reply = await t.app.inject({ method: 'GET', url, headers: auth });
      expect400(reply, search);
      expect(reply.json().errors).toEqual([search]);
    }
    const person = await t.app.inject({ method: 'GET', url: '/api/activity?person=admin%00%40example.com', headers: auth });
    expect400(person, apiMessages.textHasNul('Person'));
    // other mistakes keep their own messages
    expect400(await t.app.inject({ method: 'GET', url: `/api/user?q=${'x'.repeat(201)}`, headers: auth }), inboxMessages.searchTooLong);
  });
});

describe('a failed query in the log', () => {
  const SEARCHED = 'searched-for-Asha';
  let t: TestApp;
  let auth: { authorization: string };
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    t = await createTestApp({}, undefined, { logStream });
    auth = { authorization: `Bearer ${await t.login()}` };
    // every inbox query now fails in the database, with the search among its parameters
    await t.services.database.db.execute(sql`alter table contact_messages rename column message to message_gone`);
  });
  afterAll(() => t.close());

  it('holds neither the SQL nor its parameters, from a reply or from a stream', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/user?q=${SEARCHED}`, headers: auth });
    expect(list.statusCode).toBe(500);
    expect(list.json()).toEqual({ success: false, message: apiMessages.serverError });
    // the CSV's headers are sent before the first rows are read: the failure ends the stream
    await t.app.inject({ method: 'GET', url: `/api/user/export?q=${SEARCHED}`, headers: auth }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // a worker logs a failed query as it caught it (Drizzle's error: the SQL and parameters in its message and fields)
    const failed = await t.services.database.db.execute(sql`select ${SEARCHED}::int`).catch((error: unknown) => error);
    expect(JSON.stringify({ message: (failed as Error).message, ...(failed as object) })).toContain(SEARCHED);
    t.app.log.error({ err: failed }, 'a worker failed');
    const errors = lines.filter((line) => /"level":50/.test(line));
    expect(errors.map((line) => JSON.parse(line).msg)).toEqual(['request failed', 'inbox export ended early', 'a worker failed']);
    for (const line of errors) expect(JSON.parse(line).err).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    for (const line of errors) {
      expect(line).not.toContain(SEARCHED);
      expect(line).not.toMatch(/select|contact_messages|params|Failed query/i);
    }
  });
});
