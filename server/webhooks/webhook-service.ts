/**
 * services.webhooks: the hooks Admins set (add, change, delete, rotate the secret, send a test), the
 * event registry other code fires through (`emit(tx, event, data)` in the transaction of the change,
 * then `notifyQueued()` after its commit), and one delivery attempt for the job worker. See docs/decisions/0036.
 */
import crypto from 'node:crypto';
import { and, arrayContains, asc, count, desc, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  webhookLimits,
  webhookMessages,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookInput,
} from '../../shared/webhooks';
import { isOneOf } from '../../shared/narrow';
import { WEBHOOK_EVENTS } from '../../shared/webhooks';
import type { AuditContext, AuditService } from '../audit/audit-service';
import type { Db } from '../db/client';
import { webhooks } from '../db/schema';
import { ClientError } from '../errors';
import { checkedAddress, systemResolve, webhookUrl, type Resolve } from './public-address';
import { webhookAttempts, webhookDeliveries, webhookDeliveryJob } from './webhook-delivery.job';
import { sendDelivery } from './webhook-sender';
import { UUID_PATTERN } from '../../shared/validation';

/** Deliveries finished (delivered or given up) longer ago than this leave the log. */
const LOG_DAYS = 30;

export interface WebhookSettings {
  /** WEBHOOKS_ALLOW_PRIVATE=true: loopback and private addresses are allowed (a receiver on the same network, tests). */
  allowPrivate: boolean;
  /** PUBLIC_URL: named in every event's body, so a receiver of several sites knows which one spoke. */
  publicUrl: string;
}

type HookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

const toWebhook = (row: HookRow): Webhook => ({
  _id: row.id,
  url: row.url,
  events: row.events.filter((event) => isOneOf(WEBHOOK_EVENTS, event)),
  secret: row.secret,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export class WebhookService {
  /** How host names are resolved; a test replaces it to act out a DNS rebinding. */
  resolve: Resolve = systemResolve;
  private queued: () => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly settings: WebhookSettings,
    private readonly audit?: AuditService,
  ) {}

  /** Set once by createServices: wakes this process's delivery worker. */
  onQueued(wake: () => void): void {
    this.queued = wake;
  }

  /**
   * Fires an event inside the transaction of the change it tells of: one delivery per hook that asked
   * for it, committed (or rolled back) with the change. Call notifyQueued() after the commit; without it
   * the deliveries still go, at the worker's next poll. Returns how many deliveries were queued.
   */
  async emit(tx: Db, event: WebhookEvent, data: Record<string, unknown>): Promise<number> {
    const hooks = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(arrayContains(webhooks.events, [event]));
    if (hooks.length === 0) return 0;
    const body = this.body(event, data);
    for (const hook of hooks) await webhookDeliveryJob.add(tx, { hookId: hook.id, event, body });
    return hooks.length;
  }

  /** After the commit of a change that emitted events: its deliveries start at once. */
  notifyQueued(): void {
    this.queued();
  }

  private body(event: string, data: Record<string, unknown>): string {
    return JSON.stringify({ id: crypto.randomUUID(), event, createdAt: new Date().toISOString(), site: this.settings.publicUrl, data });
  }

  async list(): Promise<Webhook[]> {
    return (await this.db.select().from(webhooks).orderBy(asc(webhooks.createdAt), asc(webhooks.id))).map(toWebhook);
  }

  /** Checks the URL (form, and every address its host resolves to) as a save must; ClientError(400) with the reason. */
  private async checkUrl(text: string): Promise<string> {
    const url = webhookUrl(text);
    await checkedAddress(url, this.settings.allowPrivate, this.resolve);
    return url.href;
  }

  async add(input: WebhookInput, by: AuditContext): Promise<Webhook> {
    const url = await this.checkUrl(input.url);
    const events = [...new Set(input.events)];
    const row = await this.db.transaction(async (tx) => {
      const [existing] = await tx.select({ value: count() }).from(webhooks);
      if ((existing?.value ?? 0) >= webhookLimits.hooksMax) throw new ClientError(400, webhookMessages.tooMany);
      const now = new Date();
      const [added] = await tx
        .insert(webhooks)
        .values({ id: crypto.randomUUID(), url, events, secret: newSecret(), createdAt: now, updatedAt: now })
        .returning();
      await this.audit?.record({ kind: 'webhook.added', ...by, target: target(added), details: { events } }, tx);
      return added;
    });
    return toWebhook(row);
  }

  async update(id: string, input: WebhookInput, by: AuditContext): Promise<Webhook> {
    const url = await this.checkUrl(input.url);
    const events = [...new Set(input.events)];
    const row = await this.db.transaction(async (tx) => {
      const before = await this.find(tx, id);
      const [updated] = await tx.update(webhooks).set({ url, events, updatedAt: new Date() }).where(eq(webhooks.id, id)).returning();
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (before.url !== url) changes.url = { before: before.url, after: url };
      if (before.events.join() !== events.join()) changes.events = { before: before.events, after: events };
      await this.audit?.record({ kind: 'webhook.updated', ...by, target: target(updated), details: { changes } }, tx);
      return updated;
    });
    return toWebhook(row);
  }

  /** Deletes the hook with its delivery log (foreign keys on delete cascade). */
  async remove(id: string, by: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const hook = await this.find(tx, id);
      await tx.delete(webhooks).where(eq(webhooks.id, id));
      await this.audit?.record({ kind: 'webhook.removed', ...by, target: target(hook) }, tx);
    });
  }

  /** A new secret: deliveries from now on (retries of older events too) are signed with it. */
  async rotateSecret(id: string, by: AuditContext): Promise<Webhook> {
    const row = await this.db.transaction(async (tx) => {
      await this.find(tx, id);
      const [updated] = await tx
        .update(webhooks)
        .set({ secret: newSecret(), updatedAt: new Date() })
        .where(eq(webhooks.id, id))
        .returning();
      await this.audit?.record({ kind: 'webhook.secret-rotated', ...by, target: target(updated) }, tx);
      return updated;
    });
    return toWebhook(row);
  }

  /** Queues a `webhook.test` event for this hook alone, delivered like any other. */
  async sendTest(id: string, by: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const hook = await this.find(tx, id);
      const body = this.body(WEBHOOK_TEST_EVENT, { hook: hook.id, message: 'A test event from the Webhooks screen' });
      await webhookDeliveryJob.add(tx, { hookId: hook.id, event: WEBHOOK_TEST_EVENT, body });
      await this.audit?.record({ kind: 'webhook.test-sent', ...by, target: target(hook) }, tx);
    });
    this.notifyQueued();
  }

  /** The hook's latest deliveries, newest first, each with its attempts. */
  async deliveries(id: string): Promise<WebhookDelivery[]> {
    await this.find(this.db, id);
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.hookId, id))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(webhookLimits.deliveriesShown);
    const attempts =
      rows.length === 0
        ? []
        : await this.db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
    return rows.map((row) => ({
      _id: row.id,
      event: row.event,
      state: row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending',
      createdAt: row.createdAt.toISOString(),
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === row.id)
        .map((attempt) => ({ at: attempt.at.toISOString(), status: attempt.status, error: attempt.error, durationMs: attempt.durationMs })),
    }));
  }

  /**
   * One attempt of a claimed delivery (the job's handler): sent to the hook's URL as it is now, signed
   * with its secret as it is now, recorded in the log; throws when it did not succeed (the queue retries).
   */
  async attempt(delivery: DeliveryRow): Promise<void> {
    const [hook] = await this.db.select().from(webhooks).where(eq(webhooks.id, delivery.hookId)).limit(1);
    // the hook was deleted while this was claimed: its deliveries went with it
    if (!hook) return;
    const outcome = await sendDelivery(
      { url: hook.url, secret: hook.secret, body: delivery.body, event: delivery.event, deliveryId: delivery.id },
      { allowPrivate: this.settings.allowPrivate, resolve: this.resolve },
    );
    await this.db.insert(webhookAttempts).values({ id: crypto.randomUUID(), deliveryId: delivery.id, ...outcome });
    if (outcome.error !== null) throw new Error(outcome.error);
  }

  /** Removes deliveries finished more than LOG_DAYS ago (the daily purge); returns how many. */
  async purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - LOG_DAYS * 86_400_000);
    const gone = await this.db
      .delete(webhookDeliveries)
      .where(
        and(lt(webhookDeliveries.createdAt, cutoff), or(isNotNull(webhookDeliveries.deliveredAt), isNotNull(webhookDeliveries.failedAt))),
      )
      .returning({ id: webhookDeliveries.id });
    return gone.length;
  }

  private async find(db: Db, id: string): Promise<HookRow> {
    if (!UUID_PATTERN.test(id)) throw new ClientError(404, webhookMessages.notFound);
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
    if (!row) throw new ClientError(404, webhookMessages.notFound);
    return row;
  }
}

/** The audit entry's target: the hook, by its URL's host (the path may hold a receiver's token). */
function target(row: HookRow) {
  return { type: 'webhook', id: row.id, label: new URL(row.url).host };
}
