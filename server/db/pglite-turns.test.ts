// engine-specific: PGlite runs each statement on the event loop's thread (PostgreSQL answers over a socket)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';

describe('embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('lets the event loop turn before each statement, inside a transaction too', async () => {
    // counts event loop turns while the transaction runs: a request arriving meanwhile is read on such a turn
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const seen: number[] = [];
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 10; i++) {
        await tx.execute(sql`select ${i}::int as value`);
        seen.push(turns);
      }
    });
    counting = false;
    // one turn at least between any two statements (without it, all ten ran in one turn and saw the same count)
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it('still answers every statement, in order', async () => {
    const values = await Promise.all(
      Array.from({ length: 20 }, (_, i) => queryRows(database.db, sql`select ${i}::int as value`).then((rows) => rows[0])),
    );
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => ({ value: i })));
  });
});
