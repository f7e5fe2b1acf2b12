/**
 * A kind of job defined in one file (defineJob) runs on the one job queue: added in the caller's
 * transaction, done once, retried with back-off, given up after its attempts (error log, counts).
 */
import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { defineJob } from './job-kind';
import { jobColumns } from './job-table';
import type { WorkerLog } from './job-worker';

const greetingJobs = pgTable('greeting_jobs', { id: uuid('id').primaryKey(), name: text('name').notNull(), ...jobColumns() });

const handled: string[] = [];
const greetingJob = defineJob({
  name: 'greeting',
  table: greetingJobs,
  backup: 'left out',
  retry: { delayMs: (attempts) => 100 * 2 ** (attempts - 1), maxAttempts: 3 },
  leaseMs: 5_000,
  pollMs: 100,
  async handle(job) {
    if (job.name.startsWith('broken')) throw new Error(`cannot greet ${job.name}`);
    handled.push(job.name);
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false, mailWorker: false });
  await t.services.database.db.execute(
    sql`create table greeting_jobs (id uuid primary key, name text not null, attempts integer not null default 0, crashes integer not null default 0,
      run_after timestamptz not null default now(), locked_until timestamptz, claim_token uuid, failed_at timestamptz,
      last_error text, created_at timestamptz not null default now())`,
  );
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await sleep(25);
  }
}

function recordingLog() {
  const lines: { level: 'warn' | 'error'; message: string }[] = [];
  const log: WorkerLog = {
    warn: (_details, message) => lines.push({ level: 'warn', message }),
    error: (_details, message) => lines.push({ level: 'error', message }),
  };
  return { log, lines };
}

describe('a kind of job defined in one file', () => {
  it('is done once when its transaction commits, and never when it rolls back', async () => {
    const { db } = t.services.database;
    const queue = greetingJob.queue(t.services);
    const worker = greetingJob.createWorker(t.services, recordingLog().log)!;
    worker.start();
    try {
      await expect(
        db.transaction(async (tx) => {
          await greetingJob.add(tx, { name: 'Rolled back' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await db.transaction((tx) => greetingJob.add(tx, { name: 'Asha' }));
      queue.notifyAdded();
      await until(() => handled.includes('Asha'), 5_000);
      await sleep(300);
      expect(handled).toEqual(['Asha']);
      expect(worker.jobsDone).toBe(1);
      expect(await db.select().from(greetingJobs)).toEqual([]);
      expect(await queue.counts()).toEqual({ pending: 0, failed: 0 });
    } finally {
      await worker.stop();
    }
  });

  it('is retried with back-off after a failure, then given up after its attempts: logged at error level and counted', async () => {
    const { db } = t.services.database;
    const queue = greetingJob.queue(t.services);
    const { log, lines } = recordingLog();
    const worker = greetingJob.createWorker(t.services, log)!;
    await db.transaction((tx) => greetingJob.add(tx, { name: 'broken Ravi' }));
    const started = Date.now();
    worker.start();
    try {
      // attempts at once, after 100 ms and after 200 ms more
      await until(async () => (await queue.counts()).failed === 1, 5_000);
    } finally {
      await worker.stop();
    }
    expect(lines.filter((line) => line.message === 'greeting job failed; will retry').map((line) => line.level)).toEqual(['warn', 'warn']);
    expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['greeting job failed for good']);
    const [row] = await db.select().from(greetingJobs);
    expect(row).toMatchObject({ attempts: 3, lastError: 'cannot greet broken Ravi', lockedUntil: null });
    expect(row.failedAt).not.toBeNull();
    expect(await queue.counts()).toEqual({ pending: 0, failed: 1 });
    expect(handled).not.toContain('broken Ravi');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
