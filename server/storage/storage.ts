/**
 * Where uploaded images live: local disk (DATA_DIR/uploads) or an S3-compatible bucket.
 * Names are flat file names; the server serves them at /uploads/<name> either way.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { errorCode } from '../../shared/narrow';

export interface StoredFile {
  name: string;
  /** When the file was stored (S3: LastModified); the start sweep spares recent files of other processes. */
  modified: Date;
  /** Bytes (the Backups screen sums them). */
  size: number;
}

/** A stored file opened for reading. */
export interface StoredBody {
  stream: Readable;
  size: number;
  /** The bucket's entity tag (quoted), for conditional requests; local files are served by fastify-static. */
  etag?: string;
  modified?: Date;
}

export interface Storage {
  /** Moves a prepared file into storage under `name` (a flat file name); a reader never sees it half-written. */
  put(name: string, fromPath: string): Promise<void>;
  /** Removes a stored file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  /** Every stored file, for the start sweep of files no record references. */
  list(): Promise<StoredFile[]>;
  /** Opens a stored file for reading (serving, backups, background renditions); null when there is none. */
  read(name: string): Promise<StoredBody | null>;
  /** Directory that fastify-static serves at /uploads; null when the files are elsewhere (a bucket) and /uploads streams read(). */
  readonly root: string | null;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9_.-]*$/;

/** True for a name every storage accepts: flat, lowercase, no path or parent reference. */
export function isSafeStorageName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..');
}

/** MIME type of a stored name, sent with a bucket's object and when serving one. */
export function contentTypeOf(name: string): string {
  if (name.endsWith('.webp')) return 'image/webp';
  if (name.endsWith('.avif')) return 'image/avif';
  return 'application/octet-stream';
}

/** Refuses an unsafe name before any file or request is touched. */
export function assertSafeStorageName(name: string): string {
  if (!isSafeStorageName(name)) throw new Error(`Unsafe storage name: ${name}`);
  return name;
}

/** Suffix of a copy being written (temp dir on another device); the sweep removes one left by a crash. */
const PARTIAL = '.partial';

export function createLocalStorage(root: string): Storage {
  const resolve = (name: string) => path.join(root, assertSafeStorageName(name));
  return {
    root,
    async put(name, fromPath) {
      const target = resolve(name);
      await fs.mkdir(root, { recursive: true });
      try {
        await fs.rename(fromPath, target);
      } catch (error) {
        if (errorCode(error) !== 'EXDEV') throw error;
        // temp dir on another device: copy beside the target, then rename, so no half file is ever served
        const partial = `${target}${PARTIAL}`;
        try {
          await fs.copyFile(fromPath, partial);
          await fs.rename(partial, target);
        } catch (copyError) {
          await fs.rm(partial, { force: true });
          throw copyError;
        }
        await fs.rm(fromPath, { force: true });
      }
    },
    async remove(name) {
      await fs.rm(resolve(name), { force: true });
    },
    async read(name) {
      const file = resolve(name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: createReadStream(file), size: stat.size, modified: stat.mtime };
    },
    async list() {
      let entries: string[];
      try {
        entries = await fs.readdir(root);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return [];
        throw error;
      }
      const files: StoredFile[] = [];
      for (const name of entries) {
        if (!isSafeStorageName(name)) continue; // not ours to judge (e.g. a dotfile an operator put there)
        const stat = await fs.stat(path.join(root, name)).catch(() => null);
        if (stat?.isFile()) files.push({ name, modified: stat.mtime, size: stat.size });
      }
      return files;
    },
  };
}
