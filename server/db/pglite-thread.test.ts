// engine-independent: opens the embedded database itself, whatever the pass's engine, to test its thread
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../errors';
import { openDatabase, queryRows, type Database } from './client';
import { EmbeddedDatabaseThread } from './pglite-connection';
import { frameMessages, readyStatus } from './pglite-protocol';
import { copyMigratedDatabase } from '../test/snapshot-path';

const folders: string[] = [];
/** A data folder of its own, from the migrated copy the test run made (an empty one would cost an initdb). */
function dataFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  folders.push(folder);
  copyMigratedDatabase(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The longest the serving thread went without running a timer while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    await work();
    return Math.max(longest, performance.now() - last);
  } finally {
    clearInterval(ticker);
  }
}

describe('embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: dataFolder() });
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a statement beside the serving thread, which keeps running its timers meanwhile', async () => {
    let took = 0;
    const stall = await longestStall(async () => {
      const started = performance.now();
      const rows = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from generate_series(1, 3000000)`);
      took = performance.now() - started;
      expect(rows).toEqual([{ n: '3000000' }]);
    });
    // on the serving thread the statement was one block as long as `took` (hundreds of ms): no timer ran in it
    expect(took).toBeGreaterThan(100);
    expect(stall).toBeLessThan(took / 3);
  });

  it('answers every statement, in order', async () => {
    const values = await Promise.all(
      Array.from({ length: 20 }, (_, i) => queryRows(database.db, sql`select ${i}::int as value`).then((rows) => rows[0])),
    );
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => ({ value: i })));
  });

  it('keeps a transaction to itself: a statement from outside waits for its end', async () => {
    await database.db.execute(sql`create table turn_order (step text)`);
    const outside: Promise<unknown>[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turn_order values ('in 1')`);
      outside.push(database.db.execute(sql`insert into turn_order values ('outside')`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into turn_order values ('in 2')`);
    });
    await Promise.all(outside);
    const rows = await queryRows<{ step: string }>(database.db, sql`select step from turn_order`);
    expect(rows.map((row) => row.step)).toEqual(['in 1', 'in 2', 'outside']);
  });

  it('rolls back a failed transaction and goes on', async () => {
    await database.db.execute(sql`create table kept (id int primary key)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        await tx.execute(sql`insert into kept values (1)`);
      }),
    ).rejects.toThrow(/kept_pkey|duplicate key|Failed query/);
    await database.db.execute(sql`insert into kept values (2)`);
    expect(await queryRows(database.db, sql`select id from kept`)).toEqual([{ id: 2 }]);
  });
});

describe('the embedded database thread', () => {
  it("keeps another connection's statements out of an open transaction, and rolls back what an ended one left open", async () => {
    const thread = await EmbeddedDatabaseThread.start({ dataDir: dataFolder(), conf: [] });
    const connect = async () => {
      const client = new pg.Client({ stream: () => thread.connection(), user: 'postgres', database: 'postgres', ssl: false });
      client.on('error', () => {});
      await client.connect();
      return client;
    };
    try {
      const first = await connect();
      const second = await connect();
      await second.query('create table visitors (who text)');
      await first.query('begin');
      await first.query(`insert into visitors values ('first')`);
      // PGlite has one session: run now, this would land inside the first connection's transaction
      const fromSecond = second.query(`insert into visitors values ('second')`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      first.connection.stream.destroy();
      await fromSecond;
      const { rows } = await second.query('select who from visitors');
      expect(rows).toEqual([{ who: 'second' }]);
      await second.end();
    } finally {
      await thread.close();
    }
  });

  it('answers as an unreachable database (a 503) once it has ended', async () => {
    const thread = await EmbeddedDatabaseThread.start({ dataDir: dataFolder(), conf: [] });
    await thread.close();
    const client = new pg.Client({ stream: () => thread.connection(), user: 'postgres', database: 'postgres', ssl: false });
    const error = await client.connect().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('the wire protocol the thread reads', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it('frames the startup packet, then typed messages, across any split of the bytes', () => {
    const startup = bytes(0, 0, 0, 8, 0, 3, 0, 0);
    const sync = bytes(83, 0, 0, 0, 4);
    const query = bytes(81, 0, 0, 0, 6, 120, 0);
    const stream = Uint8Array.from([...startup, ...sync, ...query]);
    for (let split = 0; split <= stream.length; split++) {
      const first = frameMessages(new Uint8Array(0), stream.subarray(0, split), true);
      const second = frameMessages(first.rest, stream.subarray(split), first.startup);
      expect([...first.messages, ...second.messages].map((message) => [...message])).toEqual([[...startup], [...sync], [...query]]);
      expect(second.rest.length).toBe(0);
      expect(second.startup).toBe(false);
    }
  });

  it("reads the transaction status of a reply's last ReadyForQuery", () => {
    const ready = (status: string) => bytes(90, 0, 0, 0, 5, status.charCodeAt(0));
    expect(readyStatus(Uint8Array.from([...bytes(67, 0, 0, 0, 4), ...ready('T')]))).toBe('T');
    expect(readyStatus(ready('I'))).toBe('I');
    expect(readyStatus(ready('E'))).toBe('E');
    expect(readyStatus(bytes(67, 0, 0, 0, 4))).toBeNull();
  });
});
