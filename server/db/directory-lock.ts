/**
 * One process at a time per embedded database folder. The lock is a listening local socket named
 * after the folder: binding it is atomic and the kernel frees it the moment the process dies
 * (even while it lingers as a zombie), so no PID is ever compared. See docs/decisions/0008.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { errorCode } from '../../shared/narrow';

export class DirectoryInUseError extends Error {
  constructor(readonly dir: string) {
    super(`The database in ${dir} is in use by another process (a running server or \`npm run admin\`). Stop it first.`);
    this.name = 'DirectoryInUseError';
  }
}

/** Takes the lock on `dir` (created if missing); the returned function releases it. */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  const { address, isFile } = lockAddress(fs.realpathSync(dir));
  const server = net.createServer((socket) => socket.destroy());
  try {
    await listen(server, address);
  } catch (error) {
    if (errorCode(error) !== 'EADDRINUSE') throw error;
    if (!isFile || (await answers(address))) throw new DirectoryInUseError(dir);
    // a socket file whose owner is gone (non-Linux fallback only): nobody answers, take it over
    fs.rmSync(address, { force: true });
    await listen(server, address).catch((retry: NodeJS.ErrnoException) => {
      throw retry.code === 'EADDRINUSE' ? new DirectoryInUseError(dir) : retry;
    });
  }
  server.unref(); // the lock never keeps a finished process alive
  fs.rmSync(path.join(dir, '.lock'), { force: true }); // the PID file of the former scheme
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Linux: an abstract-namespace socket (no file; gone with the last descriptor). Windows: a named
 * pipe (same lifetime). Elsewhere: a socket file in the temp folder, whose liveness is probed.
 */
function lockAddress(realDir: string): { address: string; isFile: boolean } {
  const name = `site-db-${crypto.createHash('sha256').update(realDir).digest('hex').slice(0, 32)}`;
  if (process.platform === 'linux') return { address: `\0${name}`, isFile: false };
  if (process.platform === 'win32') return { address: `\\\\?\\pipe\\${name}`, isFile: false };
  return { address: path.join(os.tmpdir(), `${name}.sock`), isFile: true };
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: address });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
