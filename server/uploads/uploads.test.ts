/** Uploads: only real raster images within the limits are stored, re-encoded without metadata, served safely. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { allRenditionUrls } from '../../shared/image-urls';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart, type FilePart } from '../test/test-images';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ maxImageBytes: 1024 * 1024, maxImagePixels: 10_000_000 });
  token = await t.login();
});
afterAll(() => t.close());

const uploads = () => {
  const dir = path.join(t.env.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const tmpFiles = () => {
  const dir = path.join(t.env.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Rewrites a PNG's IHDR size (with a valid checksum), as a pixel-flood file does. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

async function createProperty(file: FilePart) {
  const body = multipart({ title: 'Upload test' }, [file]);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/property',
    ...body,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  return { status: reply.statusCode, json: reply.json() };
}
const propertyCount = async () => (await t.app.inject('/api/property')).json().length;

describe('image uploads', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('accepts %s', async (format) => {
    const { status, json } = await createProperty({
      field: 'image',
      data: await makeImage(format, 500, 400),
      contentType: 'application/octet-stream',
    });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.data.image).toMatch(/_500x400\.webp$/);
  });

  it.each([
    ['a text file named .jpg', Buffer.from('hello, this is not an image')],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG (vector, may carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
  ])('refuses %s and stores nothing', async (_name, data) => {
    await t.renditionsDone(); // the background renditions of earlier saves are not this write's files
    const before = { uploads: uploads().length, count: await propertyCount() };
    const { status, json } = await createProperty({ field: 'image', data, contentType: 'image/jpeg' });
    expect(status).toBe(400);
    expect(json.message).toBe(apiMessages.notAnImage);
    expect(uploads()).toHaveLength(before.uploads);
    expect(await propertyCount()).toBe(before.count);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a truncated image', async () => {
    const full = await makeImage('jpeg', 800, 600);
    const { status } = await createProperty({ field: 'image', data: full.subarray(0, Math.floor(full.length / 2)) });
    expect(status).toBe(400);
  });

  it('refuses a file over the byte limit with the size message', async () => {
    await t.renditionsDone();
    const before = uploads().length;
    const big = Buffer.concat([await makeImage('png', 64, 64), Buffer.alloc(1024 * 1024 + 10)]);
    const { status, json } = await createProperty({ field: 'image', data: big, contentType: 'image/png' });
    expect(status).toBe(413);
    expect(json.message).toBe('Image size must be less than 1MB');
    expect(uploads()).toHaveLength(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a pixel flood quickly, before decoding', async () => {
    // a small PNG whose header claims 20000×20000: it would decode to 1.2 GB
    const flood = withPngSize(await makeImage('png', 16, 16), 20_000, 20_000);
    const started = Date.now();
    const { status, json } = await createProperty({ field: 'image', data: flood, contentType: 'image/png' });
    expect(status).toBe(400);
    expect(json.message).toBe(apiMessages.imageTooManyPixels);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('strips metadata (EXIF, GPS) from every rendition and applies the orientation', async () => {
    const withExif = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#a33' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'Someone' } } })
      .toBuffer();
    const { json } = await createProperty({ field: 'image', data: withExif });
    // orientation 6 turns 600×300 into a portrait 300×600
    expect(json.data.image).toMatch(/_300x600\.webp$/);
    await t.renditionsDone();
    for (const url of allRenditionUrls(json.data.image)) {
      const stored = fs.readFileSync(path.join(t.env.dataDir, 'uploads', path.basename(url)));
      const meta = await sharp(stored).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(stored.includes(Buffer.from('secret-owner')), url).toBe(false);
    }
  });

  it('serves renditions with immutable caching, nosniff and the right type; nothing else', async () => {
    const { json } = await createProperty({ field: 'image', data: await makeImage('jpeg', 700, 500) });
    const webp = await t.app.inject(json.data.image);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable, s-maxage=10, stale-while-revalidate=30');
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    expect(webp.headers['content-security-policy']).toContain("default-src 'none'");
    await t.renditionsDone();
    const avif = await t.app.inject(json.data.image.replace('.webp', '-640.avif'));
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    const source = json.data.image.replace('.webp', '.source');
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/x.html',
      '/uploads/',
      '/uploads/missing_1x1.webp',
      '/uploads/a/b.webp',
      source,
    ]) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json(), url).toEqual({ success: false, message: apiMessages.notFound });
    }
  });
});
