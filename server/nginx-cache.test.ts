/**
 * docs/deploy.md's nginx proxy_cache configuration in front of the built server (both real processes
 * on loopback): the home page is served from the cache, ETag works through it, an admin edit shows
 * within the documented time, a draft stays out of the page, its JSON-LD, the list and the sitemap until it
 * is published, and nothing personal (a staff preview, an admin page, a signed-in
 * reply) is ever stored. Needs `npm run build` and Debian's nginx (CI installs nginx-light: .ci/run);
 * without nginx this test fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedKeys, documentedCacheConfig, freePort, startNginx, type NginxProcess } from './test/nginx-process';
import { prepareDataDir, sleep, startServer, type ServerProcess } from './test/server-process';
import { sampleFields } from './test/sample-records';
import { makeImage } from './test/test-images';
import { resources } from '../shared/resources';

/** Short, so the test sees an edit come through; the documented bound is the same sum. */
const SHARED_SECONDS = 2;
const STALE_SECONDS = 2;

describe('nginx proxy_cache in front of the server (docs/deploy.md)', () => {
  let dataDir: string;
  let server: ServerProcess;
  let nginx: NginxProcess;
  let cacheDir: string;
  let front: string;
  let token: string;

  beforeAll(async () => {
    dataDir = await prepareDataDir('nginx-cache-');
    server = await startServer({
      dataDir,
      env: { CACHE_SHARED_SECONDS: String(SHARED_SECONDS), CACHE_STALE_SECONDS: String(STALE_SECONDS), TRUST_PROXY: '1' },
    });
    token = await server.login();
    const port = await freePort();
    cacheDir = fs.mkdtempSync(path.join(dataDir, 'nginx-cache-'));
    nginx = await startNginx(documentedCacheConfig(server.base, port, cacheDir), port);
    front = `http://127.0.0.1:${port}`;
  }, 180_000);
  afterAll(async () => {
    await nginx?.stop();
    server?.child.kill('SIGTERM');
    await server?.exited;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(front + url, { headers: { 'accept-encoding': 'gzip', ...headers } }).then(async (reply) => ({
      status: reply.status,
      cache: reply.headers.get('x-cache-status'),
      etag: reply.headers.get('etag'),
      body: await reply.text(),
    }));

  it('serves the home page from the cache, and answers a conditional request with 304', async () => {
    const first = await get('/');
    expect(first.status).toBe(200);
    const second = await get('/');
    expect(second.cache).toBe('HIT');
    expect(second.body).toBe(first.body);
    const conditional = await get('/', { 'if-none-match': second.etag! });
    expect(conditional.status).toBe(304);
    expect(cachedKeys(cacheDir).some((key) => key.endsWith('/gzip'))).toBe(true);
  });

  it('shows an admin edit through the cache within CACHE_SHARED_SECONDS + CACHE_STALE_SECONDS', async () => {
    await get('/about');
    expect((await get('/about')).cache).toBe('HIT');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const current = (await (await fetch(`${front}/api/about-content`, { headers })).json()).data;
    const title = `Our story, edited ${Date.now()}`;
    const saved = await fetch(`${front}/api/about-content`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...current, main: { ...current.main, title } }),
    });
    expect(saved.status).toBe(200);
    const edited = Date.now();
    // visitors keep asking, as they would: each request after the page expires may start its refresh
    let seenAfter = -1;
    while (Date.now() - edited < (SHARED_SECONDS + STALE_SECONDS + 3) * 1000) {
      if ((await get('/about')).body.includes(title)) {
        seenAfter = Date.now() - edited;
        break;
      }
      await sleep(200);
    }
    expect(seenAfter).toBeGreaterThanOrEqual(0);
    expect(seenAfter).toBeLessThanOrEqual((SHARED_SECONDS + STALE_SECONDS) * 1000);
  });

  it('keeps a draft out of the page, its JSON-LD, the public list and the sitemap, through the cache, until it is published', async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]).join('\n');
    const projectsLastmod = async () =>
      /<loc>[^<]*\/project\/exterior<\/loc><lastmod>([^<]+)</.exec(await (await fetch(`${server.base}/sitemap.xml`)).text())?.[1];
    const title = `Draft tower ${Date.now()}`;
    const before = await get('/project/exterior');
    expect(jsonLd(before.body)).toContain('BreadcrumbList'); // the page carries JSON-LD, where a published project is listed
    const lastmodBefore = await projectsLastmod();

    const form = new FormData();
    for (const [name, value] of Object.entries({ ...sampleFields(resources.project, 'nginx'), title })) form.append(name, value);
    form.append('images', new Blob([new Uint8Array(await makeImage('jpeg', 320, 240))], { type: 'image/jpeg' }), 'tower.jpg');
    const drafted = await fetch(`${front}/api/project/drafts`, { method: 'POST', headers: bearer, body: form });
    expect(drafted.status).toBe(201);
    const id = ((await drafted.json()) as { data: { _id: string } }).data._id;

    // past every shared-cache window: whatever nginx holds now was fetched after the draft was saved
    await sleep((SHARED_SECONDS + STALE_SECONDS + 1) * 1000);
    for (let i = 0; i < 2; i++) {
      const page = await get('/project/exterior');
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(title);
      expect((await get('/api/project')).body).not.toContain(title);
    }
    expect(await projectsLastmod()).toBe(lastmodBefore);

    const published = await fetch(`${front}/api/project/${id}/publish`, { method: 'POST', headers: bearer });
    expect(published.status).toBe(200);
    const publishedAt = Date.now();
    let seenAfter = -1;
    while (Date.now() - publishedAt < (SHARED_SECONDS + STALE_SECONDS + 3) * 1000) {
      // the page's JSON-LD and the public list, each through its own cache entry
      const [page, list] = await Promise.all([get('/project/exterior'), get('/api/project')]);
      if (jsonLd(page.body).includes(title) && list.body.includes(title)) {
        seenAfter = Date.now() - publishedAt;
        break;
      }
      await sleep(200);
    }
    expect(seenAfter).toBeGreaterThanOrEqual(0);
    expect(seenAfter).toBeLessThanOrEqual((SHARED_SECONDS + STALE_SECONDS) * 1000);
    expect(await projectsLastmod()).not.toBe(lastmodBefore);
    await fetch(`${front}/api/project/${id}`, { method: 'DELETE', headers: bearer });
  });

  it("never stores a staff preview, a draft's preview link, an admin page or a signed-in reply", async () => {
    const login = await fetch(`${front}/api/admins/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'correct horse battery staple' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    // a draft's shareable preview link, opened without a session (docs/decisions/0043)
    const bearer = { authorization: `Bearer ${token}` };
    const form = new FormData();
    for (const [name, value] of Object.entries(sampleFields(resources.clients, 'nginx'))) form.append(name, value);
    form.append('image', new Blob([new Uint8Array(await makeImage('jpeg', 320, 240))], { type: 'image/jpeg' }), 'photo.jpg');
    const drafted = await fetch(`${front}/api/clients/drafts`, {
      method: 'POST',
      headers: { authorization: bearer.authorization },
      body: form,
    });
    expect(drafted.status).toBe(201);
    const client = ((await drafted.json()) as { data: { _id: string } }).data;
    const link = await fetch(`${front}/api/clients/${client._id}/preview-link`, {
      method: 'POST',
      headers: { authorization: bearer.authorization },
    });
    expect(link.status).toBe(200);
    const previewPath = new URL(((await link.json()) as { data: { url: string } }).data.url).pathname;
    expect((await get(previewPath)).status).toBe(200);
    const personal: { url: string; headers: Record<string, string> }[] = [
      { url: previewPath, headers: {} },
      { url: '/gallery?preview=00000000-0000-0000-0000-000000000000', headers: { cookie } },
      { url: '/admin/login', headers: {} },
      { url: '/admin', headers: { cookie } },
      { url: '/api/admins/me', headers: { cookie } },
      { url: '/api/admins/me', headers: { authorization: `Bearer ${token}` } },
      { url: '/api/gallery/manage', headers: { authorization: `Bearer ${token}` } },
    ];
    for (const { url, headers } of personal) {
      for (let i = 0; i < 2; i++) {
        const reply = await get(url, headers);
        expect(reply.status, url).toBeLessThan(500);
        expect(reply.cache, url).not.toBe('HIT');
      }
    }
    const keys = cachedKeys(cacheDir);
    expect(keys.length).toBeGreaterThan(0); // the public pages above are there
    for (const key of keys) expect(key).not.toMatch(/preview=|\/preview\/|\/admin|\/api\/admins|\/manage|\/login/);
    await fetch(`${front}/api/clients/${client._id}`, { method: 'DELETE', headers: bearer });
  });
});
