// engine-independent: the built server on an embedded database, in a mount namespace of its own
/**
 * A full disk is a 507 with a clear message and nothing half-written, wherever it strikes: while
 * the upload is read to tmp, while renditions are encoded into staging, while they are moved into
 * storage. The built server runs in a private mount namespace where DATA_DIR/tmp and
 * DATA_DIR/uploads are small tmpfs mounts; a filler file takes their room, as a full disk would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import { prepareDataDir, serverBundle, serverEnv, SERVER_ADMIN, sleep } from '../test/server-process';
import { makeImage, multipart } from '../test/test-images';

/** Set once the server says where it listens (it takes a free port). */
let BASE = '';
const MOUNT_SIZE = '4m';

let dataDir: string;
let child: ChildProcess;
let output = '';
let token: string;
let photo: Buffer;

/**
 * Root mounts in a private mount namespace (`unshare -m`), anyone else in a user namespace of their
 * own (`unshare -rm`); the mounts vanish with the server, whatever happens to the test.
 */
function spawnWithSmallDisks(): ChildProcess {
  const script = [
    'set -e',
    `mkdir -p "$DATA_DIR/tmp" "$DATA_DIR/uploads"`,
    `mount -t tmpfs -o size=${MOUNT_SIZE} tmpfs "$DATA_DIR/tmp"`,
    `mount -t tmpfs -o size=${MOUNT_SIZE} tmpfs "$DATA_DIR/uploads"`,
    `exec "${process.execPath}" "${serverBundle}"`,
  ].join('\n');
  const namespaceFlags = process.getuid?.() === 0 ? ['-m'] : ['-r', '-m'];
  return spawn('unshare', [...namespaceFlags, '--propagation', 'private', 'sh', '-c', script], {
    env: serverEnv(dataDir),
  });
}

beforeAll(async () => {
  if (!fs.existsSync(serverBundle)) throw new Error('dist/server.js is missing: run "npm run build" first');
  dataDir = await prepareDataDir('site-disk-full-');
  child = spawnWithSmallDisks();
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!/Site ready at http:\/\/localhost:(\d+)/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `This test mounts small tmpfs file systems to fill the disk for real: it needs root or user namespaces (unshare -rm). The server did not start:\n${output}`,
      );
    }
    await sleep(50);
  }
  BASE = `http://127.0.0.1:${/Site ready at http:\/\/localhost:(\d+)/.exec(output)![1]}`;
  const login = await fetch(`${BASE}/api/admins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SERVER_ADMIN),
  });
  token = (await login.json()).token;
  // noise does not compress: about 500 KB of JPEG, and renditions of about as much
  photo = await sharp({
    create: { width: 1100, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A path as the server sees it (inside its mount namespace). */
const seen = (...parts: string[]) => path.join(`/proc/${child.pid}/root`, dataDir, ...parts);
const list = (dir: 'tmp' | 'uploads') => fs.readdirSync(seen(dir)).sort();
const properties = async () => (await (await fetch(`${BASE}/api/property`)).json()) as { title: string; image: string }[];

/** Fills a mount until only `leaveBytes` are free. */
function fill(dir: 'tmp' | 'uploads', leaveBytes: number): void {
  const stats = fs.statfsSync(seen(dir));
  const free = stats.bavail * stats.bsize;
  fs.writeFileSync(seen(dir, 'filler'), Buffer.alloc(Math.max(0, free - leaveBytes), 1));
}
const unfill = (dir: 'tmp' | 'uploads') => fs.rmSync(seen(dir, 'filler'), { force: true });

/** Waits until the background job has made every rendition of `image`, dropped its source and left tmp. */
async function renditionsMade(image: string): Promise<void> {
  const names = allRenditionUrls(image).map((url) => path.basename(url));
  const source = path.basename(image).replace('.webp', '.source');
  const deadline = Date.now() + 30_000;
  while (names.some((name) => !fs.existsSync(seen('uploads', name))) || fs.existsSync(seen('uploads', source)) || list('tmp').length > 0) {
    if (Date.now() > deadline) throw new Error(`renditions of ${image} not made in time:\n${output}`);
    await sleep(50);
  }
}

async function upload(data: Buffer, title: string) {
  const body = multipart({ title }, [{ field: 'image', data }]);
  return fetch(`${BASE}/api/property`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: body.payload,
  });
}

describe('disk full', () => {
  it.each([
    ['the upload is read to tmp', 'tmp' as const, () => 64 * 1024],
    ['renditions are encoded into staging', 'tmp' as const, () => photo.length + 128 * 1024],
    ['renditions are moved into storage', 'uploads' as const, () => 128 * 1024],
  ])('while %s: 507, no row, nothing left behind, and it works again once there is room', async (_moment, dir, leave) => {
    const before = { records: await properties(), stored: list('uploads'), tmp: list('tmp') };
    fill(dir, leave());
    try {
      const reply = await upload(photo, `Disk full while ${_moment}`);
      expect(reply.status, output).toBe(507);
      expect(await reply.json()).toEqual({ success: false, message: apiMessages.diskFull });
      expect(await properties()).toEqual(before.records);
      expect(list('uploads')).toEqual([...new Set([...before.stored, ...(dir === 'uploads' ? ['filler'] : [])])].sort());
      expect(list('tmp')).toEqual([...new Set([...before.tmp, ...(dir === 'tmp' ? ['filler'] : [])])].sort());
      expect((await fetch(`${BASE}/healthz`)).status).toBe(200);
    } finally {
      unfill(dir);
    }
    const retried = await upload(photo, `Room again after ${_moment}`);
    expect(retried.status).toBe(201);
    const { image } = (await retried.json()).data;
    expect(fs.existsSync(seen('uploads', path.basename(image))), image).toBe(true);
    await renditionsMade(image);
    for (const url of allRenditionUrls(image)) expect(fs.existsSync(seen('uploads', path.basename(url))), url).toBe(true);
    expect(list('tmp')).toEqual([]);
  });

  it('keeps serving pages and lists while full', async () => {
    fill('uploads', 0);
    fill('tmp', 0);
    try {
      expect((await fetch(`${BASE}/api/property`)).status).toBe(200);
      expect((await fetch(`${BASE}/`)).status).toBe(200);
      const refused = await upload(await makeImage('jpeg', 640, 480), 'Nowhere to go');
      expect(refused.status).toBe(507);
    } finally {
      unfill('uploads');
      unfill('tmp');
    }
  });
});
