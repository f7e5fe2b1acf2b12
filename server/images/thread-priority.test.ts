// engine-independent: thread priorities of the process; no database
import os from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageQueue } from './image-queue';
import { helperThreadNicenessFor, threadNiceness } from './thread-priority';

describe.runIf(process.platform === 'linux')('thread priority', () => {
  it('image work runs on threads of lower priority than the thread that serves pages', async () => {
    // relative to the process's own: the tests may run under `nice`
    const processNiceness = os.getPriority(process.pid);
    const queue = new ImageQueue();
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    await queue.run(() => sharp(photo).resize(800).webp().toBuffer());
    await queue.run(() => sharp(photo).resize(400).avif({ effort: 2 }).toBuffer());
    const { serving, helpers } = threadNiceness();
    // the pool threads sharp runs on and libvips's own threads, at least
    expect(helpers.length).toBeGreaterThan(2);
    expect(helpers.every((value) => value === helperThreadNicenessFor(processNiceness))).toBe(true);
    expect(helperThreadNicenessFor(0)).toBe(10);
    expect(helperThreadNicenessFor(15)).toBe(19);
    // the thread that answers requests keeps the process's priority
    expect(serving).toBe(processNiceness);
  });
});
