/**
 * A crash in the middle of background renditions loses nothing: the built server is killed (SIGKILL)
 * while its worker is making an image's renditions, then started again; the job it held is taken up
 * (at once on the embedded database, after its lease on PostgreSQL) and every rendition is made, whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../scripts/realistic-photo';
import { allRenditionUrls } from '../../shared/image-urls';
import { sleep, startServer } from '../test/server-process';
import { serverTestPlace } from '../test/server-test-place';
import { DEFAULT_RENDITION_WORKER } from './rendition-worker';

const place = serverTestPlace('renditions');

const uploads = () => path.join(place.dataDir, 'uploads');
const isStored = (name: string) => fs.existsSync(path.join(uploads(), name));
const names = (url: string) => allRenditionUrls(url).map((rendition) => path.basename(rendition));
const sourceOf = (url: string) => path.basename(url).replace('.webp', '.source');

describe('SIGKILL while renditions are being made', () => {
  it('the next start finishes every rendition of every image', { timeout: 120_000 }, async () => {
    const photos = await Promise.all([makePhoto(2000, 1500), makePhoto(1900, 1400)]);
    let server = await startServer({ dataDir: place.dataDir, env: place.env(), readyTimeoutMs: 30_000 });
    const urls: string[] = [];
    try {
      const token = await server.login();
      fs.mkdirSync(uploads(), { recursive: true });
      // the kill comes as the worker stores its first background rendition
      const firstRendition = new Promise<void>((resolve) => {
        const watcher = fs.watch(uploads(), (_event, name) => {
          if (!name || !/-\d+\.(avif|webp)$/.test(name)) return;
          server.child.kill('SIGKILL');
          watcher.close();
          resolve();
        });
      });
      for (const [i, photo] of photos.entries()) {
        const form = new FormData();
        form.append('title', `Restart ${i}`);
        form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
        const reply = await fetch(`${server.base}/api/property`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => null);
        if (reply?.status === 201) urls.push(((await reply.json()) as { data: { image: string } }).data.image);
      }
      await firstRendition;
      await server.exited;
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    expect(urls.length, 'at least one save was answered before the kill').toBeGreaterThan(0);
    const missing = () => urls.flatMap(names).filter((name) => !isStored(name));
    expect(missing().length, 'the kill came before the renditions were all made').toBeGreaterThan(0);
    for (const url of urls) expect(isStored(sourceOf(url)), 'the source waits for the next start').toBe(true);

    const restarted = Date.now();
    server = await startServer({ dataDir: place.dataDir, env: place.env(), readyTimeoutMs: 30_000 });
    try {
      // on PostgreSQL the dead process's claim holds until its lease is over
      const deadline = restarted + DEFAULT_RENDITION_WORKER.leaseMs + 30_000;
      while (missing().length > 0 || urls.some((url) => isStored(sourceOf(url)))) {
        if (Date.now() > deadline)
          throw new Error(`renditions still missing after the restart: ${missing().join(', ')}\n${server.output()}`);
        await sleep(100);
      }
      for (const name of urls.flatMap(names)) {
        const meta = await sharp(path.join(uploads(), name)).metadata();
        expect(meta.width, name).toBeGreaterThan(0);
        expect(meta.exif, name).toBeUndefined();
      }
      for (const name of urls.flatMap(names)) expect((await fetch(`${server.base}/uploads/${name}`)).status, name).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
