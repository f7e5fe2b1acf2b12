/** The history of one item with 500 versions: its list (first page and the last) and a comparison answer in under 200 ms server time. */
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CompareReply, VersionListReply } from '../../shared/history';
import { resources } from '../../shared/resources';
import { sampleFields } from '../test/sample-records';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

const VERSIONS = 500;
const LIMIT_MS = 200;
let t: TestApp;
let auth: { authorization: string };
let id: string;

beforeAll(async () => {
  t = await createTestApp({ revisionsKeep: 1000 }, undefined, { renditionWorker: false });
  auth = { authorization: `Bearer ${await t.login()}` };
  const body = multipart(sampleFields(resources.clients, 'volume'), [{ field: 'image', data: await makeImage('jpeg', 320, 240) }]);
  const created = await t.app.inject({ method: 'POST', url: '/api/clients', ...body, headers: { ...body.headers, ...auth } });
  expect(created.statusCode, created.body).toBe(201);
  const record = created.json().data as Record<string, unknown> & { _id: string };
  id = record._id;
  // versions 2..500 of a testimonial of about 300 words, a few words different each time
  const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
  await t.seed(sql`
    insert into content_versions (id, resource, item_id, number, status, event, author_name, at, snapshot, changed_fields, images)
    select gen_random_uuid(), 'clients', ${id}::text, i, 'published', 'updated', 'editor' || (i % 5) || '@example.com',
      now() - ((${VERSIONS}::int - i) * interval '1 hour'),
      ${JSON.stringify({ ...record, _id: undefined, createdAt: undefined, updatedAt: undefined })}::jsonb ||
        jsonb_build_object('description', ${words}::text || ' edit ' || i || ' of many'),
      '["description"]'::jsonb, jsonb_build_array(${record.image}::text)
    from generate_series(2, ${VERSIONS}::int) as i`);
  await t.seed(sql`analyze content_versions`);
}, 120_000);
afterAll(() => t?.close());

it(`lists and compares ${VERSIONS} versions of one item in under ${LIMIT_MS} ms each`, async () => {
  const timings: string[] = [];
  // the fastest of five is what the answer costs; on a shared 2-core machine (benchmarks and other test runs beside
  // it) the others measure the neighbours, so the median is logged beside it and the plan is checked below
  const time = async (url: string) => {
    const runs: number[] = [];
    let body: unknown;
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const reply = await t.app.inject({ method: 'GET', url, headers: auth });
      runs.push(performance.now() - started);
      expect(reply.statusCode, reply.body).toBe(200);
      body = reply.json();
    }
    runs.sort((a, b) => a - b);
    const ms = runs[0];
    timings.push(`${url.replace(id, ':id')}: ${ms.toFixed(1)} ms (median ${runs[2].toFixed(1)})`);
    return { ms, body };
  };
  await time(`/api/clients/${id}/versions`); // warm
  const first = await time(`/api/clients/${id}/versions`);
  const page = (first.body as VersionListReply).data;
  expect(page.total).toBe(VERSIONS);
  expect(page.versions[0].number).toBe(VERSIONS);
  const last = await time(`/api/clients/${id}/versions?before=51&limit=100`);
  expect((last.body as VersionListReply).data.versions.at(-1)?.number).toBe(1);
  const compared = await time(`/api/clients/${id}/versions/compare?from=1&to=${VERSIONS}`);
  expect((compared.body as CompareReply).data.fields.find((field) => field.field === 'description')?.changed).toBe(true);
  const neighbours = await time(`/api/clients/${id}/versions/compare?from=${VERSIONS - 1}&to=${VERSIONS}`);
  const one = await time(`/api/clients/${id}/versions/250`);
  console.log(`history of ${VERSIONS} versions: ${timings.join('; ')}`);
  for (const { ms } of [first, last, compared, neighbours, one]) expect(ms).toBeLessThan(LIMIT_MS);
});

it('reads a page of versions through the item-and-number index, never the whole table', async () => {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    t.services.database.db,
    sql`explain select number from content_versions where resource = 'clients' and item_id = ${id}::text and number < 300 order by number desc limit 101`,
  );
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  expect(plan).toMatch(/Index (Only )?Scan Backward using content_versions_item_number_idx/);
});
