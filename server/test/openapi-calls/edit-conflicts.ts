/** The OpenAPI test's calls of a save naming its base (docs/decisions/0044): update, draft and publish refused with 409 once the item moved on. */
import { expect } from 'vitest';
import { BASE_REVISION_HEADER } from '../../../shared/edit-conflicts';
import type { ResourceDef } from '../../../shared/resources';
import type { OpenApiHarness } from '../openapi-harness';

/** `record` is an item of the resource without a draft; it ends without one. */
export async function editConflictCalls(
  api: OpenApiHarness,
  def: ResourceDef,
  record: Record<string, unknown> & { _id: string },
): Promise<void> {
  const { t, call, auth } = api;
  const base = `/api/${def.path}`;
  const item = `${base}/${record._id}`;
  const revisionNow = async (): Promise<string> => {
    const reply = (await t.app.inject({ method: 'GET', url: `${base}/manage`, headers: auth() })).json();
    const list: { _id: string; revision: string }[] = Array.isArray(reply) ? reply : (reply.data ?? reply.banners);
    return list.find((entry) => entry._id === record._id)!.revision;
  };
  const kept = def.image.kind === 'multiple' ? { existingImages: record[def.image.field] } : {};
  const based = (revision: string) => ({ ...auth(), [BASE_REVISION_HEADER]: revision });
  const opened = await revisionNow();
  const update = (headers: Record<string, string>) => call(`${base}/:id`, { method: def.updateMethod, url: item, headers, payload: kept });
  const saved = await update(based(opened));
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().data.revision).toBe(await revisionNow());
  const refused = await update(based(opened));
  expect(refused.statusCode).toBe(409);
  expect(refused.json().conflict.revision).toBe(saved.json().data.revision);
  expect((await update(based('not a revision'))).statusCode).toBe(400);

  const draft = (headers: Record<string, string>) =>
    call(`${base}/:id/draft`, { method: 'PUT', url: `${item}/draft`, headers, payload: kept });
  expect((await draft(based(opened))).statusCode).toBe(409);
  expect((await draft(based(await revisionNow()))).statusCode).toBe(200);
  const publish = (headers: Record<string, string>) => call(`${base}/:id/publish`, { method: 'POST', url: `${item}/publish`, headers });
  expect((await publish(based(opened))).statusCode).toBe(409);
  expect((await publish(based('1'))).statusCode).toBe(400);
  expect((await publish(based(await revisionNow()))).statusCode).toBe(200);
}

/** The same for a document (the About content, the Site settings) at `base`: save, draft and publish; it ends without a draft. */
export async function documentConflictCalls(api: OpenApiHarness, base: string, valid: object): Promise<void> {
  const { call, auth } = api;
  const revisionNow = async (): Promise<string> =>
    (await call(`${base}/draft`, { method: 'GET', url: `${base}/draft`, headers: auth() })).json().revision;
  const based = (revision: string) => ({ ...auth(), [BASE_REVISION_HEADER]: revision });
  const opened = await revisionNow();
  const save = (headers: Record<string, string>) => call(base, { method: 'PUT', url: base, headers, payload: valid });
  const saved = await save(based(opened));
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().revision).toBe(await revisionNow());
  const refused = await save(based(opened));
  expect(refused.statusCode).toBe(409);
  expect(refused.json().conflict.revision).toBe(saved.json().revision);
  expect((await save(based('not a revision'))).statusCode).toBe(400);

  const draft = (headers: Record<string, string>) =>
    call(`${base}/draft`, { method: 'PUT', url: `${base}/draft`, headers, payload: valid });
  expect((await draft(based(opened))).statusCode).toBe(409);
  expect((await draft(based('1..2'))).statusCode).toBe(400);
  expect((await draft(based(await revisionNow()))).statusCode).toBe(200);
  const publish = (headers: Record<string, string>) => call(`${base}/publish`, { method: 'POST', url: `${base}/publish`, headers });
  expect((await publish(based(opened))).statusCode).toBe(409);
  expect((await publish(based('1'))).statusCode).toBe(400);
  expect((await publish(based(await revisionNow()))).statusCode).toBe(200);
}
