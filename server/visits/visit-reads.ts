/** The visit numbers of a period (GET /api/visits): views and unique visitors per day, top pages, referrers and campaigns. */
import { and, desc, gte, lte, ne, or, sql } from 'drizzle-orm';
import { visitMessages } from '../../shared/visits';
import { zoneDate } from '../../shared/site-time';
import type { VisitsReply } from '../../shared/visits';
import type { Db } from '../db/client';
import { dailyVisitors, visitCounts, visitorHashes } from '../db/schema';
import { ClientError } from '../errors';

const DAY_MS = 86_400_000;
const TOP = 20;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function readVisits(db: Db, timeZone: string, asked: { from?: string; to?: string }): Promise<VisitsReply['data']> {
  const to = asked.to ?? zoneDate(new Date(), timeZone);
  const from = asked.from ?? dayString(dayNumber(to) - 29 * DAY_MS);
  const span = (dayNumber(to) - dayNumber(from)) / DAY_MS;
  if (!Number.isFinite(span) || span < 0 || span > 365) throw new ClientError(400, visitMessages.badRange);
  const inPeriod = and(gte(visitCounts.day, from), lte(visitCounts.day, to));
  const views = sql<number>`sum(${visitCounts.views})::int`.mapWith(Number);
  const [perDay, ended, live, pages, referrers, campaigns] = await Promise.all([
    db.select({ day: visitCounts.day, views }).from(visitCounts).where(inPeriod).groupBy(visitCounts.day),
    db
      .select()
      .from(dailyVisitors)
      .where(and(gte(dailyVisitors.day, from), lte(dailyVisitors.day, to))),
    db
      .select({ day: visitorHashes.day, visitors: sql<number>`count(*)::int`.mapWith(Number) })
      .from(visitorHashes)
      .where(and(gte(visitorHashes.day, from), lte(visitorHashes.day, to)))
      .groupBy(visitorHashes.day),
    db
      .select({ path: visitCounts.path, views })
      .from(visitCounts)
      .where(inPeriod)
      .groupBy(visitCounts.path)
      .orderBy(desc(views))
      .limit(TOP),
    db
      .select({ host: visitCounts.referrerHost, views })
      .from(visitCounts)
      .where(and(inPeriod, ne(visitCounts.referrerHost, '')))
      .groupBy(visitCounts.referrerHost)
      .orderBy(desc(views))
      .limit(TOP),
    db
      .select({ source: visitCounts.utmSource, medium: visitCounts.utmMedium, campaign: visitCounts.utmCampaign, views })
      .from(visitCounts)
      .where(and(inPeriod, or(ne(visitCounts.utmSource, ''), ne(visitCounts.utmMedium, ''), ne(visitCounts.utmCampaign, ''))))
      .groupBy(visitCounts.utmSource, visitCounts.utmMedium, visitCounts.utmCampaign)
      .orderBy(desc(views))
      .limit(TOP),
  ]);
  const viewsOf = new Map(perDay.map((row) => [row.day, row.views]));
  const visitorsOf = new Map<string, number>();
  for (const row of [...ended, ...live]) visitorsOf.set(row.day, (visitorsOf.get(row.day) ?? 0) + row.visitors);
  const days: VisitsReply['data']['days'] = [];
  for (let ms = dayNumber(from); ms <= dayNumber(to); ms += DAY_MS) {
    const day = dayString(ms);
    days.push({ day, views: viewsOf.get(day) ?? 0, visitors: visitorsOf.get(day) ?? 0 });
  }
  return { from, to, days, pages, referrers, campaigns };
}
