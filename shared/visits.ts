/** Visit numbers (issue 26): the query and reply of GET /api/visits, read by staff with the content area. */
import { z } from './zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const visitMessages = {
  badDay: 'Dates are YYYY-MM-DD',
  badRange: 'The period must start before it ends and span at most 366 days',
  badDays: 'Days must be a whole number from 1 to 366',
} as const;

export const visitsQuery = z.object({
  from: z
    .string()
    .regex(DAY, visitMessages.badDay)
    .optional()
    .meta({ description: 'First day (YYYY-MM-DD, SITE_TIMEZONE); `days` − 1 days before `to` by default' }),
  to: z
    .string()
    .regex(DAY, visitMessages.badDay)
    .optional()
    .meta({ description: 'Last day (YYYY-MM-DD, SITE_TIMEZONE); today by default' }),
  days: z.coerce
    .number({ error: visitMessages.badDays })
    .int(visitMessages.badDays)
    .min(1, visitMessages.badDays)
    .max(366, visitMessages.badDays)
    .optional()
    .meta({ description: 'Without `from`: the period is this many days ending with `to` (30 by default)' }),
});

const count = z.number().int().nonnegative();

export const visitsReply = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** Every day of the period, with none left out. */
    days: z.array(z.object({ day: z.string(), views: count, visitors: count })),
    pages: z.array(z.object({ path: z.string(), views: count })),
    referrers: z.array(z.object({ host: z.string(), views: count })),
    campaigns: z.array(z.object({ source: z.string(), medium: z.string(), campaign: z.string(), views: count })),
  }),
});

export type VisitsReply = z.infer<typeof visitsReply>;
