/**
 * The start sweep: what a crash can leave behind goes. Temporary uploads and staging
 * directories in DATA_DIR/tmp, and stored files no record names (stored before a row that
 * was never written, or left after a row that was deleted).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { allRenditionUrls, parseImageUrl } from '../../shared/image-urls';
import { settings } from '../db/schema';
import type { Services } from '../services';

/**
 * Files younger than this may belong to a write still in flight in another process sharing
 * the PostgreSQL database (its row not yet committed); the embedded database has one process.
 */
export const SHARED_DATABASE_GRACE_MS = 10 * 60 * 1000;

export interface SweepResult {
  tmpEntries: number;
  storedFiles: number;
}

/** Clears DATA_DIR/tmp and removes unreferenced stored files; call at start, before listening. */
export async function sweepStorage(services: Services, now = new Date()): Promise<SweepResult> {
  const graceMs = services.database.kind === 'postgres' ? SHARED_DATABASE_GRACE_MS : 0;
  const cutoff = now.getTime() - graceMs;
  const tmpEntries = await sweepTmp(path.join(services.env.dataDir, 'tmp'), cutoff);
  const storedFiles = await sweepStored(services, cutoff);
  if (tmpEntries || storedFiles) {
    console.log(`Start sweep removed ${tmpEntries} temporary upload(s) and ${storedFiles} stored file(s) no record uses.`);
  }
  return { tmpEntries, storedFiles };
}

async function sweepTmp(tmpDir: string, cutoff: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(tmpDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
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

async function sweepStored(services: Services, cutoff: number): Promise<number> {
  // read every reference before removing anything: a failed read must not look like "nothing referenced"
  const inUse = new Set<string>();
  for (const url of [...(await services.content.imageUrlsInUse()), ...(await settingsImageUrls(services))]) {
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
