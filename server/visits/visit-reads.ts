/** The visit numbers of a period (GET /api/visits): views and unique visitors per day, top pages, referrers and campaigns. */
import { and, gte, lte, sql } from 'drizzle-orm';
import { visitMessages } from '../../shared/visits';
import { zoneDate } from '../../shared/site-time';
import type { VisitsReply } from '../../shared/visits';
import { queryRows, type Db } from '../db/client';
import { dailyVisitors, visitCounts, visitorHashes } from '../db/schema';
import { ClientError } from '../errors';

const DAY_MS = 86_400_000;
const TOP = 20;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A period as asked for: its first and last day, or a number of days ending with the last (today by default). */
interface PeriodAsked {
  from?: string;
  to?: string;
  days?: number;
}

/** A period asked for (days in the site's time zone): the last 30 days by default, at most 366 days, start before end. */
export function periodOf(asked: PeriodAsked, timeZone: string): { from: string; to: string } {
  const to = asked.to ?? zoneDate(new Date(), timeZone);
  const from = asked.from ?? dayString(dayNumber(to) - ((asked.days ?? 30) - 1) * DAY_MS);
  const span = (dayNumber(to) - dayNumber(from)) / DAY_MS;
  if (!Number.isFinite(span) || span < 0 || span > 365) throw new ClientError(400, visitMessages.badRange);
  return { from, to };
}

/** Every day of the period, in order. */
export function daysOf({ from, to }: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let ms = dayNumber(from); ms <= dayNumber(to); ms += DAY_MS) days.push(dayString(ms));
  return days;
}

/** One row of the period's grouping sets: which set it belongs to (`grouping()`'s bits) and its key. */
interface GroupedViews extends Record<string, unknown> {
  set: number;
  day: string | null;
  path: string | null;
  host: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  views: number;
}

// grouping(day, path, referrer_host, utm_source): a bit set for each column the row is not grouped by
const BY_DAY = 0b0111;
const BY_PATH = 0b1011;
const BY_HOST = 0b1101;
const BY_CAMPAIGN = 0b1110;

const mostFirst = <T extends { views: number }>(rows: T[]) => rows.sort((a, b) => b.views - a.views).slice(0, TOP);

export async function readVisits(db: Db, timeZone: string, asked: PeriodAsked): Promise<VisitsReply['data']> {
  const { from, to } = periodOf(asked, timeZone);
  // one scan of the period's counts for all four lists (a year is some 100,000 rows): grouping sets, not four queries
  const [grouped, ended, live] = await Promise.all([
    queryRows<GroupedViews>(
      db,
      sql`select grouping(day, path, referrer_host, utm_source) as "set", day::text as day, path, referrer_host as host,
            utm_source as source, utm_medium as medium, utm_campaign as campaign, sum(views)::int as views
          from ${visitCounts}
          where day >= ${from} and day <= ${to}
          group by grouping sets ((day), (path), (referrer_host), (utm_source, utm_medium, utm_campaign))`,
    ),
    db
      .select()
      .from(dailyVisitors)
      .where(and(gte(dailyVisitors.day, from), lte(dailyVisitors.day, to))),
    db
      .select({ day: visitorHashes.day, visitors: sql<number>`count(*)::int`.mapWith(Number) })
      .from(visitorHashes)
      .where(and(gte(visitorHashes.day, from), lte(visitorHashes.day, to)))
      .groupBy(visitorHashes.day),
  ]);
  const of = (set: number) => grouped.filter((row) => Number(row.set) === set).map((row) => ({ ...row, views: Number(row.views) }));
  const pages = mostFirst(of(BY_PATH).map(({ path, views }) => ({ path: path ?? '', views })));
  const referrers = mostFirst(of(BY_HOST).flatMap(({ host, views }) => (host ? [{ host, views }] : [])));
  const campaigns = mostFirst(
    of(BY_CAMPAIGN).flatMap(({ source, medium, campaign, views }) =>
      source || medium || campaign ? [{ source: source ?? '', medium: medium ?? '', campaign: campaign ?? '', views }] : [],
    ),
  );
  const viewsOf = new Map(of(BY_DAY).map((row) => [row.day, row.views]));
  const visitorsOf = new Map<string, number>();
  for (const row of [...ended, ...live]) visitorsOf.set(row.day, (visitorsOf.get(row.day) ?? 0) + row.visitors);
  const days = daysOf({ from, to }).map((day) => ({ day, views: viewsOf.get(day) ?? 0, visitors: visitorsOf.get(day) ?? 0 }));
  return { from, to, days, pages, referrers, campaigns };
}
