/** The webhook calls of the OpenAPI test: list, add, change, rotate the secret, test, delivery log, delete. */
import { expect } from 'vitest';
import { MISSING_ID, type OpenApiHarness } from '../openapi-harness';
import { stepUpHeaders } from '../step-up';

export async function webhookCalls(api: OpenApiHarness): Promise<void> {
  const { t, call, auth } = api;
  // a name that resolves to a public address when saved; sends are then refused before any connection (it resolves to loopback)
  let answer = '93.184.216.34';
  t.services.webhooks.resolve = async () => [{ address: answer, family: 4 }];
  expect((await call('/api/webhooks', { method: 'GET', url: '/api/webhooks', headers: auth() })).statusCode).toBe(200);
  expect((await call('/api/webhooks', { method: 'GET', url: '/api/webhooks', headers: {} })).statusCode).toBe(401);
  const payload = { url: 'https://hooks.example.test/site', events: ['enquiry.created'] };
  // adding and changing a hook need the password again (a step-up token)
  const stepUp = await stepUpHeaders(t.app, api.token);
  expect((await call('/api/webhooks', { method: 'POST', url: '/api/webhooks', headers: auth(), payload })).statusCode).toBe(403);
  const added = await call('/api/webhooks', { method: 'POST', url: '/api/webhooks', headers: stepUp, payload });
  expect(added.statusCode).toBe(201);
  answer = '127.0.0.1';
  const id: string = added.json().data._id;
  expect(
    (
      await call('/api/webhooks', {
        method: 'POST',
        url: '/api/webhooks',
        headers: stepUp,
        payload: { url: 'http://127.0.0.1/x', events: ['enquiry.created'] },
      })
    ).statusCode,
  ).toBe(400);
  const at = (suffix = '') => `/api/webhooks/${id}${suffix}`;
  const changed = { ...payload, events: ['enquiry.created', 'content.published'] };
  answer = '93.184.216.34';
  expect((await call('/api/webhooks/:id', { method: 'PUT', url: at(), headers: stepUp, payload: changed })).statusCode).toBe(200);
  answer = '127.0.0.1';
  expect(
    (await call('/api/webhooks/:id', { method: 'PUT', url: at(), headers: stepUp, payload: { ...changed, events: [] } })).statusCode,
  ).toBe(400);
  expect(
    (await call('/api/webhooks/:id', { method: 'PUT', url: `/api/webhooks/${MISSING_ID}`, headers: stepUp, payload: changed })).statusCode,
  ).toBe(400);
  expect((await call('/api/webhooks/:id/secret', { method: 'POST', url: at('/secret'), headers: auth() })).statusCode).toBe(200);
  expect(
    (await call('/api/webhooks/:id/secret', { method: 'POST', url: `/api/webhooks/${MISSING_ID}/secret`, headers: auth() })).statusCode,
  ).toBe(404);
  expect((await call('/api/webhooks/:id/test', { method: 'POST', url: at('/test'), headers: auth() })).statusCode).toBe(202);
  expect((await call('/api/webhooks/:id/test', { method: 'POST', url: at('/test'), headers: {} })).statusCode).toBe(401);
  expect((await call('/api/webhooks/:id/deliveries', { method: 'GET', url: at('/deliveries'), headers: auth() })).statusCode).toBe(200);
  expect(
    (await call('/api/webhooks/:id/deliveries', { method: 'GET', url: `/api/webhooks/${MISSING_ID}/deliveries`, headers: auth() }))
      .statusCode,
  ).toBe(404);
  expect((await call('/api/webhooks/:id', { method: 'DELETE', url: at(), headers: auth() })).statusCode).toBe(200);
  expect((await call('/api/webhooks/:id', { method: 'DELETE', url: at(), headers: auth() })).statusCode).toBe(404);
}
