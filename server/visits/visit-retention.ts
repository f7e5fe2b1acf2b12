/**
 * How long the visit numbers are kept (docs/decisions/0037): per-day counts and unique visitors older than 25 months
 * go in the daily purge. Insights' periods reach back a year at most (366 days), so a year's view stays whole and a
 * year compares with the one before it; the extra month covers the first days of the older year.
 */
import { lt, sql } from 'drizzle-orm';
import { zoneDate } from '../../shared/site-time';
import type { Db } from '../db/client';
import { dailyVisitors, visitCounts } from '../db/schema';

const KEEP_MONTHS = 25;

/** Deletes visit counts and daily visitors of days before 25 months ago (in SITE_TIMEZONE); returns how many rows went. */
export async function purgeOldVisits(db: Db, timeZone: string, now = new Date()): Promise<number> {
  const cutoff = sql`(${zoneDate(now, timeZone)}::date - interval '${sql.raw(String(KEEP_MONTHS))} months')::date`;
  // run even with ANALYTICS=false: counts from before it was turned off still age out
  const counts = await db.delete(visitCounts).where(lt(visitCounts.day, cutoff)).returning({ day: visitCounts.day });
  const visitors = await db.delete(dailyVisitors).where(lt(dailyVisitors.day, cutoff)).returning({ day: dailyVisitors.day });
  return counts.length + visitors.length;
}
