/**
 * Webhooks on a real app: Admins alone manage them; a receiver on loopback (WEBHOOKS_ALLOW_PRIVATE=true)
 * gets each event once, signed with the hook's secret, and again after answering 500; without the
 * setting a private address is refused at save, and at send when its name resolves there later (DNS rebinding).
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, webhookMessages, type Webhook, type WebhookDelivery } from '../../shared/webhooks';
import { accountSecurityMessages } from '../../shared/api-messages';
import { editorToken, stepUpHeaders } from '../test/step-up';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../test/webhook-receiver';
import { isPublicAddress } from './public-address';
import { webhookDeliveries, webhookDeliveryJob } from './webhook-delivery.job';
import { webhookSignature } from './webhook-sender';
import { webhooks } from '../db/schema';

let t: TestApp;
let token: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ webhooksAllowPrivate: true, contactRateLimit: 1000 }, undefined, { renditionWorker: false, mailWorker: false });
  token = await t.login();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await sleep(25);
  }
}

const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
/** Adding a hook and changing one need the password again (a step-up token); an Admin's calls here carry one. */
const needsStepUp = (method: string, url: string) =>
  (method === 'POST' && url === '/api/webhooks') || (method === 'PUT' && /^\/api\/webhooks\/[^/]+$/.test(url));
const call = async (app: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, bearer?: string) => {
  // (an account whose password is not the test Admin's, the Editor, gets no token and is refused for its area)
  const headers = needsStepUp(method, url) ? await stepUpHeaders(app.app, bearer ?? token).catch(() => auth(bearer)) : auth(bearer);
  return app.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
};

async function addHook(app: TestApp, url: string, events: string[], bearer?: string): Promise<Webhook> {
  const reply = await call(app, 'POST', '/api/webhooks', { url, events }, bearer);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}

const deliveriesOf = async (app: TestApp, id: string, bearer?: string): Promise<WebhookDelivery[]> =>
  (await call(app, 'GET', `/api/webhooks/${id}/deliveries`, undefined, bearer)).json().data;

/** The received deliveries to this path, with their bodies parsed and signatures checked. */
function receivedAt(path: string, secret: string, from = 0) {
  return receiver.received
    .filter((delivery) => delivery.path === path)
    .slice(from)
    .map((delivery: ReceivedDelivery) => {
      expect(delivery.headers['content-type']).toBe('application/json');
      const signature = String(delivery.headers[WEBHOOK_HEADERS.signature]);
      expect(signature).toBe(webhookSignature(secret, delivery.body));
      // a receiver's check: HMAC of the exact bytes, compared in constant time
      const expected = Buffer.from(`sha256=${crypto.createHmac('sha256', secret).update(delivery.body).digest('hex')}`);
      expect(crypto.timingSafeEqual(Buffer.from(signature), expected)).toBe(true);
      expect(Number(delivery.headers[WEBHOOK_HEADERS.timestamp])).toBeGreaterThan(Date.now() / 1000 - 60);
      return {
        id: String(delivery.headers[WEBHOOK_HEADERS.delivery]),
        event: delivery.headers[WEBHOOK_HEADERS.event],
        body: JSON.parse(delivery.body),
      };
    });
}

describe('who may manage webhooks', () => {
  it('only accounts with the accounts area: none 401, an Editor 403, and nothing changes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url, events: ['enquiry.created'] } }))
        .statusCode,
    ).toBe(401);
    const editor = await editorToken(t.app, token);
    expect((await call(t, 'GET', '/api/webhooks', undefined, editor)).statusCode).toBe(403);
    const refused = await call(t, 'POST', '/api/webhooks', { url: `${receiver.url}/editor`, events: ['enquiry.created'] }, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Accounts and backups/);
    // an Admin's session alone (a stolen one, say) may not add a hook or point one elsewhere: the password again first
    const unconfirmed = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: auth(),
      payload: { url: `${receiver.url}/unconfirmed`, events: ['enquiry.created'] },
    });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().message).toBe(accountSecurityMessages.reauthRequired);
    expect((await call(t, 'GET', '/api/webhooks')).json().data).toEqual([]);
  });

  it('bad input is refused with a clear message, and nothing is stored', async () => {
    const cases: [object, string][] = [
      [{ url: '', events: ['enquiry.created'] }, webhookMessages.urlRequired],
      [{ url: 'not a url', events: ['enquiry.created'] }, webhookMessages.urlInvalid],
      [{ url: 'ftp://example.com/x', events: ['enquiry.created'] }, webhookMessages.urlInvalid],
      [{ url: 'https://user:pw@example.com/x', events: ['enquiry.created'] }, webhookMessages.urlCredentials],
      [{ url: receiver.url, events: [] }, webhookMessages.eventsRequired],
      [{ url: receiver.url, events: ['enquiry.deleted'] }, webhookMessages.eventsRequired],
      [{ url: receiver.url }, webhookMessages.eventsRequired],
      [{ url: 'https://no-such-host.invalid/x', events: ['enquiry.created'] }, webhookMessages.urlNotResolved('no-such-host.invalid')],
    ];
    for (const [payload, message] of cases) {
      const reply = await call(t, 'POST', '/api/webhooks', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await call(t, 'GET', '/api/webhooks')).json().data).toEqual([]);
    const missing = crypto.randomUUID();
    expect((await call(t, 'PUT', `/api/webhooks/${missing}`, { url: receiver.url, events: ['enquiry.created'] })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', '/api/webhooks/not-an-id')).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/webhooks/${missing}/test`)).statusCode).toBe(404);
  });
});

describe('deliveries to a receiver on loopback', () => {
  it('an enquiry reaches a hook that asked for it once, signed; a hook that did not gets nothing', async () => {
    const hook = await addHook(t, `${receiver.url}/enquiries`, ['enquiry.created']);
    const other = await addHook(t, `${receiver.url}/content`, ['content.published']);
    expect(hook.secret).toMatch(/^whsec_/);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Asha Rao', email: 'asha@example.in', number: '9876543210', message: 'A 3BHK in Whitefield, please' },
    });
    expect(sent.statusCode).toBe(201);
    await until(() => receivedAt('/enquiries', hook.secret).length === 1);
    await sleep(300);
    const [delivery] = receivedAt('/enquiries', hook.secret);
    expect(receivedAt('/enquiries', hook.secret)).toHaveLength(1);
    expect(delivery.event).toBe('enquiry.created');
    expect(delivery.body).toMatchObject({
      event: 'enquiry.created',
      site: t.env.publicUrl,
      data: { enquiry: { name: 'Asha Rao', email: 'asha@example.in', number: '+919876543210', message: 'A 3BHK in Whitefield, please' } },
    });
    expect(receivedAt('/content', other.secret)).toHaveLength(0);
    const [logged] = await deliveriesOf(t, hook._id);
    expect(logged).toMatchObject({ _id: delivery.id, event: 'enquiry.created', state: 'delivered' });
    expect(logged.attempts).toHaveLength(1);
    expect(logged.attempts[0]).toMatchObject({ status: 204, error: null });
  });

  it('content going live (a content item saved, About, Site settings) fires content.published once each', async () => {
    const [hook] = ((await call(t, 'GET', '/api/webhooks')).json().data as Webhook[]).filter((h) => h.url.endsWith('/content'));
    const before = receivedAt('/content', hook.secret).length;
    const body = multipart({ title: 'Lake view plots' }, [{ field: 'image', data: await makeImage('jpeg', 400, 300) }]);
    const created = await t.app.inject({ method: 'POST', url: '/api/property', ...body, headers: { ...body.headers, ...auth() } });
    expect(created.statusCode, created.body).toBe(201);
    const settings = (await t.app.inject('/api/site-settings')).json().data;
    expect((await call(t, 'PUT', '/api/site-settings', settings)).statusCode).toBe(200);
    const about = (await t.app.inject('/api/about-content')).json().data;
    expect((await call(t, 'PUT', '/api/about-content', about)).statusCode).toBe(200);
    await until(() => receivedAt('/content', hook.secret).length === before + 3);
    await sleep(300);
    const events = receivedAt('/content', hook.secret).slice(before);
    expect(events.map((event) => event.body.data)).toEqual([
      { type: 'property', id: expect.any(String), label: 'Lake view plots', change: 'created' },
      { type: 'site-settings', id: null, label: 'Site settings', change: 'updated' },
      { type: 'about', id: null, label: 'About Us', change: 'updated' },
    ]);
  });

  it('a receiver that answered 500 gets the same delivery again (same id and body), and the log shows both attempts', async () => {
    const hook = await addHook(t, `${receiver.url}/flaky`, ['enquiry.created']);
    receiver.answers.set('/flaky', [500]);
    await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Ravi Kumar', email: 'ravi@example.in', number: '9876543211', message: 'Interior for a villa' },
    });
    await until(async () => (await deliveriesOf(t, hook._id))[0]?.attempts.length === 1);
    const [failed] = await deliveriesOf(t, hook._id);
    expect(failed.state).toBe('pending');
    expect(failed.attempts[0]).toMatchObject({ status: 500, error: 'answered 500' });
    // the back-off (30 s) is the policy's: the test makes the retry due now rather than wait for it
    await t.services.database.db
      .update(webhookDeliveries)
      .set({ runAfter: sql`now()` })
      .where(eq(webhookDeliveries.id, failed._id));
    webhookDeliveryJob.queue(t.services).notifyAdded();
    await until(() => receivedAt('/flaky', hook.secret).length === 2);
    await sleep(300);
    const received = receivedAt('/flaky', hook.secret);
    expect(received).toHaveLength(2);
    expect(received[0].id).toBe(received[1].id);
    expect(received[0].body).toEqual(received[1].body);
    const [delivered] = await deliveriesOf(t, hook._id);
    expect(delivered.state).toBe('delivered');
    expect(delivered.attempts.map((attempt) => attempt.status)).toEqual([500, 204]);
  });

  it('a test event goes to that hook alone; a rotated secret signs what follows; a deleted hook takes its log with it', async () => {
    const hook = await addHook(t, `${receiver.url}/test`, ['content.published']);
    expect((await call(t, 'POST', `/api/webhooks/${hook._id}/test`)).statusCode).toBe(202);
    await until(() => receivedAt('/test', hook.secret).length === 1);
    expect(receivedAt('/test', hook.secret)[0].body).toMatchObject({ event: 'webhook.test', data: { hook: hook._id } });
    const rotated = await call(t, 'POST', `/api/webhooks/${hook._id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const secret: string = rotated.json().data.secret;
    expect(secret).not.toBe(hook.secret);
    expect((await call(t, 'POST', `/api/webhooks/${hook._id}/test`)).statusCode).toBe(202);
    await until(() => receiver.received.filter((delivery) => delivery.path === '/test').length === 2);
    expect(receivedAt('/test', secret, 1)).toHaveLength(1);
    const changed = await call(t, 'PUT', `/api/webhooks/${hook._id}`, {
      url: `${receiver.url}/test2`,
      events: ['enquiry.created', 'content.published'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ url: `${receiver.url}/test2`, events: ['enquiry.created', 'content.published'], secret });
    expect((await call(t, 'DELETE', `/api/webhooks/${hook._id}`)).statusCode).toBe(200);
    expect(await t.services.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.hookId, hook._id))).toEqual([]);
    expect((await call(t, 'GET', `/api/webhooks/${hook._id}/deliveries`)).statusCode).toBe(404);
    const kinds = (await call(t, 'GET', '/api/activity?limit=50')).json().data.entries.map((entry: { kind: string }) => entry.kind);
    for (const kind of ['webhook.added', 'webhook.updated', 'webhook.removed', 'webhook.secret-rotated', 'webhook.test-sent'])
      expect(kinds).toContain(kind);
    // the activity log names the hook by its host, never its secret
    expect(JSON.stringify((await call(t, 'GET', '/api/activity?limit=50')).json())).not.toContain(secret);
  });
});

describe('non-public addresses', () => {
  it('are told apart from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '2001:db8::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('without WEBHOOKS_ALLOW_PRIVATE: refused at save, and at send when the name resolves to a private address by then', async () => {
    const strict = await createTestApp({}, undefined, { renditionWorker: false, mailWorker: false });
    try {
      const admin = await strict.login();
      for (const url of [
        receiver.url,
        'http://localhost:9/x',
        'http://10.0.0.8/x',
        'http://[::1]:9/x',
        'http://[::ffff:127.0.0.1]/x',
        'http://169.254.169.254/latest',
      ]) {
        const reply = await call(strict, 'POST', '/api/webhooks', { url, events: ['enquiry.created'] }, admin);
        expect(reply.statusCode, url).toBe(400);
        expect(reply.json().message, url).toMatch(/non-public address/);
      }
      // a name that resolves to a public address at save and to loopback at send (DNS rebinding)
      let answer = '93.184.216.34';
      strict.services.webhooks.resolve = async () => [{ address: answer, family: 4 }];
      const port = new URL(receiver.url).port;
      const hook = await addHook(strict, `http://rebind.example.test:${port}/rebound`, ['enquiry.created'], admin);
      answer = '127.0.0.1';
      expect((await call(strict, 'POST', `/api/webhooks/${hook._id}/test`, undefined, admin)).statusCode).toBe(202);
      await until(async () => (await deliveriesOf(strict, hook._id, admin))[0]?.attempts.length === 1);
      const [attempted] = await deliveriesOf(strict, hook._id, admin);
      expect(attempted.attempts[0]).toMatchObject({ status: null, error: webhookMessages.urlNotPublic('rebind.example.test') });
      expect(receiver.received.filter((delivery) => delivery.path === '/rebound')).toEqual([]);
      const stored = await strict.services.database.db.select().from(webhooks);
      expect(stored.map((row) => row.url)).toEqual([`http://rebind.example.test:${port}/rebound`]);
    } finally {
      await strict.close();
    }
  });
});
