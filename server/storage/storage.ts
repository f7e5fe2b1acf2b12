/**
 * Where uploaded images live. Local disk now; an S3-compatible store can
 * implement the same calls later (PutObject, DeleteObject, ListObjectsV2).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  name: string;
  /** When the file was stored (S3: LastModified); the start sweep spares recent files of other processes. */
  modified: Date;
}

export interface Storage {
  /** Moves a prepared file into storage under `name` (a flat file name); a reader never sees it half-written. */
  put(name: string, fromPath: string): Promise<void>;
  /** Removes a stored file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  /** Every stored file, for the start sweep of files no record references. */
  list(): Promise<StoredFile[]>;
  /** Directory served at /uploads (local storage only). */
  readonly root: string;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9_.-]*$/;
/** Suffix of a copy being written (temp dir on another device); the sweep removes one left by a crash. */
const PARTIAL = '.partial';

export function createLocalStorage(root: string): Storage {
  const resolve = (name: string) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Unsafe storage name: ${name}`);
    return path.join(root, name);
  };
  return {
    root,
    async put(name, fromPath) {
      const target = resolve(name);
      await fs.mkdir(root, { recursive: true });
      try {
        await fs.rename(fromPath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
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
    async list() {
      let entries: string[];
      try {
        entries = await fs.readdir(root);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const files: StoredFile[] = [];
      for (const name of entries) {
        if (!SAFE_NAME.test(name)) continue; // not ours to judge (e.g. a dotfile an operator put there)
        const stat = await fs.stat(path.join(root, name)).catch(() => null);
        if (stat?.isFile()) files.push({ name, modified: stat.mtime });
      }
      return files;
    },
  };
}
