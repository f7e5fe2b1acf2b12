// engine-independent: the storage interface (disk, S3); no database
/** What every storage promises (local disk and an S3 bucket alike): put, read, list, remove, and safe names only. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createS3Storage, type S3Storage } from './s3-storage';
import { createLocalStorage, type Storage } from './storage';

let s3: S3TestServer;
let s3Storage: S3Storage;
let scratch: string;

beforeAll(async () => {
  s3 = await startS3Server();
  s3Storage = createS3Storage(s3.env.s3!);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'));
});
afterAll(async () => {
  s3Storage.close();
  await s3.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A prepared file to put, as the image pipeline leaves one in staging. */
function prepared(content: string | Buffer): string {
  const file = path.join(scratch, `prepared-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(file, content);
  return file;
}

async function readAll(storage: Storage, name: string): Promise<Buffer | null> {
  const body = await storage.read(name);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body.stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(body.size).toBe(bytes.length);
  return bytes;
}

const kinds: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(path.join(scratch, `uploads-${Math.random().toString(16).slice(2)}`))],
  ['S3 bucket', () => s3Storage],
];

describe.each(kinds)('%s storage', (_kind, open) => {
  it('stores a prepared file (moving it), reads it back byte for byte, lists it with its time, removes it', async () => {
    const storage = open();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const from = prepared(bytes);
    const before = Date.now();
    await storage.put('contract_10x10.webp', from);
    expect(fs.existsSync(from), 'the prepared file was moved').toBe(false);
    expect(await readAll(storage, 'contract_10x10.webp')).toEqual(bytes);
    const listed = (await storage.list()).find((file) => file.name === 'contract_10x10.webp');
    expect(listed).toBeDefined();
    // S3 keeps whole seconds
    expect(listed!.modified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    await storage.remove('contract_10x10.webp');
    expect(await storage.read('contract_10x10.webp')).toBeNull();
    expect((await storage.list()).map((file) => file.name)).not.toContain('contract_10x10.webp');
  });

  it('reads a missing name as null and removes it without error', async () => {
    const storage = open();
    expect(await storage.read('never-stored_1x1.webp')).toBeNull();
    await expect(storage.remove('never-stored_1x1.webp')).resolves.toBeUndefined();
  });

  it('refuses unsafe names for every operation', async () => {
    const storage = open();
    for (const name of ['../escape.webp', 'a/b.webp', 'UPPER.webp', '.hidden', '', 'a..b.webp', 'x y.webp']) {
      await expect(storage.put(name, prepared('x')), name).rejects.toThrow(/^Unsafe storage name/);
      await expect(storage.read(name), name).rejects.toThrow(/^Unsafe storage name/);
      await expect(storage.remove(name), name).rejects.toThrow(/^Unsafe storage name/);
    }
  });

  it('lists more than one page (1000) of stored files', { timeout: 60_000 }, async () => {
    const storage = open();
    const names = Array.from({ length: 1010 }, (_, i) => `many${String(i).padStart(4, '0')}_1x1.webp`);
    // twenty at a time: the point is the listing, not the speed of storing
    for (let i = 0; i < names.length; i += 20) await Promise.all(names.slice(i, i + 20).map((name) => storage.put(name, prepared(name))));
    const listed = new Set((await storage.list()).map((file) => file.name));
    for (const name of names) expect(listed.has(name), name).toBe(true);
    for (let i = 0; i < names.length; i += 50) await Promise.all(names.slice(i, i + 50).map((name) => storage.remove(name)));
    const left = (await storage.list()).filter((file) => file.name.startsWith('many'));
    expect(left).toEqual([]);
  });
});

describe('S3 storage', () => {
  it('lists only names it could have stored: objects in "folders" are not its to judge (or sweep)', async () => {
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'backups/site.tar.gz', Body: 'someone else' }));
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'Notes.TXT', Body: 'someone else' }));
    const names = (await s3Storage.list()).map((file) => file.name);
    expect(names).not.toContain('backups/site.tar.gz');
    expect(names).not.toContain('Notes.TXT');
  });

  it('stores the content type and immutable caching with each object', async () => {
    await s3Storage.put('typed_2x2.avif', prepared('avif bytes'));
    const body = await s3Storage.read('typed_2x2.avif');
    expect(body?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    body!.stream.destroy();
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'typed_2x2.avif' }));
    expect(object.ContentType).toBe('image/avif');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
    await object.Body!.transformToByteArray();
  });
});
