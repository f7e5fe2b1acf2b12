// engine-independent: a file written from a stream; no database
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fileInWritesOf } from './read-write-input';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-pieces-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Writes the chunks through fileInWritesOf; the file's bytes and the byte count of each writev. */
async function written(chunks: Buffer[], size: number): Promise<{ bytes: Buffer; writes: number[] }> {
  const probe = await fsp.open(path.join(dir, 'probe'), 'w');
  const fileHandle = Object.getPrototypeOf(probe);
  await probe.close();
  const writev = vi.spyOn(fileHandle, 'writev');
  writev.mockClear(); // a second call in one test spies on the same method
  const target = path.join(dir, crypto.randomUUID());
  await pipeline(Readable.from(chunks), fileInWritesOf(target, size));
  const writes = writev.mock.calls.map(([buffers]) => (Array.isArray(buffers) ? Buffer.concat(buffers).length : -1));
  return { bytes: fs.readFileSync(target), writes };
}

describe('an upload written in pieces (read-write-input.ts)', () => {
  it('writes the very same bytes, in pieces of at least the size but the last', async () => {
    // a 3.8 MB photo as a socket delivers it: reads of 16-64 KB
    const chunks: Buffer[] = [];
    for (let total = 0; total < 3_800_000;) {
      const chunk = crypto.randomBytes(16_384 + crypto.randomInt(49_152));
      chunks.push(chunk);
      total += chunk.length;
    }
    const { bytes, writes } = await written(chunks, 1024 * 1024);
    expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
    expect(writes.length).toBe(4);
    for (const piece of writes.slice(0, -1)) expect(piece).toBeGreaterThanOrEqual(1024 * 1024);
  });

  it('writes a file smaller than one piece once, and an empty one not at all (but makes it)', async () => {
    const small = crypto.randomBytes(1000);
    const once = await written([small.subarray(0, 400), small.subarray(400)], 1024 * 1024);
    expect(once.bytes.equals(small)).toBe(true);
    expect(once.writes).toEqual([1000]);
    const empty = await written([], 1024 * 1024);
    expect(empty.bytes.length).toBe(0);
    expect(empty.writes).toEqual([]);
  });

  it('writes the rest after a short write (a disk filling up midway ends a writev short)', async () => {
    const probe = await fsp.open(path.join(dir, 'probe'), 'w');
    const fileHandle: { writev: (buffers: Buffer[]) => Promise<{ bytesWritten: number }> } = Object.getPrototypeOf(probe);
    await probe.close();
    const writev = fileHandle.writev;
    let calls = 0;
    vi.spyOn(fileHandle, 'writev').mockImplementation(function (this: unknown, buffers: Buffer[]) {
      calls += 1;
      // the first call writes only 1,000 bytes of its first buffer
      return Reflect.apply(writev, this, [calls === 1 ? [buffers[0].subarray(0, 1000)] : buffers]);
    });
    const chunks = [crypto.randomBytes(70_000), crypto.randomBytes(70_000)];
    const target = path.join(dir, crypto.randomUUID());
    await pipeline(Readable.from(chunks), fileInWritesOf(target, 100_000));
    expect(fs.readFileSync(target).equals(Buffer.concat(chunks))).toBe(true);
    expect(calls).toBe(2);
  });

  it('fails when the file cannot be made, and leaves nothing open', async () => {
    const target = path.join(dir, 'no-such-folder', 'upload');
    await expect(pipeline(Readable.from([Buffer.from('photo')]), fileInWritesOf(target, 1024))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(pipeline(Readable.from([]), fileInWritesOf(target, 1024))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
