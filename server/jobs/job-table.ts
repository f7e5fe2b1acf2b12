/**
 * The columns every job table has beside its own (see job-queue.ts): a kind's table is
 * `pgTable(name, { id: uuid('id').primaryKey(), ...its own columns, ...jobColumns() })`.
 */
import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobColumns = () => ({
  /** Claims so far, the one in hand included; a claim whose worker died is counted in `crashes` instead. */
  attempts: integer('attempts').notNull().default(0),
  /** Claims whose worker died or hung before ending them (lease run out, or released by the embedded database's next start). */
  crashes: integer('crashes').notNull().default(0),
  /** Not claimed before this time: back-off after a failure. */
  runAfter: time('run_after').notNull().defaultNow(),
  /** A claim holds the job until then; a worker that died lets it pass to another. */
  lockedUntil: time('locked_until'),
  /** Names the claim: renewing, finishing or failing it needs this token, so a worker whose lease ran out cannot touch another's claim. */
  claimToken: uuid('claim_token'),
  /** Set when the retries are given up: reported (error log, metrics), not retried. */
  failedAt: time('failed_at'),
  lastError: text('last_error'),
  createdAt: time('created_at').notNull().defaultNow(),
});
