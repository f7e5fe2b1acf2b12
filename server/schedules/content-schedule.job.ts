/**
 * Scheduled publishing (issue 25, docs/decisions/0042), a kind of job on the one job queue: one row per item and
 * action (a unique key, so a new time replaces the old one), due at its time (`run_after`). Any instance claims it
 * once; its handler publishes or unpublishes through the ordinary publish path and deletes the row under its claim in
 * that same transaction, so the change and the job's end commit together: done once, even if the worker dies after.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ScheduleAction } from '../../shared/schedules';
import { defineJob } from '../jobs/job-kind';
import { jobColumns } from '../jobs/job-table';

export const contentSchedules = pgTable(
  'content_schedules',
  {
    id: uuid('id').primaryKey(),
    /** The resource key, or the document's history name (`about`, `site-settings`). */
    resource: text('resource').notNull(),
    /** The item's id; '' for the About content and the Site settings. */
    itemId: text('item_id').notNull(),
    action: text('action').$type<ScheduleAction>().notNull(),
    /** When staff asked for it (run_after moves on with retries; this does not). */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Who scheduled it: the publish is recorded in the activity log as theirs. No foreign key: it outlives the account. */
    scheduledById: uuid('scheduled_by_id'),
    scheduledByEmail: text('scheduled_by_email'),
    ...jobColumns(),
  },
  (table) => [
    uniqueIndex('content_schedules_item_action_idx').on(table.resource, table.itemId, table.action),
    index('content_schedules_run_after_idx').on(table.runAfter),
  ],
);

/** How often an idle worker looks for a due schedule: well inside the 60 s a schedule may be late. */
export const SCHEDULE_POLL_MS = 5_000;

/** Kept in backups: a restored site still publishes what was scheduled (the work is the site's own). */
export const contentScheduleJob = defineJob({
  name: 'scheduled-publishing',
  table: contentSchedules,
  backup: 'kept',
  // counted in claims, not from creation: a schedule set weeks ahead is not stale; 10 s, 20 s … 10 min apart, about an hour in all
  retry: { delayMs: (attempts) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 600_000), maxAttempts: 10 },
  leaseMs: 60_000,
  pollMs: SCHEDULE_POLL_MS,
  messages: {
    retry: 'scheduled publishing failed; will retry',
    failed: 'scheduled publishing given up',
    stale: 'scheduled publishing given up: never done',
  },
  handle: (schedule, services) => services.schedules.run(schedule),
});
