/**
 * Several server processes on one PostgreSQL database share the rendition jobs: two apps on one
 * schema (and one storage, as two servers on one bucket) never hold the same job at once, and
 * between them make every rendition, each job finished once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhoto } from '../../scripts/realistic-photo';
import { allRenditionUrls } from '../../shared/image-urls';
import { imageJobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { multipart } from '../test/test-images';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp({}, undefined, { renditionWorker: false });
  second = await createTestApp({}, { dataDir: first.env.dataDir, schemaName: first.schemaName }, { renditionWorker: false });
});
afterAll(async () => {
  await second?.stop();
  await first?.close();
});

describe('one job table, two processes', () => {
  it('concurrent claims from both never return the same job, and together take every one', async () => {
    const ids = Array.from({ length: 40 }, () => crypto.randomUUID());
    await first.services.database.db
      .insert(imageJobs)
      .values(ids.map((id, i) => ({ id, imageUrl: `/uploads/claimtest${i}_100x100.webp`, source: `claimtest${i}_100x100.source` })));
    try {
      const claimer = async (app: TestApp) => {
        const taken: string[] = [];
        for (let job = await app.services.renditionJobs.claim(60_000); job; job = await app.services.renditionJobs.claim(60_000))
          taken.push(job.id);
        return taken;
      };
      const byApp = await Promise.all(
        [first, second].map(async (app) => (await Promise.all(Array.from({ length: 5 }, () => claimer(app)))).flat()),
      );
      const all = byApp.flat();
      expect(all.sort()).toEqual([...ids].sort());
      expect(new Set(all).size).toBe(ids.length);
      expect(
        byApp.every((taken) => taken.length > 0),
        'both processes took jobs',
      ).toBe(true);
    } finally {
      await first.services.database.db.delete(imageJobs).where(inArray(imageJobs.id, ids));
    }
  });

  it('two workers make every rendition, each job finished by exactly one of them', async () => {
    const token = await first.login();
    const urls: string[] = [];
    for (let i = 0; i < 6; i++) {
      const body = multipart({ title: `Shared ${i}` }, [{ field: 'image', data: await makePhoto(900 + i * 10, 600) }]);
      const reply = await first.app.inject({
        method: 'POST',
        url: '/api/property',
        ...body,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      urls.push(reply.json().data.image);
    }
    first.worker.start();
    second.worker.start();
    try {
      await Promise.all([first.renditionsDone(), second.renditionsDone()]);
    } finally {
      await Promise.all([first.worker.stop(), second.worker.stop()]);
    }
    expect(first.worker.jobsDone + second.worker.jobsDone).toBe(urls.length);
    const uploads = path.join(first.env.dataDir, 'uploads');
    for (const url of urls.flatMap(allRenditionUrls)) expect(fs.existsSync(path.join(uploads, path.basename(url))), url).toBe(true);
    expect(fs.readdirSync(uploads).filter((name) => name.endsWith('.source'))).toEqual([]);
  });
});
