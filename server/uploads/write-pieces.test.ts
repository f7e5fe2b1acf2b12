// engine-independent: a stream transform in memory; no database
import crypto from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { inWritesOf } from './read-write-input';

/** What a file write stream would receive: each write's bytes. */
async function writesOf(chunks: Buffer[], size: number): Promise<Buffer[]> {
  const writes: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from(chunks), inWritesOf(size), sink);
  return writes;
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
    const writes = await writesOf(chunks, 1024 * 1024);
    expect(Buffer.concat(writes).equals(Buffer.concat(chunks))).toBe(true);
    expect(writes.length).toBe(4);
    for (const piece of writes.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(1024 * 1024);
  });

  it('writes a file smaller than one piece once, and an empty one not at all', async () => {
    const small = crypto.randomBytes(1000);
    expect(await writesOf([small.subarray(0, 400), small.subarray(400)], 1024 * 1024)).toEqual([small]);
    expect(await writesOf([], 1024 * 1024)).toEqual([]);
  });
});
