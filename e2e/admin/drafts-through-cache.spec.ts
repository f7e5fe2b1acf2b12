/**
 * A draft seen through docs/deploy.md's nginx cache in front of the demo server (issue 25): a project saved as a
 * draft is not on the public page (its cards and its JSON-LD), the public list or the sitemap, even as nginx fetches
 * them anew; once staff press Publish in the admin, visitors see it through the cache within the shared-cache window
 * (CACHE_SHARED_SECONDS + CACHE_STALE_SECONDS, 10 s + 30 s by default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commonCopy, draftCopy, projectCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { cachedKeys, documentedCacheConfig, freePort, startNginx, type NginxProcess } from '../../server/test/nginx-process';
import { sampleFields } from '../../server/test/sample-records';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { SERVERS } from '../fixtures/servers';

const def = resources.project;
/** The demo server's defaults (server/env.ts): what nginx may keep, then serve while it fetches anew. */
const CACHE_WINDOW_MS = (10 + 30) * 1000;

let nginx: NginxProcess;
let cacheDir: string;
let front: string;

test.beforeAll(async () => {
  const port = await freePort();
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-nginx-cache-'));
  nginx = await startNginx(documentedCacheConfig(SERVERS.demo, port, cacheDir), port);
  front = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await nginx?.stop();
  if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
});

test('a draft project stays off the page, its JSON-LD, the list and the sitemap through the cache until Publish', async ({
  page,
  token,
}) => {
  test.setTimeout(120_000);
  const title = uniqueName('Cached tower');
  const headers = { authorization: `Bearer ${token}` };
  const jsonLd = async () => (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
  // the sitemap's time of the projects page: from the server itself, or through the cache
  const projectsLastmod = async (origin: string) =>
    /<loc>[^<]*\/project\/exterior<\/loc><lastmod>([^<]+)</.exec(await (await page.request.get(`${origin}/sitemap.xml`)).text())?.[1];
  const lastmodBefore = await projectsLastmod(SERVERS.demo);
  expect(await projectsLastmod(front)).toBe(lastmodBefore);

  const drafted = await page.request.post(`/api/${def.path}/drafts`, {
    headers,
    multipart: { ...sampleFields(def, 'cache'), title, category: 'Construction', images: await testImage() },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const id = ((await drafted.json()) as { data: { _id: string } }).data._id;

  try {
    // visitors through the cache: twice, so the second may be a HIT of what nginx stored after the draft was saved
    for (let i = 0; i < 2; i++) {
      const reply = await page.goto(`${front}/project/exterior`);
      expect(reply?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(title)).toHaveCount(0);
      expect(await jsonLd()).toContain('BreadcrumbList');
      expect(await jsonLd()).not.toContain(title);
      expect(await (await page.request.get(`${front}/api/${def.path}`)).text()).not.toContain(title);
    }
    expect(await projectsLastmod(SERVERS.demo)).toBe(lastmodBefore);

    // staff publish it in the admin (on the server itself, as staff never go through the public cache)
    await openScreen(page, def.admin.path, projectCopy.title);
    await page.getByLabel(commonCopy.search).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(draftCopy.states.draft, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
    await page.getByRole('button', { name: draftCopy.publish, exact: true }).click();
    await expect(page.getByText(draftCopy.published(title), { exact: true })).toBeVisible();
    const publishedAt = Date.now();

    // visitors keep coming: within the window a request starts nginx's refresh, and a later one sees the project
    await expect(async () => {
      await page.goto(`${front}/project/exterior`);
      await expect(page.getByText(title).first()).toBeVisible({ timeout: 500 });
      expect(await jsonLd()).toContain(title);
      expect(await (await page.request.get(`${front}/api/${def.path}`)).text()).toContain(title);
      expect(await projectsLastmod(front)).not.toBe(lastmodBefore);
    }).toPass({ timeout: CACHE_WINDOW_MS + 5000, intervals: [500] });
    expect(Date.now() - publishedAt).toBeLessThanOrEqual(CACHE_WINDOW_MS + 1000);
    // nothing of the admin went into the shared cache on the way
    for (const key of cachedKeys(cacheDir)) expect(key).not.toMatch(/\/admin|\/api\/admins|\/drafts|\/manage/);
  } finally {
    await page.request.delete(`/api/${def.path}/${id}`, { headers });
    await page.request.delete(`/api/trash/${def.path}/${id}`, { headers });
  }
});
