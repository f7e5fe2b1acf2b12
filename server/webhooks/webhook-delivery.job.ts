/**
 * Webhook deliveries, a kind of job on the one job queue (docs/decisions/0031, 0036): one row per
 * event and hook, written in the transaction of the change that fires the event, POSTed by a worker on
 * any instance (claimed once), retried with back-off and given up a day after the event. A delivered
 * row stays (with every attempt in webhook_attempts) as the hook's delivery log; the daily purge ends them.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { webhooks } from '../db/schema';
import { defineJob } from '../jobs/job-kind';
import { jobColumns } from '../jobs/job-table';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    hookId: uuid('hook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The exact JSON sent (and signed) on every attempt. */
    body: text('body').notNull(),
    /** Set when the receiver answered 2xx: the job is done, its row stays as the log. */
    deliveredAt: time('delivered_at'),
    ...jobColumns(),
  },
  (table) => [
    index('webhook_deliveries_run_after_idx').on(table.runAfter),
    index('webhook_deliveries_hook_idx').on(table.hookId, table.createdAt),
  ],
);

/** Each attempt of a delivery, as the Webhooks screen's delivery log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: time('at').notNull().defaultNow(),
    /** The receiver's HTTP status; null when none came. */
    status: integer('status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.at)],
);

/** 30 s, 1, 2, 4 … min, at most an hour apart; given up once the event is a day old. */
export const WEBHOOK_RETRY = {
  delayMs: (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000),
  giveUpAfterMs: 24 * 3_600_000,
};

/** Left out of backups: a restored copy would tell the receivers of the replaced site's events a second time. */
export const webhookDeliveryJob = defineJob({
  name: 'webhooks',
  table: webhookDeliveries,
  backup: 'left out',
  retry: WEBHOOK_RETRY,
  doneAt: webhookDeliveries.deliveredAt,
  // an attempt takes at most 10 s (webhook-sender.ts)
  leaseMs: 60_000,
  pollMs: 2_000,
  messages: {
    retry: 'webhook not delivered; will retry',
    failed: 'webhook given up: the receiver did not take it within a day',
    stale: 'webhook given up: never delivered',
    notMarked: 'webhook delivered but not marked; it may be sent again',
  },
  handle: (delivery, services) => services.webhooks.attempt(delivery),
});
