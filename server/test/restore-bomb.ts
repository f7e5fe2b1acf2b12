/** Item 10 of the attack replay: a gzip bomb given to `npm run restore`, with DATA_DIR/tmp's peak size measured while it runs. */
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { projectRoot } from '../paths';
import type { AttackLine } from './attack-replay';
import { runToEnd, serverEnv } from './server-process';

const restoreCliBundle = path.join(projectRoot, 'dist', 'restore-cli.js');

/** Bytes of a folder (recursively), 0 when it does not exist. */
function folderBytes(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    try {
      total += entry.isDirectory() ? folderBytes(full) : fs.statSync(full).size;
    } catch {
      // removed while counting
    }
  }
  return total;
}

/** A 1 MiB-ish .tar.gz whose one image entry unpacks to 1 GiB of zeros, restored into a fresh data folder. */
export async function restoreBomb(): Promise<AttackLine> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attack-bomb-'));
  try {
    const file = path.join(dir, 'bomb.tar.gz');
    const pack = tar.pack();
    const written = pipeline(Readable.from(pack, { objectMode: false }), zlib.createGzip({ level: 9 }), fs.createWriteStream(file));
    const size = 1024 ** 3;
    // tar-stream's entry is a writable stream its types do not say so
    const entry = pack.entry({ name: 'images/bomb.webp', size }, () => pack.finalize()) as unknown as Writable;
    const zeros = Buffer.alloc(1024 * 1024);
    for (let sent = 0; sent < size; sent += zeros.length) {
      if (!entry.write(zeros)) await once(entry, 'drain');
    }
    entry.end();
    await written;
    const archiveBytes = fs.statSync(file).size;
    const dataDir = path.join(dir, 'site');
    fs.mkdirSync(dataDir);
    // where a restore unpacks before it writes anything for good
    const unpacked = path.join(dataDir, 'tmp');
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, folderBytes(unpacked))), 20);
    const result = await runToEnd(restoreCliBundle, [file], serverEnv(dataDir), 300_000);
    clearInterval(watch);
    peak = Math.max(peak, folderBytes(unpacked));
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
    return {
      item: 10,
      name: 'gzip bomb given to npm run restore',
      got: `exit ${result.code}, archive ${mib(archiveBytes)} (unpacks to 1024 MiB), DATA_DIR/tmp peak ${mib(peak)}`,
      held: result.code !== 0 && peak <= archiveBytes,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
