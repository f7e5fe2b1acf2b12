/**
 * Two built server processes on one PostgreSQL database and one bucket (s3rver) act as one site:
 * what is written on one shows on the other's cached API list and page within a second, images
 * are served by either, and lockout, rate limits and logouts count across both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../shared/api-messages';
import { resources } from '../shared/resources';
import { startS3Server, type S3TestServer } from './test/s3-server';
import { createScratchDatabase, msUntil, type ScratchDatabase } from './test/scratch-database';
import { sampleFields } from './test/sample-records';
import { SERVER_ADMIN, startServer, type ServerProcess } from './test/server-process';
import { makeImage } from './test/test-images';

let database: ScratchDatabase;
let s3: S3TestServer;
let first: ServerProcess;
let second: ServerProcess;
const dataDirs: string[] = [];

async function startInstance(): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-instance-'));
  dataDirs.push(dataDir);
  return startServer({ dataDir, env: { DATABASE_URL: database.url, ...s3.processEnv, CONTACT_RATE_LIMIT: '5' } });
}

beforeAll(async () => {
  database = await createScratchDatabase('multi');
  s3 = await startS3Server();
  // one after the other: both would otherwise race to create the tables
  first = await startInstance();
  second = await startInstance();
}, 120_000);

afterAll(async () => {
  for (const instance of [first, second]) {
    instance?.child.kill('SIGTERM');
    await instance?.exited;
  }
  await s3?.stop();
  await database?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const text = async (instance: ServerProcess, url: string) => (await fetch(instance.base + url)).text();
const login = (instance: ServerProcess, password: string) =>
  fetch(`${instance.base}/api/admins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SERVER_ADMIN.email, password }),
  });

describe('two instances on one database and one bucket', () => {
  it('a gallery item made on the first shows on the second within a second, its deletion on the second leaves no page, and deleted forever on the first no object in the bucket', async () => {
    const title = 'Carved teak doors for a Jayanagar home';
    // both pages and lists are cached before the write, so only an invalidation can show it
    expect(await text(second, '/gallery')).not.toContain(title);
    expect(await text(second, '/api/gallery')).not.toContain(title);
    expect(await text(first, '/gallery')).not.toContain(title);

    const token = await first.login();
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...sampleFields(resources.gallery), title })) form.append(name, value);
    form.append('images', new Blob([new Uint8Array(await makeImage('jpeg', 1200, 800))], { type: 'image/jpeg' }), 'doors.jpg');
    const created = await fetch(`${first.base}/api/gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(created.status).toBe(201);
    const record = ((await created.json()) as { data: { _id: string; images: { url: string }[] } }).data;
    const imageUrl = record.images[0].url;

    const seenInList = await msUntil(async () => (await text(second, '/api/gallery')).includes(title), 1000);
    const seenOnPage = await msUntil(async () => (await text(second, '/gallery')).includes(title), 1000);
    expect(Math.max(seenInList, seenOnPage)).toBeLessThan(1000);

    // the second serves the image from the bucket, byte for byte what the first stored
    const key = path.basename(imageUrl);
    expect(await s3.objectNames()).toContain(key);
    const served = await fetch(second.base + imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable, s-maxage=10, stale-while-revalidate=30');
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const fromBucket = Buffer.from(await object.Body!.transformToByteArray());
    expect(Buffer.from(await served.arrayBuffer()).equals(fromBucket)).toBe(true);

    expect(await text(first, '/gallery')).toContain(title);
    const removed = await fetch(`${second.base}/api/gallery/${record._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    expect(await msUntil(async () => !(await text(first, '/gallery')).includes(title), 1000)).toBeLessThan(1000);
    expect(await text(first, '/api/gallery')).not.toContain(title);
    // in the trash its images stay in the bucket; deleted forever (on the first), the media library still keeps them
    const stem = key.replace(/\.webp$/, '');
    expect((await s3.objectNames()).some((name) => name.startsWith(stem))).toBe(true);
    const auth = { authorization: `Bearer ${token}` };
    const forever = await fetch(`${first.base}/api/trash/gallery/${record._id}`, { method: 'DELETE', headers: auth });
    expect(forever.status).toBe(200);
    expect((await s3.objectNames()).some((name) => name.startsWith(stem))).toBe(true);
    // deleted from the library (on the second) and then forever there (on the first), they go
    const entries = (await (await fetch(`${second.base}/api/media?url=${encodeURIComponent(imageUrl)}`, { headers: auth })).json()) as {
      data: { items: { id: string }[] };
    };
    const [entry] = entries.data.items;
    expect((await fetch(`${second.base}/api/media/${entry.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    expect((await fetch(`${first.base}/api/trash/media/${entry.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    await msUntil(async () => !(await s3.objectNames()).some((name) => name.startsWith(stem)), 5000);
  });

  it('a logout on one instance is refused on the other', async () => {
    const token = await first.login();
    const me = (instance: ServerProcess) => fetch(`${instance.base}/api/admins/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(second)).status).toBe(200);
    const out = await fetch(`${first.base}/api/admins/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await me(second)).status).toBe(401);
    expect((await me(first)).status).toBe(401);
  });

  it('10 contact messages spread over both are limited at 5', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await fetch(`${(i % 2 ? second : first).base}/api/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Asha Rao', email: 'asha@example.com', number: '9876543210', message: `Site visit, try ${i}` }),
      });
      statuses.push(reply.status);
    }
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('6 wrong passwords spread over both lock the account on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? second : first, `wrong password ${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    for (const instance of [first, second]) {
      const right = await login(instance, SERVER_ADMIN.password);
      expect(right.status).toBe(429);
      expect(await right.json()).toEqual({ success: false, message: apiMessages.accountLocked });
    }
  });
});
