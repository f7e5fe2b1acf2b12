/**
 * One durable job queue over a kind's table (its own columns plus jobColumns()): jobs are inserted
 * in the transaction of the change that causes them, so a job exists exactly when that change does.
 * Several processes may share the table: a job is claimed with FOR UPDATE SKIP LOCKED and held by a
 * lease under a random claim token, so two workers never hold one job, a worker that died lets it
 * pass on once the lease runs out, and a late worker cannot renew, finish or fail another's claim.
 */
import crypto from 'node:crypto';
import { and, asc, eq, getTableColumns, getTableName, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { jobColumns } from './job-table';
import { recordOf } from '../../shared/narrow';

/** Error text kept for the report: enough to tell what went wrong, not a whole stack. */
const MAX_ERROR_LENGTH = 500;

const JOB_COLUMN_NAMES = [
  'id',
  'attempts',
  'crashes',
  'runAfter',
  'lockedUntil',
  'claimToken',
  'failedAt',
  'lastError',
  'createdAt',
] as const satisfies readonly (keyof ReturnType<typeof jobColumns> | 'id')[];
type JobColumnRefs = Record<(typeof JOB_COLUMN_NAMES)[number], AnyPgColumn>;

/** The job columns of a kind's table: checked once, so a table made without jobColumns() fails at start, not in a query. */
function jobColumnRefs(columns: Record<string, AnyPgColumn>, table: string): JobColumnRefs {
  return recordOf(JOB_COLUMN_NAMES, (name) => {
    const column = columns[name];
    if (!column) throw new Error(`The job table ${table} has no ${name} column (its columns are made with jobColumns())`);
    return column;
  });
}

/** The bookkeeping of a job row, whatever its kind. */
export interface JobRow {
  id: string;
  attempts: number;
  crashes: number;
  lockedUntil: Date | null;
  createdAt: Date;
  lastError: string | null;
}

/** A job in the hands of one worker (its row as last claimed or renewed): `token` names its claim. */
export type Claim<Row extends JobRow> = Row & { token: string };

export interface JobQueueOptions {
  /**
   * A kind whose done jobs stay (mails: their sent time is the enquiry's alert status) names the
   * column their completion sets; otherwise a done job is deleted.
   */
  doneAt?: AnyPgColumn;
  /** Failed claims in a row before a job is given up; unlimited when absent (dead claims count to MAX_CRASHES). */
  maxAttempts?: number;
}

/**
 * Claims a worker's death ended before a job is given up, whatever its kind. Deaths are counted apart
 * from attempts: a deploy, the OOM killer or a power cut seldom say anything of the job (image work runs
 * in a child process, whose death fails the attempt like any error), so a job outlives a run of them;
 * but not for ever, so a job that does kill its process cannot keep the site in a restart loop.
 */
export const MAX_CRASHES = 20;

/** When a job is given up for good: after `maxAttempts` failed claims or MAX_CRASHES dead ones, or once it has waited `giveUpAfterMs`. */
export interface GiveUp {
  maxAttempts?: number;
  giveUpAfterMs?: number;
}

/** The lease's end, computed by the database (one clock for every process), to the millisecond a JS Date keeps. */
const leaseEnd = (leaseMs: number) => sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseMs / 1000}))`;
const after = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export class JobQueue<Table extends PgTable, Row extends JobRow = Table['$inferSelect'] & JobRow> {
  private readonly addedListeners = new Set<() => void>();
  private readonly c: JobColumnRefs;
  /** The table as drizzle's query builders take any table (its job columns are named through `c`). */
  private readonly anyTable: PgTable;
  /** The property of the `doneAt` column, as an update names it. */
  private readonly doneKey: string | undefined;

  constructor(
    protected readonly db: Db,
    readonly table: Table,
    private readonly options: JobQueueOptions = {},
  ) {
    const columns = getTableColumns(table);
    this.anyTable = table;
    this.c = jobColumnRefs(columns, getTableName(table));
    this.doneKey = Object.entries(columns).find(([, column]) => column === options.doneAt)?.[0];
  }

  /** Tells this process's worker that jobs were committed, so it need not wait for its next poll. */
  notifyAdded(): void {
    for (const listener of this.addedListeners) listener();
  }

  onAdded(listener: () => void): () => void {
    this.addedListeners.add(listener);
    return () => this.addedListeners.delete(listener);
  }

  /** Takes the oldest job that is due and not held by a live lease; null when there is none. */
  async claim(leaseMs: number): Promise<Claim<Row> | null> {
    const { c } = this;
    const now = sql`now()`;
    const due = this.db
      .select({ id: c.id })
      .from(this.anyTable)
      .where(
        and(
          this.open(),
          lte(c.runAfter, now),
          or(
            and(
              isNull(c.lockedUntil),
              lt(c.crashes, MAX_CRASHES),
              this.options.maxAttempts === undefined ? undefined : lt(c.attempts, this.options.maxAttempts),
            ),
            // a dead claim: taken over while its crashes are short of the limit (failStale gives up the rest)
            and(lt(c.lockedUntil, now), lt(c.crashes, MAX_CRASHES - 1)),
          ),
        ),
      )
      .orderBy(asc(c.runAfter), asc(c.createdAt))
      .limit(1)
      // another process's claim in flight is passed over, not waited for
      .for('update', { skipLocked: true });
    const token = crypto.randomUUID();
    // a lease still set is a dead claim's: its attempt passes to this claim, and it counts as a crash
    const [row] = await this.update(
      {
        lockedUntil: leaseEnd(leaseMs),
        claimToken: token,
        attempts: sql`case when ${c.lockedUntil} is null then ${c.attempts} + 1 else ${c.attempts} end`,
        crashes: sql`${c.crashes} + ${this.deadClaim()}`,
      },
      inArray(c.id, due),
    );
    return row ? { ...row, token } : null;
  }

  /** Extends a claim; null when it is no longer this worker's (the lease ran out and another took it, or the job went). */
  async renew(claim: Claim<Row>, leaseMs: number): Promise<Claim<Row> | null> {
    const [row] = await this.update({ lockedUntil: leaseEnd(leaseMs) }, this.held(claim));
    return row ? { ...row, token: claim.token } : null;
  }

  /** Progress was stored under this claim: the attempts and crashes count again from this one. */
  async progressed(claim: Claim<Row>): Promise<Claim<Row>> {
    const [row] = await this.update({ attempts: 1, crashes: 0 }, this.held(claim));
    return row ? { ...row, token: claim.token } : claim;
  }

  /**
   * The job is done: deleted under its claim (false when the claim was lost meanwhile), or, for a
   * kind that keeps done jobs, marked done whoever holds it now: work that happened outside the
   * database (a mail the server accepted) is done even if a lost lease let another worker claim it.
   */
  async complete(claim: Claim<Row>): Promise<boolean> {
    const { doneAt } = this.options;
    const rows = doneAt
      ? await this.update(
          { [this.doneKey ?? doneAt.name]: sql`now()`, lockedUntil: null, claimToken: null, lastError: null },
          and(eq(this.c.id, claim.id), isNull(doneAt)),
        )
      : await this.db.delete(this.anyTable).where(this.held(claim)).returning({ id: this.c.id });
    return rows.length > 0;
  }

  /** Gives a claim back untried (the process is stopping): due at once, the attempt not counted. */
  async release(claim: Claim<Row>): Promise<void> {
    await this.update({ lockedUntil: null, claimToken: null, attempts: sql`greatest(${this.c.attempts} - 1, 0)` }, this.held(claim));
  }

  /**
   * Records a failed attempt: due again after `retryMs`, or failed for good when `giveUp`.
   * Returns 'failed' only to the one caller that set failed_at; 'lost' when the claim was no longer held.
   */
  async fail(claim: Claim<Row>, error: unknown, retryMs: number, giveUp: boolean): Promise<'retry' | 'failed' | 'lost'> {
    const lastError = errorText(error);
    const [row] = await this.update(
      giveUp
        ? { failedAt: sql`now()`, lockedUntil: null, claimToken: null, lastError }
        : { lockedUntil: null, claimToken: null, lastError, runAfter: after(retryMs) },
      this.held(claim),
    );
    return row ? (giveUp ? 'failed' : 'retry') : 'lost';
  }

  /**
   * Jobs past `giveUp` with no live claim: attempts used up (a failure whose mark did not commit), MAX_CRASHES
   * dead claims (their worker kept dying), or waited too long (their retries outlived the limit): failed here,
   * and returned to the one caller that marked them, to report.
   */
  async failStale(giveUp: GiveUp, reason: string): Promise<Row[]> {
    const { c } = this;
    const crashes = sql`${c.crashes} + ${this.deadClaim()}`;
    const stale = [
      giveUp.maxAttempts === undefined ? undefined : and(isNull(c.lockedUntil), sql`${c.attempts} >= ${giveUp.maxAttempts}`),
      sql`${crashes} >= ${MAX_CRASHES}`,
      giveUp.giveUpAfterMs === undefined ? undefined : lt(c.createdAt, sql`now() - make_interval(secs => ${giveUp.giveUpAfterMs / 1000})`),
    ].filter((condition): condition is SQL => condition !== undefined);
    return this.update(
      { failedAt: sql`now()`, lockedUntil: null, claimToken: null, crashes, lastError: sql`coalesce(${c.lastError}, ${reason})` },
      and(
        this.open(),
        or(...stale),
        // a lease that ran out, or none
        or(isNull(c.lockedUntil), lt(c.lockedUntil, sql`now()`)),
      ),
    );
  }

  /**
   * Ends every lease as a dead claim (its attempt not counted, a crash counted): for the embedded
   * database at start, whose one process is this one, so no claim can be alive.
   */
  async releaseAllLeases(): Promise<void> {
    const { c } = this;
    await this.update(
      { lockedUntil: null, claimToken: null, attempts: sql`greatest(${c.attempts} - 1, 0)`, crashes: sql`${c.crashes} + 1` },
      and(this.open(), isNotNull(c.lockedUntil)),
    );
  }

  /** Jobs still to do (including those waiting for a retry) and those given up. */
  async counts(): Promise<{ pending: number; failed: number }> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${this.open()})`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${this.c.failedAt} is not null)`.mapWith(Number),
      })
      .from(this.anyTable);
    return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
  }

  /** 1 for a row whose lease is still set when it is claimed or given up (its worker died), else 0. */
  private deadClaim(): SQL {
    return sql`(case when ${this.c.lockedUntil} is null then 0 else 1 end)`;
  }

  /** Neither failed nor (for a kind that keeps them) done. */
  private open() {
    const { doneAt } = this.options;
    return and(isNull(this.c.failedAt), doneAt ? isNull(doneAt) : undefined);
  }

  private held(claim: Claim<Row>) {
    return and(eq(this.c.id, claim.id), eq(this.c.claimToken, claim.token), this.options.doneAt ? isNull(this.options.doneAt) : undefined);
  }

  /** One UPDATE … RETURNING over the job columns every kind's table shares. */
  private async update(values: Record<string, unknown>, where: SQL | undefined): Promise<Row[]> {
    const rows: unknown = await this.db.update(this.anyTable).set(values).where(where).returning();
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- RETURNING * gives the kind's rows, but drizzle cannot type a query over a generic table as that table's rows
    return rows as Row[];
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
