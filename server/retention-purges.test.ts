/**
 * The daily purge's bookkeeping retention (issue 26): follow-up reminder rows go 30 days after their day, per-day
 * visit counts and daily visitors 25 months after theirs (days in SITE_TIMEZONE); younger rows stay, and a second
 * run (another instance) removes nothing more.
 */
import crypto from 'node:crypto';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpReminders } from './contact/follow-up-reminder.job';
import { admins, dailyVisitors, visitCounts } from './db/schema';
import { createTestApp, type TestApp } from './test/test-app';
import { purgeOldVisits } from './visits/visit-retention';

// 10:00 on 15 March 2027 in Asia/Kolkata (the default SITE_TIMEZONE); 04:30 UTC
const NOW = new Date('2027-03-15T04:30:00Z');
const TIME_ZONE = 'Asia/Kolkata';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { renditionWorker: false });
});
afterAll(async () => {
  await t?.close();
});

describe('the daily purge of bookkeeping', () => {
  it('removes follow-up reminder rows of days more than 30 days ago, and only those', async () => {
    const db = t.services.database.db;
    const [owner] = await db.select({ id: admins.id }).from(admins).limit(1);
    const days = ['2027-02-12', '2027-02-13', '2027-02-14', '2027-03-15'];
    await db
      .insert(followUpReminders)
      .values(days.map((day) => ({ id: crypto.randomUUID(), day, ownerId: owner.id, mailedAt: NOW, doneAt: NOW })));
    expect(await t.services.pipeline.purgeReminders(NOW)).toBe(1);
    const left = await db.select({ day: followUpReminders.day }).from(followUpReminders).orderBy(asc(followUpReminders.day));
    expect(left.map((row) => row.day)).toEqual(['2027-02-13', '2027-02-14', '2027-03-15']);
    // another instance's run the same day finds nothing left to remove
    expect(await t.services.pipeline.purgeReminders(NOW)).toBe(0);
  });

  it('removes visit counts and daily visitors older than 25 months, keeping every day Insights can show', async () => {
    const db = t.services.database.db;
    // 25 months before 2027-03-15 is 2025-02-15
    const days = ['2025-01-31', '2025-02-14', '2025-02-15', '2026-03-14', '2027-03-14'];
    await db.insert(visitCounts).values(days.map((day) => ({ day, path: '/', views: 3 })));
    await db.insert(dailyVisitors).values(days.map((day) => ({ day, visitors: 2 })));
    expect(await purgeOldVisits(db, TIME_ZONE, NOW)).toBe(4);
    const counted = await db.select({ day: visitCounts.day }).from(visitCounts).orderBy(asc(visitCounts.day));
    expect(counted.map((row) => row.day)).toEqual(['2025-02-15', '2026-03-14', '2027-03-14']);
    const visitors = await db.select({ day: dailyVisitors.day }).from(dailyVisitors).orderBy(asc(dailyVisitors.day));
    expect(visitors.map((row) => row.day)).toEqual(['2025-02-15', '2026-03-14', '2027-03-14']);
    expect(await purgeOldVisits(db, TIME_ZONE, NOW)).toBe(0);
  });

  it('takes the day in SITE_TIMEZONE: 23:00 UTC is already the next day in Kolkata', async () => {
    const db = t.services.database.db;
    // 2027-03-15 23:00 UTC is 2027-03-16 04:30 in Kolkata: the cutoff moves to 2025-02-16
    expect(await purgeOldVisits(db, TIME_ZONE, new Date('2027-03-15T23:00:00Z'))).toBe(2);
    expect(await purgeOldVisits(db, 'UTC', new Date('2027-03-15T23:00:00Z'))).toBe(0);
  });
});
