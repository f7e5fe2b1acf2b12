/**
 * The one worker loop of every job kind: one job at a time from the kind's queue, polled every
 * `pollMs` and woken at once when this process queues a job. Each round first gives up the jobs past
 * their kind's retry policy that no live claim holds (logged at error level), then claims one and
 * hands it to the kind's handler while its lease is renewed. A handler that throws fails the attempt:
 * retried after the policy's back-off, or given up (failed_at set, logged at error level, counted in
 * /metrics). When the database is away the round fails, is logged, and the jobs wait in their table.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Claim, JobQueue, JobRow } from './job-queue';

/** Where a worker reports retries and failures; Fastify's logger (pino) is one. */
export interface WorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** When a failed job is tried again, and when it is given up. */
export interface RetryPolicy {
  /** The wait before retry number `attempts` (1 after the first failure). */
  delayMs(attempts: number): number;
  /** Failed claims in a row before the job is given up (claims its worker's death ended count apart: MAX_CRASHES in job-queue.ts). */
  maxAttempts?: number;
  /** A job not done this long after it was queued is given up. */
  giveUpAfterMs?: number;
}

/** Log lines of one kind (kept as each kind always wrote them). */
export interface JobMessages {
  /** A failed attempt that will be tried again (warn). */
  retry: string;
  /** An attempt failed and the policy gives the job up (error). */
  failed: string;
  /** A job given up with no attempt in hand: its workers kept dying, or it waited too long (error). */
  stale: string;
  /** The last error such a job is given up with when its attempts recorded none. */
  staleError: string;
  /** The job was done but the database refused the mark for a whole lease: it may be done again (error). */
  notMarked: string;
}

export interface JobWorkerSettings<Row extends JobRow> {
  /** The kind's name in log lines, e.g. 'mail outbox'. */
  name: string;
  queue: JobQueue<PgTable, Row>;
  /** How long a claim holds without renewal; renewed every third of that while the handler works. */
  leaseMs: number;
  /** How often an idle worker looks for jobs other processes queued (this process's own wake it at once). */
  pollMs: number;
  retry: RetryPolicy;
  messages: JobMessages;
  /** The job's fields in log lines (never secrets or personal data beyond an id). */
  describe(job: Row): object;
  /** The embedded database has one process: every lease found at start is a dead claim of this one. */
  singleProcess: boolean;
  log: WorkerLog;
}

export abstract class JobWorker<Row extends JobRow> {
  /** Set by stop(): the job in hand finishes its step and gives the rest back. */
  protected stopping = false;
  private running: Promise<void> | null = null;
  private wake: () => void = () => {};
  /** A job was queued since the round began: the next idle wait is skipped. */
  private nudged = false;
  private unsubscribe: () => void = () => {};
  private inHand = false;
  private completed = 0;

  protected constructor(protected readonly settings: JobWorkerSettings<Row>) {}

  /**
   * Does the job. It ends the job through `held`: complete() when done, release() to give it back
   * (the worker is stopping); returning without either means the claim was lost (renew() said so).
   * Throwing fails the attempt (retried or given up by the retry policy).
   */
  protected abstract handle(held: HeldJob<Row>): Promise<void>;

  /** Starts polling; jobs queued by this process start at once. */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.unsubscribe = this.settings.queue.onAdded(() => {
      this.nudged = true;
      this.wake();
    });
    this.running = this.loop();
  }

  /** True from start() until stop() is called. */
  get started(): boolean {
    return this.running !== null && !this.stopping;
  }

  /** True while a job is in hand (claimed and not yet finished, failed or given back). */
  get busy(): boolean {
    return this.inHand;
  }

  /** Jobs this worker completed (done and marked by its own claim). */
  get jobsDone(): number {
    return this.completed;
  }

  /** Stops after the step in hand; a job not finished is given back for the next start or another process. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe();
    this.wake();
    await this.running;
    this.running = null;
  }

  /** One round: give up what the policy says, then at most one job claimed and handled. True when a job was claimed. */
  protected async round(): Promise<boolean> {
    const { queue, retry, leaseMs, messages, log, describe } = this.settings;
    for (const job of await queue.failStale(retry, messages.staleError)) {
      log.error({ ...describe(job), attempts: job.attempts, crashes: job.crashes, error: job.lastError }, messages.stale);
    }
    const claim = await queue.claim(leaseMs);
    if (!claim) return false;
    this.inHand = true;
    try {
      await this.process(claim);
    } finally {
      this.inHand = false;
    }
    return true;
  }

  private async process(claim: Claim<Row>): Promise<void> {
    const { queue, retry, messages, log, describe } = this.settings;
    const held = new HeldJob(
      claim,
      this.settings,
      () => this.stopping,
      () => (this.completed += 1),
    );
    try {
      if (this.stopping) return await held.release();
      await this.handle(held);
    } catch (error) {
      const job = await held.end();
      const delayMs = retry.delayMs(job.attempts);
      const giveUp =
        (retry.maxAttempts !== undefined && job.attempts >= retry.maxAttempts) ||
        (retry.giveUpAfterMs !== undefined && Date.now() - job.createdAt.getTime() + delayMs > retry.giveUpAfterMs);
      const outcome = await queue.fail(job, error, delayMs, giveUp);
      const details = { ...describe(job), attempts: job.attempts, err: error };
      if (outcome === 'failed') log.error(details, messages.failed);
      else if (outcome === 'retry') log.warn(details, messages.retry);
    } finally {
      await held.end();
    }
  }

  private async loop(): Promise<void> {
    const { name, queue, singleProcess, log } = this.settings;
    if (singleProcess)
      await queue.releaseAllLeases().catch((error: unknown) => log.warn({ err: error }, `${name}: could not release old leases`));
    while (!this.stopping) {
      let worked = false;
      this.nudged = false;
      try {
        worked = await this.round();
      } catch (error) {
        // the database is away or refusing: the jobs wait in it, the worker tries again after a poll
        log.warn({ err: error }, `${name}: cannot reach the table`);
      }
      if (!worked && !this.stopping) await this.idle();
    }
  }

  /** Waits one poll interval, or less when a job is queued or the worker stops. */
  private idle(): Promise<void> {
    if (this.nudged) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.settings.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

/** One job in a worker's hands: its lease renewed on a timer and before each step, one database call at a time. */
export class HeldJob<Row extends JobRow> {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private lost = false;

  constructor(
    private current: Claim<Row>,
    private readonly settings: Pick<JobWorkerSettings<Row>, 'queue' | 'leaseMs' | 'messages' | 'log' | 'describe'>,
    private readonly isStopping: () => boolean,
    private readonly onCompleted: () => void,
  ) {
    this.timer = setInterval(() => void this.renew(), settings.leaseMs / 3);
  }

  /** The job as last claimed or renewed. */
  get job(): Claim<Row> {
    return this.current;
  }

  /** True once the worker is stopping: give the job back (release()) at the next step. */
  get stopping(): boolean {
    return this.isStopping();
  }

  /** True while the claim is still this worker's. */
  renew(): Promise<boolean> {
    return this.step(async () => {
      if (this.lost) return false;
      try {
        const renewed = await this.settings.queue.renew(this.current, this.settings.leaseMs);
        if (renewed) this.current = renewed;
        else this.lost = true;
      } catch {
        // the database did not answer: the lease may still hold; finishing or failing will tell
      }
      return !this.lost;
    });
  }

  /** Records progress stored under this claim: the attempts and crashes count again from this one. */
  progressed(): Promise<void> {
    return this.step(async () => {
      if (!this.lost) this.current = await this.settings.queue.progressed(this.current).catch(() => this.current);
    });
  }

  /**
   * Ends the job as done, trying again for one lease while the database refuses (until the mark is
   * committed, a crash or another instance would do the job again). False when the claim was lost.
   */
  async complete(): Promise<boolean> {
    const job = await this.end();
    const deadline = Date.now() + this.settings.leaseMs;
    for (;;) {
      try {
        const done = await this.settings.queue.complete(job);
        if (done) this.onCompleted();
        return done;
      } catch (error) {
        if (Date.now() > deadline) {
          this.settings.log.error({ ...this.settings.describe(job), err: error }, this.settings.messages.notMarked);
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  /** Gives the job back untried (the worker is stopping): due at once, the attempt not counted. */
  async release(): Promise<void> {
    await this.settings.queue.release(await this.end());
  }

  /** Stops renewing; the claim as last renewed. */
  async end(): Promise<Claim<Row>> {
    clearInterval(this.timer);
    await this.chain;
    return this.current;
  }

  private step<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => {});
    return next;
  }
}
