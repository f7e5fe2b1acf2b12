/**
 * The loop both background workers share (renditions, mails): one job at a time from a table where
 * a claim is a lease, polled every `pollMs` and woken at once when this process queues a job. What
 * a round does (housekeeping, claim, work) is the worker's own; when the database is away the round
 * fails, is logged, and the jobs wait in their table for the next poll.
 */

/** Where a worker reports retries and failures; Fastify's logger (pino) is one. */
export interface WorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The job table as the loop sees it. */
export interface LeasedJobTable {
  /** Calls the listener when this process queues a job; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Ends every lease: at start of a single-process database, each one is a dead claim of this process. */
  releaseAllLeases(): Promise<void>;
}

export interface LeasedWorkerSettings {
  /** The name of the table in log lines, e.g. 'mail outbox'. */
  name: string;
  table: LeasedJobTable;
  pollMs: number;
  /** The embedded database has one process: every lease found at start is a dead claim of this one. */
  singleProcess: boolean;
  log: WorkerLog;
}

export abstract class LeasedWorker {
  /** Set by stop(): the job in hand finishes its step and gives the rest back. */
  protected stopping = false;
  private running: Promise<void> | null = null;
  private wake: () => void = () => {};
  /** A job was queued since the round began: the next idle wait is skipped. */
  private nudged = false;
  private unsubscribe: () => void = () => {};
  private inHand = false;

  protected constructor(private readonly settings: LeasedWorkerSettings) {}

  /**
   * One round: housekeeping, then at most one job claimed and worked through `holding`.
   * Returns true when a job was claimed, so the next round starts without waiting.
   */
  protected abstract round(): Promise<boolean>;

  /** Starts polling; jobs queued by this process start at once. */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.unsubscribe = this.settings.table.subscribe(() => {
      this.nudged = true;
      this.wake();
    });
    this.running = this.loop();
  }

  /** True while a job is in hand (claimed and not yet finished, failed or given back). */
  get busy(): boolean {
    return this.inHand;
  }

  /** Stops after the step in hand; a job not finished is given back for the next start or another process. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe();
    this.wake();
    await this.running;
    this.running = null;
  }

  /** Runs the work on a claimed job, marked busy meanwhile. */
  protected async holding<T>(work: () => Promise<T>): Promise<T> {
    this.inHand = true;
    try {
      return await work();
    } finally {
      this.inHand = false;
    }
  }

  private async loop(): Promise<void> {
    const { name, table, singleProcess, log } = this.settings;
    if (singleProcess)
      await table.releaseAllLeases().catch((error: unknown) => log.warn({ err: error }, `${name}: could not release old leases`));
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
