/**
 * Scheduled publishing with several instances on PostgreSQL (issue 25, docs/decisions/0042), through the browser:
 * staff set Publish at one minute ahead in the editor on one instance of a pair sharing a database; at the time the
 * item is on the other instance's public page, published once (one activity entry), at most 60 s late. Beside it,
 * on a second database, the same schedule is set on a pair that is stopped across the due time and started after:
 * the item is published once, as soon as they are back. Each pair keeps its images in a bucket of its own (s3rver). Needs the built server and TEST_DATABASE_URL (as the API
 * tests' PostgreSQL pass: CI sets it; without it, and outside CI, this spec is left out).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { commonCopy, draftCopy, scheduleCopy, screenCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { zoneDateTime, DEFAULT_SITE_TIMEZONE } from '../../shared/site-time';
import { freePort } from '../../server/test/nginx-process';
import { startS3Server, type S3TestServer } from '../../server/test/s3-server';
import { createScratchDatabase, type ScratchDatabase } from '../../server/test/scratch-database';
import { sampleFields } from '../../server/test/sample-records';
import { SERVER_ADMIN, sleep, startServer, type ServerProcess } from '../../server/test/server-process';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { expect, test } from '../fixtures/test';

const def = resources['team-members'];
const copy = screenCopy.team;
const AHEAD_MS = 60_000;
const MAX_LATE_MS = 60_000;

test.skip(!process.env.TEST_DATABASE_URL && !process.env.CI, 'TEST_DATABASE_URL is not set (CI sets it)');

/** Two instances of the built server on one scratch database and one bucket, as several instances are run (DESIGN.md). */
class Pair {
  readonly instances: ServerProcess[] = [];
  private readonly dataDirs: string[] = [];
  private constructor(
    readonly database: ScratchDatabase,
    readonly bucket: S3TestServer,
  ) {}

  static async start(prefix: string): Promise<Pair> {
    const pair = new Pair(await createScratchDatabase(prefix), await startS3Server());
    // one after the other: both would otherwise race to create the tables
    for (let i = 0; i < 2; i++) pair.instances.push(await pair.startOne());
    return pair;
  }

  private async startOne(): Promise<ServerProcess> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-schedule-'));
    this.dataDirs.push(dataDir);
    // a port known before the start, so PUBLIC_URL is the origin the browser's writes come from (the origin rule)
    const port = await freePort();
    return startServer({
      dataDir,
      env: { DATABASE_URL: this.database.url, ...this.bucket.processEnv, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
  }

  async stop() {
    const running = this.instances.splice(0);
    for (const instance of running) instance.child.kill('SIGTERM');
    await Promise.all(running.map((instance) => instance.exited));
  }

  /** Both back at once: they race for the due job as they start. */
  async restart() {
    this.instances.push(...(await Promise.all([this.startOne(), this.startOne()])));
  }

  async close() {
    await this.stop();
    await this.database.drop();
    await this.bucket.stop();
    for (const dir of this.dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A never-published team member on `origin`, made through the API. */
async function draftMember(page: Page, origin: string, token: string, name: string): Promise<string> {
  const added = await page.request.post(`${origin}/api/${def.path}/drafts`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { ...sampleFields(def, 'scheduled'), name, image: await testImage() },
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { data: { _id: string } }).data._id;
}

/** Sets Publish at in the editor on `origin` (signed in by the page's cookie), on the site's clock. */
async function scheduleInEditor(page: Page, origin: string, name: string, due: Date) {
  await page.goto(`${origin}${def.admin.path}`);
  await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('button', { name: `${commonCopy.edit} ${name}` }).click();
  const publishAt = page.getByLabel(scheduleCopy.publishAt, { exact: true });
  await publishAt.fill(zoneDateTime(due, DEFAULT_SITE_TIMEZONE).replace(' ', 'T'));
  await page.getByRole('button', { name: scheduleCopy.save, exact: true }).click();
  await expect(page.getByText(scheduleCopy.saved(name), { exact: true })).toBeVisible();
  await expect(card.getByText(draftCopy.states.draft, { exact: true })).toHaveCount(0);
}

const onAboutPage = async (page: Page, origin: string, name: string) =>
  (await (await page.request.get(`${origin}/about`)).text()).includes(name);

/** The activity log's entries of that kind for the item. */
async function activityOf(page: Page, origin: string, token: string, id: string, kind: string) {
  const reply = await page.request.get(`${origin}/api/activity?limit=200`, { headers: { authorization: `Bearer ${token}` } });
  const entries = ((await reply.json()) as { data: { entries: { kind: string; target?: { id?: string } }[] } }).data.entries;
  return entries.filter((entry) => entry.kind === kind && entry.target?.id === id);
}

async function signIn(page: Page, origin: string): Promise<string> {
  // the page's request context shares the browser's cookies: this signs the browser in too
  const reply = await page.request.post(`${origin}/api/admins/login`, { data: SERVER_ADMIN });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { token: string }).token;
}

test('publish at a minute ahead: once by two instances on PostgreSQL, and once by a pair stopped across the time', async ({ page }) => {
  test.setTimeout(300_000);
  const [running, stopped] = await Promise.all([Pair.start('e2e_sched_run'), Pair.start('e2e_sched_stop')]);
  try {
    const [first, second] = running.instances;
    const [third] = stopped.instances;
    const name = uniqueName('On time');
    const nameAfterStop = uniqueName('After the stop');
    const due = new Date(Math.ceil((Date.now() + AHEAD_MS) / 1000) * 1000);
    // one host, two sites: a browser keeps one session cookie per host, so each is signed in to just before use
    const runningToken = await signIn(page, first.base);
    const runningId = await draftMember(page, first.base, runningToken, name);
    await scheduleInEditor(page, first.base, name, due);
    const stoppedToken = await signIn(page, third.base);
    const stoppedId = await draftMember(page, third.base, stoppedToken, nameAfterStop);
    await scheduleInEditor(page, third.base, nameAfterStop, due);
    expect(await onAboutPage(page, second.base, name)).toBe(false);
    await stopped.stop();

    // the running pair: the other instance's page shows it once due, at most 60 s late
    await expect.poll(() => onAboutPage(page, second.base, name), { timeout: AHEAD_MS + MAX_LATE_MS, intervals: [1_000] }).toBe(true);
    expect(Date.now() - due.getTime()).toBeLessThan(MAX_LATE_MS);
    // both workers had their chance at the job: still one publish
    await sleep(6_000);
    expect(await activityOf(page, second.base, runningToken, runningId, 'content.published')).toHaveLength(1);

    // the stopped pair, started after the due time: published once as soon as they are back
    await sleep(Math.max(0, due.getTime() + 2_000 - Date.now()));
    await stopped.restart();
    const back = Date.now();
    const [fourth, fifth] = stopped.instances;
    const backToken = await signIn(page, fourth.base);
    await expect.poll(() => onAboutPage(page, fifth.base, nameAfterStop), { timeout: MAX_LATE_MS, intervals: [500] }).toBe(true);
    expect(Date.now() - back).toBeLessThan(MAX_LATE_MS);
    await sleep(6_000);
    expect(await activityOf(page, fourth.base, backToken, stoppedId, 'content.published')).toHaveLength(1);
  } finally {
    await Promise.all([running.close(), stopped.close()]);
  }
});
