/**
 * The morning reminder of each owner's follow-ups (issue 26, docs/decisions/0040): a kind of job on the
 * one job queue. One row per day and owner (a unique key), so however many instances schedule the day,
 * one job exists; it is claimed once, and its handler queues the mail in the mail outbox only while the
 * row is not yet marked mailed, so a job that runs twice still mails once. A done row stays (`done_at`)
 * as the day's mark, so scheduling the day again adds nothing, until the daily purge 30 days after its day.
 */
import { date, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../db/schema';
import { defineJob } from '../jobs/job-kind';
import { jobColumns } from '../jobs/job-table';

export const followUpReminders = pgTable(
  'follow_up_reminders',
  {
    id: uuid('id').primaryKey(),
    /** The day whose follow-ups it lists, in SITE_TIMEZONE. */
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** Set in the transaction that queues the mail: the reminder went to the outbox. */
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
    /** Set when the job is done: the row stays as the day's mark. */
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    ...jobColumns(),
  },
  (table) => [uniqueIndex('follow_up_reminders_day_owner_idx').on(table.day, table.ownerId)],
);

/** Left out of backups: a restored copy would remind the replaced site's owners a second time. */
export const followUpReminderJob = defineJob({
  name: 'follow-up-reminders',
  table: followUpReminders,
  backup: 'left out',
  // a reminder is worth sending the same day only
  retry: { delayMs: (attempts) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 600_000), giveUpAfterMs: 12 * 3_600_000 },
  leaseMs: 60_000,
  pollMs: 5_000,
  doneAt: followUpReminders.doneAt,
  handle: (reminder, services) => services.pipeline.sendReminder(reminder),
});
