/**
 * Scheduled publishing (docs/decisions/0042): Publish at and Unpublish at times of content items, and Publish at of
 * the About content and the Site settings drafts. Times travel as ISO 8601 instants; staff enter and read them in
 * SITE_TIMEZONE (a time without an offset is read in that zone).
 */
import { z } from './zod';

/** What a schedule does when it is due. */
export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/** An item's schedule as the admin lists carry it: ISO instants, null when not scheduled. */
export const itemScheduleSchema = z
  .object({
    publishAt: z.string().nullable().meta({ description: 'When the newest draft is published (ISO 8601); null: not scheduled' }),
    unpublishAt: z.string().nullable().meta({ description: 'When the item is unpublished (ISO 8601); null: not scheduled' }),
  })
  .meta({ description: 'Scheduled publish and unpublish times' });
export type ItemSchedule = z.infer<typeof itemScheduleSchema>;

/** Whether a value read from a list row is a schedule (the admin's records are typed loosely). */
export const isItemSchedule = (value: unknown): value is ItemSchedule => itemScheduleSchema.safeParse(value).success;

const timeField = (what: string) =>
  z
    .string()
    .nullable()
    .meta({
      description: `When to ${what}: ISO 8601 with an offset, or a date and time without one (e.g. 2026-12-01T09:00), read in SITE_TIMEZONE; null: not scheduled`,
    });

/** PUT …/schedule of an item: both times at once (null: not scheduled), so a body always says the whole schedule. */
export const itemScheduleBody = z.object({ publishAt: timeField('publish the newest draft'), unpublishAt: timeField('unpublish') });

/** PUT …/schedule of the About content or the Site settings: when their draft is published. */
export const documentScheduleBody = z.object({ publishAt: timeField('publish the draft') });

/** The reply of a schedule change: the schedule now. */
export const scheduleReply = z.object({ success: z.literal(true), message: z.string(), data: itemScheduleSchema });
export type ScheduleReply = z.infer<typeof scheduleReply>;

/** One scheduled change as the dashboard lists it. */
const upcomingSchema = z.object({
  resource: z.string().meta({ description: 'The resource key, or `about-content` / `site-settings`' }),
  itemId: z.string().nullable().meta({ description: 'The item’s `_id`; null for the About content and the Site settings' }),
  label: z.string().meta({ description: 'The item’s title or name as the lists show it' }),
  noun: z.string().meta({ description: 'What it is (“Project”, “About content”)' }),
  action: z.enum(SCHEDULE_ACTIONS),
  at: z.string().meta({ description: 'ISO 8601 time it is due' }),
});
export type UpcomingSchedule = z.infer<typeof upcomingSchema>;

export const upcomingReply = z.object({ success: z.literal(true), data: z.array(upcomingSchema) });
export type UpcomingReply = z.infer<typeof upcomingReply>;

/** The schedule routes' messages. */
export const scheduleMessages = {
  saved: 'Schedule saved',
  cleared: 'Schedule cleared',
  badTime: (field: string) =>
    `${field} is not a date and time: use e.g. 2026-12-01T09:00 (site time), an ISO 8601 time with an offset, or null for none.`,
  inThePast: (field: string) => `${field} has passed: choose a time in the future.`,
  unpublishBeforePublish: 'Unpublish at must be later than Publish at.',
  nothingToUnpublish: (noun: string) => `This ${noun.toLowerCase()} is not published: schedule a publish before its unpublish.`,
} as const;

/** The fields' names in messages and on the form. */
export const scheduleLabels = { publishAt: 'Publish at', unpublishAt: 'Unpublish at' } as const;
