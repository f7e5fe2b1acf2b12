// engine-independent: thread priorities of the process; no database
import os from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageQueue } from './image-queue';
import { imageThreadNiceness, imageThreadNicenessFor } from './image-threads';

describe.runIf(process.platform === 'linux')('image threads', () => {
  it('libvips encodes on threads of lower priority than the thread that serves pages', async () => {
    // relative to the process's own: the tests may run under `nice`
    const processNiceness = os.getPriority(process.pid);
    const queue = new ImageQueue();
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    await queue.run(() => sharp(photo).resize(800).webp().toBuffer());
    await queue.run(() => sharp(photo).resize(400).avif({ effort: 2 }).toBuffer());
    const niceness = imageThreadNiceness();
    expect(niceness.length).toBeGreaterThan(0);
    expect(niceness.every((value) => value === imageThreadNicenessFor(processNiceness))).toBe(true);
    expect(imageThreadNicenessFor(0)).toBe(10);
    expect(imageThreadNicenessFor(15)).toBe(19);
    // the process's main thread keeps its priority
    expect(os.getPriority(process.pid)).toBe(processNiceness);
  });
});
