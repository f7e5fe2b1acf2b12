/**
 * Scheduled publishing through the real app (docs/decisions/0042), on PGlite and on PostgreSQL: a publish and an
 * unpublish done at their time by the job queue, exactly once while two instances race for the job (PostgreSQL: two
 * apps on one database; PGlite: two workers of one process), with one activity entry naming who scheduled it; the
 * draft published is the one of the due time; change, clear, delete the item; a restart across the due time; the
 * About content's draft at a time; bad input changes nothing; visitors 401, other areas 403, Editors may.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from '../../shared/about-content';
import { apiMessages } from '../../shared/api-messages';
import { draftMessages } from '../../shared/drafts';
import { resources } from '../../shared/resources';
import { scheduleMessages, type UpcomingSchedule } from '../../shared/schedules';
import { zoneDateTime } from '../../shared/site-time';
import type { JobRow } from '../jobs/job-queue';
import type { JobWorker } from '../jobs/job-worker';
import { sampleFields } from '../test/sample-records';
import { editorToken, EDITOR, salesToken } from '../test/step-up';
import { createTestApp, usingPostgres, type TestApp } from '../test/test-app';
import { makeImage, multipart } from '../test/test-images';
import { contentScheduleJob, contentSchedules } from './content-schedule.job';

const ZONE = 'Asia/Kolkata';
const def = resources.clients;
const base = `/api/${def.path}`;
/** Short polls: a due schedule is taken within a fraction of a second, not within the production 5 s. */
const POLL = { renditionWorker: false as const, jobPollMs: 100 };

let t: TestApp;
let second: TestApp | null = null;
let extraWorker: JobWorker<JobRow> | null = null;
let token: string;
let editor: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ siteTimeZone: ZONE }, undefined, POLL);
  if (usingPostgres()) {
    // a second instance on the same database, with its own workers racing the first's
    second = await createTestApp({ siteTimeZone: ZONE }, { dataDir: t.env.dataDir, schemaName: t.schemaName }, POLL);
  } else {
    // PGlite is one process's: a second schedule worker in it races the first
    extraWorker = contentScheduleJob.createWorker(t.services, t.app.log, { pollMs: 100 });
    extraWorker?.start();
  }
  token = await t.login();
  editor = await editorToken(t.app, token);
  jpeg = await makeImage('jpeg', 320, 240);
}, 60_000);

afterAll(async () => {
  await extraWorker?.stop();
  await second?.stop();
  await t?.close();
});

type Managed = {
  _id: string;
  description: string;
  state: string;
  published: boolean;
  schedule: { publishAt: string | null; unpublishAt: string | null } | null;
};
const auth = (bearer: string | null = token) => (bearer ? { authorization: `Bearer ${bearer}` } : {});
const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A moment as staff type it: the site's clock, no offset ("2026-12-01T09:00:05"). */
const siteClock = (date: Date) => zoneDateTime(date, ZONE).replace(' ', 'T');
const inMs = (ms: number) => new Date(Date.now() + ms);

async function createDraft(app: TestApp, description: string, bearer = token): Promise<string> {
  const body = multipart({ ...sampleFields(def, 'schedules'), description }, [{ field: 'image', data: jpeg }]);
  const reply = await app.app.inject({ method: 'POST', url: `${base}/drafts`, ...body, headers: { ...body.headers, ...auth(bearer) } });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data._id as string;
}

const schedule = (id: string, body: object, bearer: string | null = token, app = t) =>
  app.app.inject({ method: 'PUT', url: `${base}/${id}/schedule`, headers: auth(bearer), payload: body });

async function managed(id: string, app = t): Promise<Managed> {
  const list = (await app.app.inject({ method: 'GET', url: `${base}/manage`, headers: auth() })).json() as Managed[];
  const found = list.find((record) => record._id === id);
  expect(found).toBeDefined();
  return found!;
}

const publicDescriptions = async (app: TestApp = t) =>
  ((await app.app.inject({ method: 'GET', url: base })).json() as { description: string }[]).map((record) => record.description);

/** Waits for `check` to hold, polling; the time it took. */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

type Entry = {
  kind: string;
  actor: { email: string | null } | null;
  target: { id: string | null } | null;
  details: Record<string, unknown>;
};
async function activity(id: string | null, kind: string, app = t, bearer = token): Promise<Entry[]> {
  const entries = (await app.app.inject({ method: 'GET', url: '/api/activity?limit=200', headers: auth(bearer) })).json().data
    .entries as Entry[];
  return entries.filter((entry) => entry.kind === kind && (id === null || entry.target?.id === id));
}

const scheduleRows = (id: string) =>
  t.services.database.db
    .select()
    .from(contentSchedules)
    .then((rows) => rows.filter((row) => row.itemId === id));

describe('scheduled publishing of content items', () => {
  it('publishes a draft at its time, once while two instances race, as the draft is then, with one activity entry naming who scheduled it', async () => {
    const first = unique('Scheduled story');
    const id = await createDraft(t, first);
    const due = inMs(2_000);
    const set = await schedule(id, { publishAt: siteClock(due), unpublishAt: null }, editor);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(scheduleMessages.saved);
    // read in SITE_TIMEZONE: the instant, to the second, whatever the test machine's zone
    expect(set.json().data.publishAt).toBe(new Date(Math.floor(due.getTime() / 1000) * 1000).toISOString());
    const listed = await managed(id);
    expect(listed.state).toBe('scheduled');
    expect(listed.schedule).toEqual({ publishAt: set.json().data.publishAt, unpublishAt: null });
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/schedules', headers: auth(editor) })).json()
      .data as UpcomingSchedule[];
    expect(upcoming).toContainEqual(expect.objectContaining({ resource: 'clients', itemId: id, action: 'publish', noun: def.noun }));
    expect((await activity(id, 'content.scheduled')).map((entry) => entry.actor?.email)).toEqual([EDITOR.email]);

    // a draft saved after scheduling is what goes live
    const latest = unique('Scheduled story, last edit');
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base}/${id}/draft`, headers: auth(), payload: { description: latest } })).statusCode,
    ).toBe(200);
    expect(await publicDescriptions()).not.toContain(latest);

    await waitFor(async () => (await publicDescriptions(second ?? t)).includes(latest), 10_000);
    const late = Date.now() - due.getTime();
    expect(late).toBeLessThan(60_000);
    const published = await activity(id, 'content.published');
    expect(published).toHaveLength(1);
    expect(published[0].actor?.email).toBe(EDITOR.email);
    expect(published[0].details).toMatchObject({ scheduled: true });
    // the racing workers had the chance to do it again: still once
    await sleep(500);
    expect(await activity(id, 'content.published')).toHaveLength(1);
    expect(await scheduleRows(id)).toEqual([]);
    const after = await managed(id);
    expect(after).toMatchObject({ state: 'published', published: true, schedule: null, description: latest });
  });

  it('unpublishes a published item at its time', async () => {
    const words = unique('Leaving at noon');
    const id = await createDraft(t, words);
    expect((await t.app.inject({ method: 'POST', url: `${base}/${id}/publish`, headers: auth() })).statusCode).toBe(200);
    expect(await publicDescriptions()).toContain(words);
    expect((await schedule(id, { publishAt: null, unpublishAt: inMs(1_500).toISOString() })).statusCode).toBe(200);
    expect((await managed(id)).state).toBe('scheduled');
    await waitFor(async () => !(await publicDescriptions()).includes(words), 10_000);
    expect(await managed(id)).toMatchObject({ state: 'draft', published: false, schedule: null });
    expect(await activity(id, 'content.unpublished')).toHaveLength(1);
  });

  it('records in the activity log a due publish the publish path refuses, and why', async () => {
    const words = unique('Published, then redrafted');
    const id = await createDraft(t, words);
    expect((await t.app.inject({ method: 'POST', url: `${base}/${id}/publish`, headers: auth() })).statusCode).toBe(200);
    const draft = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}/draft`,
      headers: auth(),
      payload: { description: `${words}, next` },
    });
    expect(draft.statusCode).toBe(200);
    expect((await schedule(id, { publishAt: inMs(1_500).toISOString(), unpublishAt: null }, editor)).statusCode).toBe(200);
    // the draft goes before the time: at the time there is nothing to publish
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${id}/draft`, headers: auth() })).statusCode).toBe(200);
    await waitFor(async () => (await activity(id, 'content.schedule-refused')).length > 0, 10_000);
    const [refused] = await activity(id, 'content.schedule-refused');
    expect(refused.actor?.email).toBe(EDITOR.email);
    expect(refused.details).toMatchObject({ action: 'publish', reason: draftMessages.nothingToPublish(def.noun) });
    expect(await activity(id, 'content.published')).toHaveLength(1); // the one by hand
    expect(await scheduleRows(id)).toEqual([]);
    expect(await managed(id)).toMatchObject({ state: 'published', schedule: null });
  });

  it('changes and clears a schedule, and deleting the item cancels it', async () => {
    const id = await createDraft(t, unique('Later story'));
    const inAnHour = inMs(3_600_000);
    expect((await schedule(id, { publishAt: inAnHour.toISOString(), unpublishAt: inMs(7_200_000).toISOString() })).statusCode).toBe(200);
    const moved = inMs(5_400_000);
    const changed = await schedule(id, { publishAt: moved.toISOString(), unpublishAt: null });
    expect(changed.json().data).toEqual({ publishAt: moved.toISOString(), unpublishAt: null });
    expect((await scheduleRows(id)).map((row) => [row.action, row.dueAt.toISOString()])).toEqual([['publish', moved.toISOString()]]);
    expect((await activity(id, 'content.scheduled')).length).toBe(2);

    const cleared = await schedule(id, { publishAt: null, unpublishAt: null });
    expect(cleared.json()).toMatchObject({ message: scheduleMessages.cleared, data: { publishAt: null, unpublishAt: null } });
    expect(await managed(id)).toMatchObject({ state: 'draft', schedule: null });

    expect((await schedule(id, { publishAt: inAnHour.toISOString(), unpublishAt: null })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: auth() })).statusCode).toBe(200);
    expect(await scheduleRows(id)).toEqual([]);
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/schedules', headers: auth() })).json().data as UpcomingSchedule[];
    expect(upcoming.map((entry) => entry.itemId)).not.toContain(id);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const id = await createDraft(t, unique('Refused schedule'));
    const before = await activity(id, 'content.scheduled');
    const cases: [object, number, string][] = [
      [{ publishAt: 'next Monday at 9', unpublishAt: null }, 400, scheduleMessages.badTime('Publish at')],
      [{ publishAt: '2026-02-31T09:00', unpublishAt: null }, 400, scheduleMessages.badTime('Publish at')],
      [{ publishAt: 20261201, unpublishAt: null }, 400, scheduleMessages.badTime('Publish at')],
      [{ publishAt: '2020-01-01T09:00', unpublishAt: null }, 400, scheduleMessages.inThePast('Publish at')],
      [
        { publishAt: inMs(7_200_000).toISOString(), unpublishAt: inMs(3_600_000).toISOString() },
        400,
        scheduleMessages.unpublishBeforePublish,
      ],
      [{ publishAt: null, unpublishAt: inMs(3_600_000).toISOString() }, 400, scheduleMessages.nothingToUnpublish(def.noun)],
      [{ unpublishAt: null }, 400, scheduleMessages.badTime('Publish at')],
    ];
    for (const [body, status, message] of cases) {
      const reply = await schedule(id, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(reply.json()).toEqual({ success: false, message });
    }
    const unknown = await schedule(crypto.randomUUID(), { publishAt: inMs(3_600_000).toISOString(), unpublishAt: null });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(apiMessages.recordNotFound(def.noun));
    expect((await schedule('not-a-uuid', { publishAt: inMs(3_600_000).toISOString(), unpublishAt: null })).statusCode).toBe(400);
    expect(await managed(id)).toMatchObject({ state: 'draft', schedule: null });
    expect(await scheduleRows(id)).toEqual([]);
    expect(await activity(id, 'content.scheduled')).toEqual(before);
  });

  it('refuses visitors (401) and accounts without the content area (403)', async () => {
    const id = await createDraft(t, unique('Guarded schedule'));
    const body = { publishAt: inMs(3_600_000).toISOString(), unpublishAt: null };
    expect((await schedule(id, body, null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/schedules' })).statusCode).toBe(401);
    const sales = await salesToken(t.app, token, 'sales-schedules@example.com');
    expect((await schedule(id, body, sales)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/schedules', headers: auth(sales) })).statusCode).toBe(403);
    expect(await scheduleRows(id)).toEqual([]);
  });

  it('publishes the About content’s draft at its time', async () => {
    const title = unique('About, scheduled');
    const draft = { ...DEFAULT_ABOUT_CONTENT, hero: { ...DEFAULT_ABOUT_CONTENT.hero, title } };
    // no draft yet: nothing to schedule
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/about-content/schedule',
      headers: auth(),
      payload: { publishAt: inMs(3_600_000).toISOString() },
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/about-content/draft', headers: auth(), payload: draft })).statusCode).toBe(200);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/about-content/schedule',
      headers: auth(editor),
      payload: { publishAt: siteClock(inMs(1_500)) },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/about-content/schedule', headers: auth() })).json().data.publishAt).toBe(
      set.json().data.publishAt,
    );
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/schedules', headers: auth() })).json().data as UpcomingSchedule[];
    expect(upcoming).toContainEqual(expect.objectContaining({ resource: 'about', itemId: null, action: 'publish' }));
    const liveTitle = async () => (await t.app.inject({ method: 'GET', url: '/api/about-content' })).json().data.hero.title as string;
    await waitFor(async () => (await liveTitle()) === title, 10_000);
    const entries = (await activity(null, 'about.updated')).filter((entry) => entry.details.scheduled === true);
    expect(entries).toHaveLength(1);
    expect(entries[0].actor?.email).toBe(EDITOR.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/about-content/schedule', headers: auth() })).json().data.publishAt).toBeNull();
  });
});

describe('a restart across the due time', () => {
  it('publishes on the next start what fell due while the server was stopped', async () => {
    let app = await createTestApp({ siteTimeZone: ZONE }, undefined, POLL);
    try {
      let admin = await app.login();
      const words = unique('Due while stopped');
      const id = await createDraft(app, words, admin);
      const due = inMs(1_000);
      expect((await schedule(id, { publishAt: due.toISOString(), unpublishAt: null }, admin, app)).statusCode).toBe(200);
      await app.stop();
      // stopped across the due time
      await sleep(Math.max(0, due.getTime() - Date.now()) + 500);
      app = await app.restart();
      admin = await app.login();
      const took = await waitFor(async () => (await publicDescriptions(app)).includes(words), 10_000);
      expect(took).toBeLessThan(5_000);
      expect(await activity(id, 'content.published', app, admin)).toHaveLength(1);
    } finally {
      await app.close();
    }
  }, 60_000);
});
