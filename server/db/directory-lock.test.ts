// engine-independent: the embedded database's folder lock, which PostgreSQL does not have
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminCliBundle,
  prepareDataDir,
  processState,
  runToEnd,
  serverBundle,
  serverEnv,
  sleep,
  startServer,
  type ServerProcess,
} from '../test/server-process';
import { DirectoryInUseError, lockDirectory } from './directory-lock';

const IN_USE = /The database in .* is in use by another process .*Stop it first\./;

describe('database folder lock', () => {
  it('is held by one caller at a time and free again once released', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
    const release = await lockDirectory(dir);
    await expect(lockDirectory(dir)).rejects.toBeInstanceOf(DirectoryInUseError);
    // the same folder reached through a symbolic link is the same lock
    const link = `${dir}-link`;
    fs.symlinkSync(dir, link);
    await expect(lockDirectory(link)).rejects.toBeInstanceOf(DirectoryInUseError);
    fs.rmSync(link);
    await release();
    const again = await lockDirectory(dir);
    await again();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('database folder lock across processes (built server)', () => {
  const cleanups: Array<() => void> = [];
  afterAll(() => {
    for (const cleanup of cleanups.reverse()) cleanup();
  });

  /** A live process whose PID an old-style lock file can name (PIDs come back; this one is simply alive). */
  function liveBystander(): ChildProcess {
    const bystander = spawn('sleep', ['600']);
    cleanups.push(() => bystander.kill('SIGKILL'));
    return bystander;
  }
  function track(server: ServerProcess) {
    cleanups.push(() => {
      server.child.kill('SIGKILL');
      if (processState(server.pid)) process.kill(server.pid, 'SIGKILL');
    });
    return server;
  }

  it('refuses a second server and the admin CLI while one runs, and starts again after a SIGKILL (zombie, stale lock naming a live process)', async () => {
    const dataDir = await prepareDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const staleLock = path.join(dataDir, 'db', '.lock');
    fs.writeFileSync(staleLock, String(liveBystander().pid));

    // the old scheme refused this start: the lock named a live process
    const first = track(await startServer({ dataDir, underNonReapingParent: true }));
    expect((await fetch(`${first.base}/healthz`)).status).toBe(200);

    const second = await runToEnd(serverBundle, [], serverEnv(dataDir));
    expect(second.code).toBe(1);
    expect(second.output).toMatch(IN_USE);
    const cli = await runToEnd(adminCliBundle, ['list'], serverEnv(dataDir));
    expect(cli.code).toBe(1);
    expect(cli.output).toMatch(IN_USE);
    expect((await fetch(`${first.base}/healthz`)).status).toBe(200); // the refused ones changed nothing

    process.kill(first.pid, 'SIGKILL');
    for (let i = 0; i < 100 && processState(first.pid) !== 'Z'; i++) await sleep(20);
    expect(processState(first.pid)).toBe('Z'); // dead but not reaped: its PID is still taken
    fs.writeFileSync(staleLock, String(liveBystander().pid));

    const restarted = track(await startServer({ dataDir }));
    const token = await restarted.login(); // same data, served again
    expect(token).toBeTruthy();
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(fs.existsSync(staleLock)).toBe(false);
  }, 240_000);
});
