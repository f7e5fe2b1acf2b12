/** Image work is bounded across requests: one queue, refused at the door when full, jobs in order. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';
import { prepareImage } from './image-pipeline';
import { ImageQueue } from './image-queue';

let t: TestApp;
let token: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.env.dataDir, 'uploads');
const stored = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
const tmpEntries = () => (fs.existsSync(path.join(t.env.dataDir, 'tmp')) ? fs.readdirSync(path.join(t.env.dataDir, 'tmp')) : []);
const propertyCount = async () => (await t.app.inject('/api/property')).json().length as number;

async function upload(data: Buffer, title = 'Queued') {
  const body = multipart({ title }, [{ field: 'image', data }]);
  return t.app.inject({ method: 'POST', url: '/api/property', ...body, headers: { ...body.headers, authorization: `Bearer ${token}` } });
}

/** Sends an upload's headers only and waits for the answer: a refusal must come before any body byte. */
function headersOnlyUpload(): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/property',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=----never-sent',
        'content-length': String(4 * 1024 * 1024),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.setTimeout(5000, () => reject(new Error('no answer before the body was sent: the upload was not refused at the door')));
    request.flushHeaders();
  });
}

describe('image queue', () => {
  it('when full, an upload is answered 503 with Retry-After before its body is sent, and nothing is stored', async () => {
    const queue = t.services.content.images.queue;
    const existing = (await upload(await makeImage('jpeg', 640, 480), 'Before the rush')).json().data;
    await t.renditionsDone(); // its background renditions are not this test's files
    const places = Array.from({ length: queue.capacity }, () => queue.admit());
    expect(places.every(Boolean)).toBe(true);
    expect(queue.length).toBe(queue.capacity);
    const before = { files: stored(), count: await propertyCount() };
    try {
      const refused = await headersOnlyUpload();
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toEqual({ success: false, message: apiMessages.imagesBusy });
      // the whole request through the app, too
      const injected = await upload(await makeImage('jpeg', 640, 480));
      expect(injected.statusCode).toBe(503);
      expect(stored()).toEqual(before.files);
      expect(tmpEntries()).toEqual([]);
      expect(await propertyCount()).toBe(before.count);
      // a JSON write carries no image and needs no place
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/property/${existing._id}`,
        payload: { title: 'Renamed while busy' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    } finally {
      for (const place of places) place?.release();
    }
    expect(queue.length).toBe(0);
    expect((await upload(await makeImage('jpeg', 640, 480))).statusCode).toBe(201);
    expect(queue.length).toBe(0);
  });

  it('concurrent uploads within the capacity wait their turn and all succeed', async () => {
    const queue = t.services.content.images.queue;
    const images = await Promise.all(Array.from({ length: 4 }, (_, i) => makeImage('jpeg', 1200 + i * 10, 900)));
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, queue.jobs)), 5);
    const replies = await Promise.all(images.map((data, i) => upload(data, `Concurrent ${i}`)));
    clearInterval(watch);
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201]);
    expect(most).toBeGreaterThan(1); // they did queue up
    expect(queue.length).toBe(0);
    await t.renditionsDone(); // their background renditions pass through the queue too
    expect(queue.jobs).toBe(0);
  });

  it('runs queued image jobs in arrival order, never more than its concurrency at once, all succeeding', async () => {
    const queue = new ImageQueue({ concurrency: 1, waiting: 4 });
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-test-'));
    try {
      const sources = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const file = path.join(staging, `source-${i}.png`);
          await sharp({ create: { width: 900 + i, height: 600, channels: 3, background: '#468' } })
            .png()
            .toFile(file);
          return file;
        }),
      );
      const started: number[] = [];
      const finished: number[] = [];
      let running = 0;
      let most = 0;
      const results = await Promise.all(
        sources.map((source, i) =>
          queue.run(async () => {
            started.push(i);
            most = Math.max(most, ++running);
            try {
              return await prepareImage(source, path.join(staging, `out-${i}`), { maxPixels: 40_000_000 });
            } finally {
              running -= 1;
              finished.push(i);
            }
          }),
        ),
      );
      expect(started).toEqual([0, 1, 2, 3, 4]);
      expect(finished).toEqual([0, 1, 2, 3, 4]);
      expect(most).toBe(1);
      for (const [i, result] of results.entries()) {
        expect(result.url).toMatch(new RegExp(`_${900 + i}x600\\.webp$`));
        for (const file of result.files) expect(fs.statSync(file.path).size).toBeGreaterThan(0);
      }
      expect(queue.jobs).toBe(0);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  });

  it('runs a waiting request job before waiting background jobs, whatever their arrival', async () => {
    const queue = new ImageQueue({ concurrency: 1, waiting: 4 });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await Promise.all([
      queue.run(job('background 1'), 'background'),
      queue.run(job('background 2'), 'background'),
      queue.run(job('background 3'), 'background'),
      queue.run(job('request 1')),
      queue.run(job('request 2'), 'request'),
    ]);
    // the first background job was already running; the requests overtake the others
    expect(order).toEqual(['background 1', 'request 1', 'request 2', 'background 2', 'background 3']);
    expect(queue.jobs).toBe(0);
  });

  it('a failing job does not block the ones behind it', async () => {
    const queue = new ImageQueue({ concurrency: 1, waiting: 2 });
    const outcomes = await Promise.allSettled([
      queue.run(async () => 'first'),
      queue.run(async () => {
        throw new Error('broken image');
      }),
      queue.run(async () => 'third'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(queue.jobs).toBe(0);
  });
});

describe('image sides', () => {
  it('refuses an image that would stay taller than WebP allows (1×20000) with a 400, storing nothing', async () => {
    const tall = await sharp({ create: { width: 1, height: 20_000, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    await t.renditionsDone();
    const before = { files: stored(), count: await propertyCount() };
    const reply = await upload(tall);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ success: false, message: apiMessages.imageTooManyPixels, errors: [apiMessages.imageTooManyPixels] });
    expect(stored()).toEqual(before.files);
    expect(await propertyCount()).toBe(before.count);
    expect(tmpEntries()).toEqual([]);
  });

  it('accepts a very wide thin image (20000×1 becomes 1600×1)', async () => {
    const wide = await sharp({ create: { width: 20_000, height: 1, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const reply = await upload(wide);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.image).toMatch(/_1600x1\.webp$/);
  });

  it('accepts the tallest image WebP takes (1×16383)', async () => {
    const tallest = await sharp({ create: { width: 1, height: 16_383, channels: 3, background: '#33a' } })
      .png()
      .toBuffer();
    const reply = await upload(tallest);
    expect(reply.statusCode, reply.body).toBe(201);
  });
});
