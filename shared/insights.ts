/**
 * Enquiry numbers of a period (issue 26): GET /api/insights/enquiries, read by staff with the enquiries area.
 * The visit numbers beside them are GET /api/visits (shared/visits.ts, content area); the period is the same query.
 */
import { STAGES } from './enquiry-pipeline';
import { z } from './zod';

const count = z.number().int().nonnegative();

export const enquiryInsightsReply = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    total: count,
    /** Every day of the period, with none left out. */
    days: z.array(z.object({ day: z.string(), enquiries: count })),
    sources: z
      .array(z.object({ source: z.string(), enquiries: count }))
      .meta({ description: 'Campaign source, else referring host, else `direct`; most enquiries first (top 20)' }),
    projects: z.array(z.object({ projectId: z.string(), title: z.string(), enquiries: count })),
    pages: z.array(z.object({ path: z.string(), views: count, enquiries: count, conversion: z.number().nullable() })).meta({
      description: 'Pages with views or enquiries (top 20 by enquiries, then views); conversion = enquiries / views, null without views',
    }),
    stages: z
      .array(z.object({ stage: z.enum(STAGES), enquiries: count }))
      .meta({ description: 'Where the period’s enquiries stand now, every stage' }),
    firstContact: z.object({ answered: count, medianMinutes: z.number().int().nonnegative().nullable() }).meta({
      description: 'The period’s enquiries answered so far (stage past New, or Replied) and the median minutes from arrival to that answer',
    }),
  }),
});

export type EnquiryInsights = z.infer<typeof enquiryInsightsReply>['data'];
export type EnquiryInsightsReply = z.infer<typeof enquiryInsightsReply>;
