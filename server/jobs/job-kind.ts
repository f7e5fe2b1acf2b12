/**
 * What a kind of background job is: its table, whether backups keep its pending jobs, the queue a
 * process enqueues on, and the worker that does them. A new kind is one file made with defineJob()
 * (its table, name, retry policy and handler), listed in job-kinds.ts; see docs/decisions/0031-one-job-queue.md.
 */
import crypto from 'node:crypto';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Services } from '../services';
import { JobQueue, type JobRow } from './job-queue';
import { JobWorker, type HeldJob, type JobMessages, type RetryPolicy, type WorkerLog } from './job-worker';

export interface JobKind {
  /** In log lines and in /metrics as jobs{kind="…"}. */
  name: string;
  table: PgTable;
  /**
   * 'kept': a backup holds the pending jobs and a restored site does them (the work is the site's own);
   * 'left out': a restored copy starts without them (they told the replaced site's world of something, like its mails).
   */
  backup: 'kept' | 'left out';
  /** This process's queue of the kind: jobs are added to it, and its counts feed /metrics. */
  queue(services: Services): JobQueue<PgTable, JobRow>;
  /**
   * The worker of one server process (started after listen, stopped with the server); null when there is nothing to do here.
   * `pollMs` shortens the idle wait (tests, which cannot wait a real poll interval).
   */
  createWorker(services: Services, log: WorkerLog, options?: { pollMs?: number }): JobWorker<JobRow> | null;
}

export interface JobDefinition<Table extends PgTable> {
  name: string;
  /** pgTable(name, { id: uuid('id').primaryKey(), …its own columns, ...jobColumns() }), in the kind's own *.job.ts file. */
  table: Table;
  backup: JobKind['backup'];
  retry: RetryPolicy;
  /** How long a claim holds without renewal (renewed every third of it while the handler runs). */
  leaseMs: number;
  /** How often an idle worker looks for jobs other processes added. */
  pollMs: number;
  /** Log lines; by default "<name> job failed; will retry" and the like. */
  messages?: Partial<JobMessages>;
  /** A kind whose done jobs stay (a delivery log) names the column completion sets; otherwise a done job's row goes. */
  doneAt?: AnyPgColumn;
  /** Does one job; resolving marks it done (the row goes, or gets `doneAt`), throwing fails the attempt. */
  handle(job: Table['$inferSelect'] & JobRow, services: Services): Promise<void>;
}

/** A kind of job whose handler runs once per job: defined in one file, listed in job-kinds.ts. */
export interface DefinedJob<Table extends PgTable> extends JobKind {
  table: Table;
  /** Adds a job inside the caller's transaction; call notifyAdded() on queue(services) after the commit. */
  add(tx: Db, values: Omit<Table['$inferInsert'], 'id'>): Promise<string>;
  queue(services: Services): JobQueue<Table>;
}

export function defineJob<Table extends PgTable>(definition: JobDefinition<Table>): DefinedJob<Table> {
  // each process's one queue of the kind (its listeners wake that process's worker)
  const queues = new WeakMap<Services, JobQueue<Table>>();
  const table: PgTable = definition.table;
  const kind: DefinedJob<Table> = {
    name: definition.name,
    table: definition.table,
    backup: definition.backup,
    async add(tx, values) {
      const id = crypto.randomUUID();
      await tx.insert(table).values({ ...values, id });
      return id;
    },
    queue: (services) => {
      let queue = queues.get(services);
      if (!queue) {
        queue = new JobQueue(services.database.db, definition.table, {
          maxAttempts: definition.retry.maxAttempts,
          doneAt: definition.doneAt,
        });
        queues.set(services, queue);
      }
      return queue;
    },
    createWorker: (services, log, options) =>
      new DefinedJobWorker({ ...definition, pollMs: options?.pollMs ?? definition.pollMs }, kind.queue(services), services, log),
  };
  return kind;
}

class DefinedJobWorker<Table extends PgTable> extends JobWorker<Table['$inferSelect'] & JobRow> {
  constructor(
    private readonly definition: JobDefinition<Table>,
    queue: JobQueue<Table>,
    private readonly services: Services,
    log: WorkerLog,
  ) {
    const { name } = definition;
    super({
      name,
      queue,
      leaseMs: definition.leaseMs,
      pollMs: definition.pollMs,
      retry: definition.retry,
      messages: {
        retry: `${name} job failed; will retry`,
        failed: `${name} job failed for good`,
        stale: `${name} job failed for good`,
        staleError: 'never done',
        notMarked: `${name} job done but not marked; it may run again`,
        ...definition.messages,
      },
      describe: (job) => ({ jobId: job.id }),
      singleProcess: services.database.kind === 'pglite',
      log,
    });
  }

  protected async handle(held: HeldJob<Table['$inferSelect'] & JobRow>): Promise<void> {
    await this.definition.handle(held.job, this.services);
    await held.complete();
  }
}
