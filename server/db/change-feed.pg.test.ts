/**
 * Two server processes' services on one PostgreSQL schema: a write through one is seen in the
 * other's cached API lists and About content within a second, also when the notification is
 * lost (the sequence is read) or the listening connection is cut (it reconnects).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { queryRows } from './client';
import { msUntil } from '../test/scratch-database';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';

let first: TestApp;
let second: TestApp;
let token: string;
let schemaName: string;

beforeAll(async () => {
  first = await createTestApp();
  const rows = await queryRows<{ name: string }>(first.services.database.db, 'select current_schema() as name');
  schemaName = rows[0].name;
  second = await createTestApp({}, { dataDir: first.env.dataDir, schemaName });
  token = await first.login();
});
afterAll(async () => {
  await second.stop();
  await first.close();
});

const titlesOn = async (app: TestApp) => ((await app.app.inject('/api/property')).json() as { title: string }[]).map((p) => p.title);

async function createProperty(title: string) {
  const body = multipart({ title }, [{ field: 'image', data: await makeImage('jpeg', 320, 240) }]);
  const reply = await first.app.inject({
    method: 'POST',
    url: '/api/property',
    ...body,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().data as { _id: string };
}

/** A connection of our own, to act behind the processes' backs. */
async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schemaName}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('several processes on one database', () => {
  it("a create and a delete on one show in the other one's cached list within a second", async () => {
    expect(await titlesOn(second)).toEqual([]); // cached now
    const record = await createProperty('Lakeview Villas');
    expect(await msUntil(async () => (await titlesOn(second)).includes('Lakeview Villas'), 1000)).toBeLessThan(1000);

    const removed = await second.app.inject({
      method: 'DELETE',
      url: `/api/property/${record._id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await msUntil(async () => !(await titlesOn(first)).includes('Lakeview Villas'), 1000)).toBeLessThan(1000);
  });

  it('an About save on one shows in the other within a second', async () => {
    expect((await second.app.inject('/api/about-content')).json().data.hero.title).toBe(DEFAULT_ABOUT_CONTENT.hero.title);
    const content = { ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, title: 'Forty years of building' } };
    const saved = await first.app.inject({
      method: 'PUT',
      url: '/api/about-content',
      payload: content,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.statusCode).toBe(200);
    await msUntil(async () => (await second.app.inject('/api/about-content')).json().data.hero.title === 'Forty years of building', 1000);
  });

  it('a change whose notification never came is caught by reading the sequence', async () => {
    await titlesOn(second);
    // a row written and counted, but announced to nobody: what a lost notification looks like
    await withClient(async (client) => {
      await client.query(
        `insert into property (id, title, image) values (gen_random_uuid(), 'Written quietly', '/uploads/abc_10x10.webp')`,
      );
      await client.query(`select nextval('content_change_seq')`);
    });
    expect(await msUntil(async () => (await titlesOn(second)).includes('Written quietly'), 2000)).toBeLessThan(2000);
  });

  it('a cut listening connection is made again and nothing is missed meanwhile', async () => {
    await titlesOn(second);
    await withClient(async (client) => {
      await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where query like 'listen "site_changes_${schemaName}"'`);
    });
    await createProperty('After the cut');
    await msUntil(async () => (await titlesOn(second)).includes('After the cut'), 3000);
    // and notifications flow again on the new connection
    await createProperty('After the reconnect');
    expect(await msUntil(async () => (await titlesOn(second)).includes('After the reconnect'), 1000)).toBeLessThan(1000);
  });
});
