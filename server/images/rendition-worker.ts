/**
 * Makes the renditions a save left for later: claims one job at a time from image_jobs, reads the
 * kept source through the storage interface (local disk or a bucket alike), encodes each remaining
 * rendition through the image queue behind any upload a request waits for, stores it, then drops the
 * job and its source. A failure is retried with backoff and, once the attempts are used up, reported;
 * renditions already stored stay, so pages keep serving what exists.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { idleCollector } from '../idle-collector';
import { LeasedWorker, type WorkerLog } from '../leased-worker';
import type { Services } from '../services';
import type { Storage } from '../storage/storage';
import { decodeSource, encodeRendition, remainingRenditions, type ImageLimits } from './image-pipeline';
import type { ImageQueue } from './image-queue';
import type { ClaimedJob, RenditionJobs } from './rendition-jobs';

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

export class RenditionWorker extends LeasedWorker {
  private completed = 0;

  constructor(
    private readonly deps: RenditionWorkerDeps,
    private readonly options: RenditionWorkerOptions = DEFAULT_RENDITION_WORKER,
  ) {
    const { jobs, singleProcess, log } = deps;
    super({
      name: 'image jobs',
      table: { subscribe: (listener) => jobs.onAdded(listener), releaseAllLeases: () => jobs.releaseAllLeases() },
      pollMs: options.pollMs,
      singleProcess,
      log,
    });
  }

  /** Jobs this worker finished (every rendition stored, the job dropped by its own claim). */
  get jobsDone(): number {
    return this.completed;
  }

  protected async round(): Promise<boolean> {
    await this.reportAbandoned();
    const job = await this.deps.jobs.claim(this.options.leaseMs);
    if (!job) return false;
    await this.holding(() => this.process(job));
    // the dead image buffers of a run of jobs are collected once the process is idle
    idleCollector.noteWork();
    return true;
  }

  private async reportAbandoned(): Promise<void> {
    for (const job of await this.deps.jobs.failAbandoned()) {
      this.deps.log.error({ imageUrl: job.imageUrl, attempts: job.attempts, error: job.lastError }, 'image renditions failed for good');
    }
  }

  private async process(job: ClaimedJob): Promise<void> {
    const { jobs, storage, queue, log } = this.deps;
    const claim = new HeldClaim(job, jobs, this.options.leaseMs);
    const staging = path.join(this.deps.tmpDir, `renditions-${crypto.randomUUID()}`);
    const stored: string[] = [];
    try {
      // an earlier claim that a crash ended may have stored some: they are whole (every store is atomic) and stay
      const missing = [];
      for (const rendition of remainingRenditions(job.imageUrl)) if (!(await isStored(storage, rendition.name))) missing.push(rendition);
      if (missing.length > 0) {
        const source = await readWhole(storage, job.source);
        const decoded = await queue.run(() => decodeSource(source, job.imageUrl, this.deps.limits), 'background');
        await fs.mkdir(staging, { recursive: true });
        for (const rendition of missing) {
          // renewed before each step: an image removed meanwhile is noticed within one encode
          if (!(await claim.renew())) return await this.abandon(job, stored);
          if (this.stopping) return await jobs.release(await claim.end());
          const target = path.join(staging, rendition.name);
          await queue.run(() => encodeRendition(decoded, rendition, target), 'background');
          await storage.put(rendition.name, target);
          stored.push(rendition.name);
          await claim.progressed();
        }
      }
      // the source goes before the job: a crash between the two leaves a job whose renditions are all stored, which the next claim just ends
      if (!(await claim.renew())) return await this.abandon(job, stored);
      await storage.remove(job.source);
      if (await jobs.complete(await claim.end())) this.completed += 1;
      else await this.abandon(job, stored);
    } catch (error) {
      const held = await claim.end();
      const outcome = await jobs.fail(held, error, this.options.retryDelayMs);
      if (outcome === 'failed')
        log.error({ imageUrl: job.imageUrl, attempts: held.attempts, err: error }, 'image renditions failed for good');
      else if (outcome === 'retry')
        log.warn({ imageUrl: job.imageUrl, attempts: held.attempts, err: error }, 'image renditions failed; will retry');
    } finally {
      await claim.end();
      await fs.rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * The claim was lost. When the image itself was removed meanwhile (no job, no stored URL: removal
   * takes that file first), the renditions this run stored after the removal go too; otherwise
   * another worker holds the job and the files are its.
   */
  private async abandon(job: ClaimedJob, stored: string[]): Promise<void> {
    const { jobs, storage } = this.deps;
    if (await jobs.hasJob(job.imageUrl)) return;
    if (await isStored(storage, path.basename(job.imageUrl))) return;
    for (const name of stored) await storage.remove(name).catch(() => {});
  }
}

/** One job in a worker's hands: its lease renewed on a timer and before each step, one renewal at a time (each one's token is the lease the previous one set). */
class HeldClaim {
  private renewing: Promise<boolean> = Promise.resolve(true);
  private readonly timer: NodeJS.Timeout;
  private lost = false;

  constructor(
    private current: ClaimedJob,
    private readonly jobs: RenditionJobs,
    private readonly leaseMs: number,
  ) {
    this.timer = setInterval(() => void this.renew(), leaseMs / 3);
  }

  /** True while the claim is still this worker's. */
  renew(): Promise<boolean> {
    this.renewing = this.renewing.then(async () => {
      if (this.lost) return false;
      try {
        const renewed = await this.jobs.renew(this.current, this.leaseMs);
        if (renewed) this.current = renewed;
        else this.lost = true;
      } catch {
        // the database did not answer: the lease may still hold; finishing or failing will tell
      }
      return !this.lost;
    });
    return this.renewing;
  }

  /** Records that a rendition was stored under this claim (see MAX_ATTEMPTS). */
  progressed(): Promise<boolean> {
    this.renewing = this.renewing.then(async () => {
      if (this.lost) return false;
      this.current = await this.jobs.progressed(this.current).catch(() => this.current);
      return true;
    });
    return this.renewing;
  }

  /** Stops renewing; the claim as last renewed, to finish, fail or release the job with. */
  async end(): Promise<ClaimedJob> {
    clearInterval(this.timer);
    await this.renewing;
    return this.current;
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
    queue: services.content.imageQueue,
    tmpDir: path.join(services.env.dataDir, 'tmp'),
    limits: { maxPixels: services.env.maxImagePixels },
    singleProcess: services.database.kind === 'pglite',
    log,
  };
  return new RenditionWorker(deps, options);
}

/** True when storage holds the file (opened and closed again, on disk and in a bucket alike). */
async function isStored(storage: Storage, name: string): Promise<boolean> {
  const file = await storage.read(name);
  if (!file) return false;
  file.stream.on('error', () => {}); // only its presence was asked: a removal racing the open is no error
  file.stream.destroy();
  return true;
}

/** A stored file's bytes: sources are uploads (a few MB at most), decoded from memory like any upload. */
async function readWhole(storage: Storage, name: string): Promise<Buffer> {
  const file = await storage.read(name);
  if (!file) throw new Error(`The source ${name} is missing from storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
