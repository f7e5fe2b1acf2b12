// engine-independent: the image process the server forks for its image work; no database
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { ClientError } from '../errors';
import { remainingRenditions } from './image-pipeline';
import { ImageProcess } from './image-process';
import { imageProcessNicenessFor, processThreadNiceness } from './thread-priority';

const limits = { maxPixels: 40_000_000 };
let dir: string;
let photo: string;
const images = new ImageProcess();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-process-'));
  photo = path.join(dir, 'photo.jpg');
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toFile(photo);
});
afterAll(async () => {
  await images.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the image process', () => {
  it('makes an upload’s first rendition in a process of its own, as the pipeline does', async () => {
    const prepared = await images.prepare(photo, path.join(dir, 'staging'), limits);
    expect(images.pid).toBeGreaterThan(0);
    expect(images.pid).not.toBe(process.pid);
    expect(prepared.url).toMatch(/^\/uploads\/[0-9a-f]{20}_1200x900\.webp$/);
    const first = fs.readFileSync(prepared.files[0].path);
    expect(prepared.sha256).toBe(crypto.createHash('sha256').update(first).digest('hex'));
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
  });

  it('answers a file that is no image with the client error the server replies with', async () => {
    const text = path.join(dir, 'not-an-image.jpg');
    fs.writeFileSync(text, 'hello, not a photo');
    const error = await images.prepare(text, path.join(dir, 'staging-bad'), limits).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ statusCode: 400, message: apiMessages.notAnImage });
  });

  it('decodes a source once and encodes each rendition from it', async () => {
    const prepared = await images.prepare(photo, path.join(dir, 'staging-2'), limits);
    const decoded = await images.decode(photo, prepared.url, limits);
    const renditions = remainingRenditions(prepared.url);
    expect(renditions.length).toBeGreaterThan(2);
    for (const rendition of renditions) await decoded.encode(rendition, path.join(dir, rendition.name));
    await decoded.release();
    for (const rendition of renditions) {
      const meta = await sharp(path.join(dir, rendition.name)).metadata();
      expect(meta.width).toBe(rendition.width);
    }
    // released: the pixels are gone from the process
    await expect(decoded.encode(renditions[0], path.join(dir, 'again.webp'))).rejects.toThrow('no longer held');
  });

  it('runs every thread of the image process at a lower priority than the server’s, whose own keep theirs', async () => {
    const serverNiceness = os.getPriority(process.pid); // the tests may run under `nice`
    const childThreads = await images.threadNiceness();
    // its main thread, the runtime's helpers, the pool sharp runs on and libvips's own threads
    expect(childThreads.length).toBeGreaterThan(4);
    expect(childThreads.every((value) => value === imageProcessNicenessFor(serverNiceness))).toBe(true);
    expect(processThreadNiceness().every((value) => value === serverNiceness)).toBe(true);
    expect(imageProcessNicenessFor(0)).toBe(10);
    expect(imageProcessNicenessFor(15)).toBe(19);
  });

  it('keeps a process alive while it waits for an answer, and lets it end once idle', () => {
    // a script whose only work under way is an image (as a start seeding demo content before it listens)
    const script = path.join(dir, 'awaits-an-image.mts');
    const module = new URL('./image-process.ts', import.meta.url).href;
    fs.writeFileSync(
      script,
      `import { ImageProcess } from ${JSON.stringify(module)};\n` +
        `const prepared = await new ImageProcess().prepare(${JSON.stringify(photo)}, ${JSON.stringify(path.join(dir, 'staging-tla'))}, ${JSON.stringify(limits)});\n` +
        `console.log(prepared.url);\n`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    // 13 was the unsettled top-level await: the loop had nothing left to wait on but the unreferenced channel
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/_1200x900\.webp/);
  });

  it('fails what a dead process held, and starts a new one for the next request', async () => {
    const prepared = await images.prepare(photo, path.join(dir, 'staging-3'), limits);
    const decoded = await images.decode(photo, prepared.url, limits);
    const first = images.pid;
    process.kill(first!, 'SIGKILL');
    const [rendition] = remainingRenditions(prepared.url);
    await expect(decoded.encode(rendition, path.join(dir, 'after-kill.webp'))).rejects.toThrow('The image process ended');
    await decoded.release();
    const again = await images.prepare(photo, path.join(dir, 'staging-4'), limits);
    expect(again.url).toMatch(/_1200x900\.webp$/);
    expect(images.pid).not.toBe(first);
  });
});
