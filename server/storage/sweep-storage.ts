/**
 * The start sweep: what a crash can leave behind goes. Temporary uploads and staging
 * directories in DATA_DIR/tmp, rendition jobs whose image no record names, and stored files
 * no record needs (stored before a row that was never written, or left after a row that was
 * deleted); the source of a job still pending or failed is needed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { allRenditionUrls, parseImageUrl } from '../../shared/image-urls';
import { settings } from '../db/schema';
import type { Services } from '../services';
import { errorCode } from '../../shared/narrow';

/**
 * Files younger than this may belong to a write still in flight in another process sharing
 * the PostgreSQL database (its row not yet committed); the embedded database has one process.
 */
export const SHARED_DATABASE_GRACE_MS = 10 * 60 * 1000;

export interface SweepResult {
  tmpEntries: number;
  storedFiles: number;
  imageJobs: number;
}

/** Clears DATA_DIR/tmp and removes unreferenced stored files; call at start, before listening (the caller logs what went). */
export async function sweepStorage(services: Services, now = new Date()): Promise<SweepResult> {
  const graceMs = services.database.kind === 'postgres' ? SHARED_DATABASE_GRACE_MS : 0;
  const cutoff = now.getTime() - graceMs;
  const tmpEntries = await sweepTmp(path.join(services.env.dataDir, 'tmp'), cutoff);
  const imageJobs = await sweepImageJobs(services, cutoff);
  const storedFiles = await sweepStored(services, cutoff);
  return { tmpEntries, storedFiles, imageJobs };
}

async function sweepTmp(tmpDir: string, cutoff: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(tmpDir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(tmpDir, name);
    const stat = await fs.stat(entry).catch(() => null);
    if (!stat || stat.mtimeMs > cutoff) continue;
    await fs.rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Jobs whose image no record names (nothing writes one today: a job commits and goes with its record's image). */
async function sweepImageJobs(services: Services, cutoff: number): Promise<number> {
  // jobs first: a job read now whose record commits later cannot be, they commit together
  const jobs = await services.renditionJobs.all();
  const named = new Set(await services.content.images.imageUrlsInUse());
  const orphans = jobs.filter((job) => !named.has(job.imageUrl) && job.createdAt.getTime() <= cutoff);
  await services.renditionJobs.removeByIds(orphans.map((job) => job.id));
  return orphans.length;
}

async function sweepStored(services: Services, cutoff: number): Promise<number> {
  // read every reference before removing anything: a failed read must not look like "nothing referenced"
  const inUse = await services.content.images.storedNamesInUse();
  for (const url of await settingsImageUrls(services)) {
    for (const rendition of allRenditionUrls(url)) inUse.add(path.basename(rendition));
  }
  let removed = 0;
  for (const file of await services.storage.list()) {
    if (inUse.has(file.name) || file.modified.getTime() > cutoff) continue;
    await services.storage.remove(file.name);
    removed += 1;
  }
  return removed;
}

/** Our image URLs anywhere in the settings (the About content's hero.image today), whatever their shape. */
async function settingsImageUrls(services: Services): Promise<string[]> {
  const rows = await services.database.db.select({ value: settings.value }).from(settings);
  const urls: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (parseImageUrl(value)) urls.push(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const row of rows) walk(row.value);
  return urls;
}
