/**
 * The durable queue of background renditions (table image_jobs): one row per stored image whose
 * renditions beyond the first are still to be made, written in the same transaction as the record
 * that names the image. Several processes may share the table: a job is claimed with
 * FOR UPDATE SKIP LOCKED and held by a lease (locked_until), which doubles as the claim's token, so a
 * worker that died lets the job pass on after the lease and a late one cannot finish another's claim.
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { imageJobs } from '../db/schema';
import type { PreparedImage } from './image-pipeline';

export type ImageJob = typeof imageJobs.$inferSelect;

/** A job in the hands of one worker: `lockedUntil` is its token for renewing, finishing or releasing. */
export interface ClaimedJob {
  id: string;
  imageUrl: string;
  source: string;
  attempts: number;
  lockedUntil: Date;
}

/**
 * Claims in a row without progress before a job is reported as failed: a claim counts, so a job that
 * kills its worker ends too, and storing a rendition starts the count again, so a job that crashes
 * of other causes (a deploy, the kernel's OOM killer) keeps going where it stopped.
 */
export const MAX_ATTEMPTS = 5;

/** Error text kept for the report: enough to tell what went wrong, not a whole stack. */
const MAX_ERROR_LENGTH = 500;

/** The lease's end, computed by the database (one clock for every process), to the millisecond a JS Date keeps. */
const leaseEnd = (leaseMs: number) => sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseMs / 1000}))`;

export class RenditionJobs {
  private readonly addedListeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  /** Queues the remaining renditions of freshly prepared images; call inside the transaction that writes their record. */
  async enqueue(tx: Db, images: PreparedImage[]): Promise<void> {
    if (images.length === 0) return;
    await tx.insert(imageJobs).values(images.map((image) => ({ id: crypto.randomUUID(), imageUrl: image.url, source: image.source })));
  }

  /** Drops the jobs of images a record no longer names (call in the transaction that unnames them); their sources go with the files. */
  async drop(tx: Db, imageUrls: string[]): Promise<void> {
    if (imageUrls.length === 0) return;
    await tx.delete(imageJobs).where(inArray(imageJobs.imageUrl, imageUrls));
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
  async claim(leaseMs: number): Promise<ClaimedJob | null> {
    const now = sql`now()`;
    const due = this.db
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(
        and(
          isNull(imageJobs.failedAt),
          lt(imageJobs.attempts, MAX_ATTEMPTS),
          lte(imageJobs.runAfter, now),
          or(isNull(imageJobs.lockedUntil), lt(imageJobs.lockedUntil, now)),
        ),
      )
      .orderBy(asc(imageJobs.runAfter), asc(imageJobs.createdAt))
      .limit(1)
      // another process's claim in flight is passed over, not waited for
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(imageJobs)
      .set({ lockedUntil: leaseEnd(leaseMs), attempts: sql`${imageJobs.attempts} + 1` })
      .where(inArray(imageJobs.id, due))
      .returning();
    return job ? claimed(job) : null;
  }

  /** Extends a claim; null when it is no longer this worker's (the lease ran out and another took it, or the image was removed). */
  async renew(job: ClaimedJob, leaseMs: number): Promise<ClaimedJob | null> {
    const [row] = await this.db
      .update(imageJobs)
      .set({ lockedUntil: leaseEnd(leaseMs) })
      .where(this.held(job))
      .returning();
    return row ? claimed(row) : null;
  }

  /** A rendition was stored under this claim: the attempts count again from this one. */
  async progressed(job: ClaimedJob): Promise<ClaimedJob> {
    const [row] = await this.db.update(imageJobs).set({ attempts: 1 }).where(this.held(job)).returning();
    return row ? claimed(row) : job;
  }

  /** Every rendition is stored: the job goes. False when the claim was lost meanwhile. */
  async complete(job: ClaimedJob): Promise<boolean> {
    const removed = await this.db.delete(imageJobs).where(this.held(job)).returning({ id: imageJobs.id });
    return removed.length > 0;
  }

  /** Gives a claim back untried (the process is stopping): due at once, the attempt not counted. */
  async release(job: ClaimedJob): Promise<void> {
    await this.db
      .update(imageJobs)
      .set({ lockedUntil: null, attempts: sql`greatest(${imageJobs.attempts} - 1, 0)` })
      .where(this.held(job));
  }

  /**
   * Records a failed attempt: due again after `retryDelayMs` × 4^(attempts − 1), or failed for good
   * once the attempts are used up. Returns 'failed' only to the one caller that set failed_at.
   */
  async fail(job: ClaimedJob, error: unknown, retryDelayMs: number): Promise<'retry' | 'failed' | 'lost'> {
    const lastError = errorText(error);
    if (job.attempts >= MAX_ATTEMPTS) {
      const [row] = await this.db
        .update(imageJobs)
        .set({ failedAt: sql`now()`, lockedUntil: null, lastError })
        .where(this.held(job))
        .returning({ id: imageJobs.id });
      return row ? 'failed' : 'lost';
    }
    const delayMs = retryDelayMs * 4 ** (job.attempts - 1);
    const [row] = await this.db
      .update(imageJobs)
      .set({ lockedUntil: null, lastError, runAfter: sql`now() + make_interval(secs => ${delayMs / 1000})` })
      .where(this.held(job))
      .returning({ id: imageJobs.id });
    return row ? 'retry' : 'lost';
  }

  /**
   * Jobs whose last attempt was claimed by a worker that died (attempts used up, lease over, never
   * marked): marked failed here, and returned to the one caller that marked them, to report.
   */
  async failAbandoned(): Promise<ImageJob[]> {
    return this.db
      .update(imageJobs)
      .set({
        failedAt: sql`now()`,
        lockedUntil: null,
        lastError: sql`coalesce(${imageJobs.lastError}, 'the worker stopped during the last attempt')`,
      })
      .where(
        and(
          isNull(imageJobs.failedAt),
          sql`${imageJobs.attempts} >= ${MAX_ATTEMPTS}`,
          // a lease that ran out, or that the embedded database's start released (its one process died)
          or(isNull(imageJobs.lockedUntil), lt(imageJobs.lockedUntil, sql`now()`)),
        ),
      )
      .returning();
  }

  /** Ends every lease: for the embedded database at start, whose one process is this one, so no claim can be alive. */
  async releaseAllLeases(): Promise<void> {
    await this.db.update(imageJobs).set({ lockedUntil: null }).where(isNotNull(imageJobs.lockedUntil));
  }

  /** True when the image has a job, pending or failed: some of its renditions may be missing. */
  async hasJob(imageUrl: string): Promise<boolean> {
    const [row] = await this.db.select({ id: imageJobs.id }).from(imageJobs).where(eq(imageJobs.imageUrl, imageUrl)).limit(1);
    return Boolean(row);
  }

  /** Jobs still to be done (including those waiting for a retry) and those failed for good. */
  async counts(): Promise<{ pending: number; failed: number }> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${imageJobs.failedAt} is null)`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${imageJobs.failedAt} is not null)`.mapWith(Number),
      })
      .from(imageJobs);
    return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
  }

  /** Every job, for the start sweep. */
  async all(): Promise<ImageJob[]> {
    return this.db.select().from(imageJobs);
  }

  /** Removes jobs by id (the sweep's orphans: no record names their image). */
  async removeByIds(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(imageJobs).where(inArray(imageJobs.id, ids));
  }

  private held(job: ClaimedJob) {
    return and(eq(imageJobs.id, job.id), eq(imageJobs.lockedUntil, job.lockedUntil));
  }
}

function claimed(row: ImageJob): ClaimedJob {
  if (!row.lockedUntil) throw new Error(`Image job ${row.id} claimed without a lease`);
  return { id: row.id, imageUrl: row.imageUrl, source: row.source, attempts: row.attempts, lockedUntil: row.lockedUntil };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
