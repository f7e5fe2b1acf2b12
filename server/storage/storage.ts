/**
 * Where uploaded images live. Local disk now; an S3-compatible store can
 * implement the same calls later.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  /** Moves a prepared file into storage under `name` (a flat file name). */
  put(name: string, fromPath: string): Promise<void>;
  /** Removes a stored file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  /** Directory served at /uploads (local storage only). */
  readonly root: string;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9_.-]*$/;

export function createLocalStorage(root: string): Storage {
  const resolve = (name: string) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Unsafe storage name: ${name}`);
    return path.join(root, name);
  };
  return {
    root,
    async put(name, fromPath) {
      await fs.mkdir(root, { recursive: true });
      try {
        await fs.rename(fromPath, resolve(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await fs.copyFile(fromPath, resolve(name)); // temp dir on another device
        await fs.rm(fromPath, { force: true });
      }
    },
    async remove(name) {
      await fs.rm(resolve(name), { force: true });
    },
  };
}
