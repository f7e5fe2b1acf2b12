/**
 * Makes the renditions a save left for later, a kind of job on the one job queue (server/jobs):
 * claims one job at a time from image_jobs, reads the kept source through the storage interface
 * (local disk or a bucket alike), encodes each remaining rendition through the image queue behind any
 * upload a request waits for, stores it, then drops the job and its source. A failure is retried with
 * backoff and, once the attempts are used up, reported; renditions already stored stay, so pages keep
 * serving what exists.
 */
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { imageJobs } from '../db/schema';
import { idleCollector } from '../idle-collector';
import type { JobKind } from '../jobs/job-kind';
import { JobWorker, type HeldJob, type RetryPolicy, type WorkerLog } from '../jobs/job-worker';
import type { Services } from '../services';
import type { Storage } from '../storage/storage';
import { remainingRenditions, type ImageLimits } from './image-pipeline';
import { imageProcess } from './image-process';
import type { ImageQueue } from './image-queue';
import { ABANDONED_ERROR, MAX_ATTEMPTS, type ImageJob, type RenditionJobs } from './rendition-jobs';

export interface RenditionWorkerOptions {
  /** How long a claim holds without renewal; it is renewed every third of that while the job runs. */
  leaseMs: number;
  /** How often an idle worker looks for jobs other processes queued (this process's own wake it at once). */
  pollMs: number;
  /** Wait before the first retry; each next one waits four times longer. */
  retryDelayMs: number;
}

/** A job of one photo takes seconds; a worker silent for 30 s has died or hangs, and its job passes on. */
export const DEFAULT_RENDITION_WORKER: RenditionWorkerOptions = { leaseMs: 30_000, pollMs: 2_000, retryDelayMs: 10_000 };

export interface RenditionWorkerDeps {
  jobs: RenditionJobs;
  storage: Storage;
  queue: ImageQueue;
  /** Where renditions are encoded before they move into storage (swept at start like uploads). */
  tmpDir: string;
  limits: ImageLimits;
  /** The embedded database has one process: every lease found at start is a dead claim of this one. */
  singleProcess: boolean;
  log: WorkerLog;
}

/** Renditions are tried again after 10 s, 40 s, 160 s and 640 s (the delay × 4 each time), and given up after MAX_ATTEMPTS claims without progress. */
function renditionRetry(retryDelayMs: number): RetryPolicy {
  return { delayMs: (attempts) => retryDelayMs * 4 ** (attempts - 1), maxAttempts: MAX_ATTEMPTS };
}

export class RenditionWorker extends JobWorker<ImageJob> {
  constructor(
    private readonly deps: RenditionWorkerDeps,
    options: RenditionWorkerOptions = DEFAULT_RENDITION_WORKER,
  ) {
    super({
      name: 'image jobs',
      queue: deps.jobs,
      leaseMs: options.leaseMs,
      pollMs: options.pollMs,
      retry: renditionRetry(options.retryDelayMs),
      messages: {
        retry: 'image renditions failed; will retry',
        failed: 'image renditions failed for good',
        stale: 'image renditions failed for good',
        staleError: ABANDONED_ERROR,
        notMarked: 'image renditions made but their job not ended; the next claim ends it',
      },
      describe: (job) => ({ imageUrl: job.imageUrl }),
      singleProcess: deps.singleProcess,
      log: deps.log,
    });
  }

  protected async round(): Promise<boolean> {
    const worked = await super.round();
    // the dead image buffers of a run of jobs are collected once the process is idle
    if (worked) idleCollector.noteWork();
    return worked;
  }

  protected async handle(held: HeldJob<ImageJob>): Promise<void> {
    const { storage, queue } = this.deps;
    const job = held.job;
    const staging = path.join(this.deps.tmpDir, `renditions-${crypto.randomUUID()}`);
    const stored: string[] = [];
    try {
      // an earlier claim that a crash ended may have stored some: they are whole (every store is atomic) and stay
      const missing = [];
      for (const rendition of remainingRenditions(job.imageUrl)) if (!(await isStored(storage, rendition.name))) missing.push(rendition);
      if (missing.length > 0) {
        await fs.mkdir(staging, { recursive: true });
        const sourcePath = path.join(staging, 'source');
        await copyToFile(storage, job.source, sourcePath);
        const decoded = await queue.run(() => imageProcess.decode(sourcePath, job.imageUrl, this.deps.limits), 'background');
        try {
          for (const rendition of missing) {
            // renewed before each step: an image removed meanwhile is noticed within one encode
            if (!(await held.renew())) return await this.abandon(job, stored);
            if (held.stopping) return await held.release();
            const target = path.join(staging, rendition.name);
            await queue.run(() => decoded.encode(rendition, target), 'background');
            await storage.put(rendition.name, target);
            stored.push(rendition.name);
            await held.progressed();
          }
        } finally {
          await decoded.release();
        }
      }
      // the source goes before the job: a crash between the two leaves a job whose renditions are all stored, which the next claim just ends
      if (!(await held.renew())) return await this.abandon(job, stored);
      await storage.remove(job.source);
      if (!(await held.complete())) await this.abandon(job, stored);
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * The claim was lost. When the image itself was removed meanwhile (no job, no stored URL: removal
   * takes that file first), the renditions this run stored after the removal go too; otherwise
   * another worker holds the job and the files are its.
   */
  private async abandon(job: ImageJob, stored: string[]): Promise<void> {
    const { jobs, storage } = this.deps;
    if (await jobs.hasJob(job.imageUrl)) return;
    if (await isStored(storage, path.basename(job.imageUrl))) return;
    for (const name of stored) await storage.remove(name).catch(() => {});
  }
}

/** The worker of one server process, on its services. */
export function createRenditionWorker(
  services: Services,
  log: WorkerLog,
  options: RenditionWorkerOptions = DEFAULT_RENDITION_WORKER,
): RenditionWorker {
  const deps: RenditionWorkerDeps = {
    jobs: services.renditionJobs,
    storage: services.storage,
    queue: services.content.images.queue,
    tmpDir: path.join(services.env.dataDir, 'tmp'),
    limits: { maxPixels: services.env.maxImagePixels },
    singleProcess: services.database.kind === 'pglite',
    log,
  };
  return new RenditionWorker(deps, options);
}

/** The background renditions: pending ones travel in backups (a restored site makes them from the sources it restores). */
export const renditionJobKind: JobKind = {
  name: 'renditions',
  table: imageJobs,
  backup: 'kept',
  queue: (services) => services.renditionJobs,
  // SIMULATE_PENDING_RENDITIONS (a test aid) holds them pending
  createWorker: (services, log) => (services.env.simulatePendingRenditions ? null : createRenditionWorker(services, log)),
};

/** True when storage holds the file (opened and closed again, on disk and in a bucket alike). */
async function isStored(storage: Storage, name: string): Promise<boolean> {
  const file = await storage.read(name);
  if (!file) return false;
  file.stream.on('error', () => {}); // only its presence was asked: a removal racing the open is no error
  file.stream.destroy();
  return true;
}

/** A stored file copied to a local one, which the image process decodes (on disk and in a bucket alike). */
async function copyToFile(storage: Storage, name: string, target: string): Promise<void> {
  const file = await storage.read(name);
  if (!file) throw new Error(`The source ${name} is missing from storage`);
  await pipeline(file.stream, createWriteStream(target));
}
