/**
 * Enquiry numbers of a period (GET /api/insights/enquiries): per day, source, project and page, and each page's
 * conversion from its views (visit_counts). Trashed enquiries are left out; days are the site's time zone's.
 */
import { and, count, desc, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { STAGES } from '../../shared/enquiry-pipeline';
import type { EnquiryInsights } from '../../shared/insights';
import type { Db } from '../db/client';
import { contactMessages, visitCounts } from '../db/schema';
import { enquirySourceSql } from '../contact/enquiry-sql';
import { daysOf, periodOf } from '../visits/visit-reads';

const TOP = 20;

export async function readEnquiryInsights(db: Db, timeZone: string, asked: Parameters<typeof periodOf>[0]): Promise<EnquiryInsights> {
  const { from, to } = periodOf(asked, timeZone);
  // the period's instants: from the first day's midnight to the midnight after the last, in the site's zone (index-friendly)
  const inPeriod = and(
    isNull(contactMessages.deletedAt),
    gte(contactMessages.createdAt, sql`(${from}::date)::timestamp at time zone ${timeZone}`),
    lt(contactMessages.createdAt, sql`(${to}::date + 1)::timestamp at time zone ${timeZone}`),
  );
  // the zone written into the SQL (an IANA name env.ts checked), so the grouping and the selection are one expression
  const zone = sql.raw(`'${timeZone.replaceAll("'", "''")}'`);
  const day = sql<string>`to_char(${contactMessages.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const enquiries = count();
  const [perDay, sources, projects, pages, stages, [firstContact]] = await Promise.all([
    db.select({ day, enquiries }).from(contactMessages).where(inPeriod).groupBy(day),
    db
      .select({ source: enquirySourceSql, enquiries })
      .from(contactMessages)
      .where(inPeriod)
      .groupBy(enquirySourceSql)
      .orderBy(desc(enquiries), enquirySourceSql)
      .limit(TOP),
    db
      .select({
        projectId: sql<string>`${contactMessages.projectId}::text`,
        title: sql<string>`max(${contactMessages.projectTitle})`,
        enquiries,
      })
      .from(contactMessages)
      .where(and(inPeriod, isNotNull(contactMessages.projectId)))
      .groupBy(contactMessages.projectId)
      .orderBy(desc(enquiries))
      .limit(TOP),
    db
      .select({ path: sql<string>`${contactMessages.sourcePage}`, enquiries })
      .from(contactMessages)
      .where(and(inPeriod, isNotNull(contactMessages.sourcePage)))
      .groupBy(contactMessages.sourcePage)
      .orderBy(desc(enquiries))
      .limit(TOP),
    db.select({ stage: contactMessages.stage, enquiries }).from(contactMessages).where(inPeriod).groupBy(contactMessages.stage),
    // the median of (first answer − arrival) over the period's answered enquiries, in minutes
    db
      .select({
        minutes: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${contactMessages.firstContactedAt} - ${contactMessages.createdAt}) / 60)`,
        answered: enquiries,
      })
      .from(contactMessages)
      .where(and(inPeriod, isNotNull(contactMessages.firstContactedAt))),
  ]);
  const views = sql<number>`sum(${visitCounts.views})::int`.mapWith(Number);
  const visitsInPeriod = and(gte(visitCounts.day, from), lte(visitCounts.day, to));
  // the views of the pages enquiries came from, and of the most viewed pages (which may have none)
  const [viewsOfEnquiryPages, mostViewed] = await Promise.all([
    pages.length
      ? db
          .select({ path: visitCounts.path, views })
          .from(visitCounts)
          .where(
            and(
              visitsInPeriod,
              inArray(
                visitCounts.path,
                pages.map((page) => page.path),
              ),
            ),
          )
          .groupBy(visitCounts.path)
      : [],
    db
      .select({ path: visitCounts.path, views })
      .from(visitCounts)
      .where(visitsInPeriod)
      .groupBy(visitCounts.path)
      .orderBy(desc(views))
      .limit(TOP),
  ]);
  const viewsOf = new Map([...mostViewed, ...viewsOfEnquiryPages].map((row) => [row.path, row.views]));
  const enquiriesOf = new Map(pages.map((row) => [row.path, row.enquiries]));
  const pageRows = [...new Set([...pages.map((row) => row.path), ...mostViewed.map((row) => row.path)])]
    .map((path) => {
      const pageViews = viewsOf.get(path) ?? 0;
      const pageEnquiries = enquiriesOf.get(path) ?? 0;
      return { path, views: pageViews, enquiries: pageEnquiries, conversion: pageViews ? pageEnquiries / pageViews : null };
    })
    .sort((a, b) => b.enquiries - a.enquiries || b.views - a.views || a.path.localeCompare(b.path))
    .slice(0, TOP);
  const perDayOf = new Map(perDay.map((row) => [row.day, row.enquiries]));
  const days = daysOf({ from, to }).map((d) => ({ day: d, enquiries: perDayOf.get(d) ?? 0 }));
  const perStage = new Map(stages.map((row) => [row.stage, row.enquiries]));
  const minutes = firstContact?.minutes === null || firstContact?.minutes === undefined ? null : Math.round(Number(firstContact.minutes));
  return {
    from,
    to,
    total: days.reduce((sum, d) => sum + d.enquiries, 0),
    days,
    sources,
    projects,
    pages: pageRows,
    stages: STAGES.map((stage) => ({ stage, enquiries: perStage.get(stage) ?? 0 })),
    firstContact: { answered: firstContact?.answered ?? 0, medianMinutes: minutes },
  };
}
