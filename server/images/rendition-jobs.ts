/**
 * The durable queue of background renditions (table image_jobs, on the one job queue of
 * server/jobs): one row per stored image whose renditions beyond the first are still to be made,
 * written in the same transaction as the record that names the image.
 */
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { imageJobs } from '../db/schema';
import { JobQueue } from '../jobs/job-queue';
import type { PreparedImage } from './image-pipeline';

export type ImageJob = typeof imageJobs.$inferSelect;

/**
 * Failed claims in a row without progress before a job is reported as failed; storing a rendition
 * starts the count again. A claim whose process died is no failed attempt (the image work runs in a
 * child process, so a deploy, a power cut or the OOM killer ended it): those count to MAX_CRASHES of
 * the job queue, so a job keeps going where it stopped through a run of restarts.
 */
export const MAX_ATTEMPTS = 5;

/** The last error of a job given up because its worker died during the last attempt. */
export const ABANDONED_ERROR = 'the worker stopped during the last attempt';

export class RenditionJobs extends JobQueue<typeof imageJobs> {
  constructor(db: Db) {
    super(db, imageJobs, { maxAttempts: MAX_ATTEMPTS });
  }

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

  /**
   * Jobs whose workers kept dying (MAX_CRASHES dead claims) or whose last failure was not marked:
   * marked failed here, and returned to the one caller that marked them, to report.
   */
  failAbandoned(): Promise<ImageJob[]> {
    return this.failStale({ maxAttempts: MAX_ATTEMPTS }, ABANDONED_ERROR);
  }

  /** True when the image has a job, pending or failed: some of its renditions may be missing. */
  async hasJob(imageUrl: string): Promise<boolean> {
    const [row] = await this.db.select({ id: imageJobs.id }).from(imageJobs).where(eq(imageJobs.imageUrl, imageUrl)).limit(1);
    return Boolean(row);
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
}
