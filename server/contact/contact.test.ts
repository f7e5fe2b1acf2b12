/** POST /api/user (public, validated, limited) and GET /api/user (admins only). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFieldForError, contactServerMessages as m } from '../../shared/contact';
import { createTestApp, type TestApp } from '../test/test-app';

const valid = { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 12345', message: 'Please call me about a kitchen.' };

describe('contact messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 100 });
  });
  afterAll(() => t.close());

  const send = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/user', payload: payload as object });
  const adminList = async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${await t.login()}` } });
    return reply.json().data as Record<string, string>[];
  };

  it('stores a valid message, trimmed, and admins read it with createdAt', async () => {
    const reply = await send({ ...valid, name: `  ${valid.name}  ` });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ success: true, errors: [], message: m.sent });
    const [stored] = await adminList();
    expect(stored).toMatchObject({ ...valid, number: '+919845012345' });
    expect(new Date(stored.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('names each missing field so the form can place the error', async () => {
    const reply = await send({ name: '   ', email: '', number: '\t' });
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual([m.nameRequired, m.emailRequired, m.numberRequired, m.messageRequired]);
    expect(body.errors.map(contactFieldForError)).toEqual(['name', 'email', 'number', 'message']);
  });

  it('keeps the number in E.164 (India without a country code) and refuses one that cannot be a phone number', async () => {
    for (const [typed, e164] of [
      ['99000 54321', '+919900054321'],
      ['(080) 4123-4567', '+918041234567'],
      ['+44 20 7946 0958', '+442079460958'],
    ]) {
      expect((await send({ ...valid, email: `${e164.slice(1)}@example.com`, number: typed })).statusCode, typed).toBe(201);
      expect((await adminList()).find((row) => row.email === `${e164.slice(1)}@example.com`)?.number, typed).toBe(e164);
    }
    const before = (await adminList()).length;
    for (const number of ['abc', '12345', '5555555', '99000 5432', 'call 99000 54321', '+91 99000 54321 0000000']) {
      const reply = await send({ ...valid, number });
      expect(reply.statusCode, number).toBe(400);
      expect(reply.json(), number).toEqual({ success: false, errors: [m.numberInvalid], message: m.validationFailed });
    }
    // its words put it under the form's phone field (public spec, section 8)
    expect(contactFieldForError(m.numberInvalid)).toBe('number');
    expect(await adminList()).toHaveLength(before);
  });

  it('checks the email pattern and refuses huge or non-text values', async () => {
    expect((await send({ ...valid, email: 'not an@email' })).json().errors).toEqual([m.emailInvalid]);
    expect((await send({ ...valid, message: 'x'.repeat(5001) })).json().errors).toEqual([m.messageTooLong]);
    expect((await send({ ...valid, name: { $ne: '' } })).json().errors).toEqual([m.nameRequired]);
    expect((await send([1, 2])).statusCode).toBe(400);
  });

  it('keeps messages from admins only', async () => {
    const before = (await adminList()).length;
    const reply = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(reply.statusCode).toBe(401);
    expect(reply.body).not.toContain(valid.email);
    expect((await adminList()).length).toBe(before);
  });
});

describe('contact flood', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 3, contactRateWindowMs: 60_000 });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit and stores nothing more', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'POST', url: '/api/user', payload: valid })).statusCode).toBe(201);
    const flood = await t.app.inject({ method: 'POST', url: '/api/user', payload: valid });
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toEqual({ success: false, message: m.tooMany, errors: [] });
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${await t.login()}` } });
    expect(list.json().data).toHaveLength(3);
  });
});
