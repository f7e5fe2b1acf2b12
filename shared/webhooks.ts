/**
 * Webhooks (issue 26): the events a hook may ask for, the request bodies of /api/webhooks and its
 * replies. The server validates and documents with these; the admin's Webhooks screen infers its types.
 */
import { z } from './zod';

/** Every event a hook may subscribe to, with its label on the Webhooks screen. */
export const webhookEventLabels = {
  'enquiry.created': 'An enquiry arrives',
  'enquiry.stage-changed': 'An enquiry moves to another stage',
  'content.published': 'Content is published (a content item, About Us or Site settings)',
} as const;

export type WebhookEvent = keyof typeof webhookEventLabels;
export const WEBHOOK_EVENTS = ['enquiry.created', 'enquiry.stage-changed', 'content.published'] as const satisfies readonly WebhookEvent[];

/** The event a "Send test event" delivers (to that hook only, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The headers of every delivery (docs/webhooks.md says how a receiver checks them). */
export const WEBHOOK_HEADERS = {
  /** `sha256=<hex>`: HMAC-SHA256 of the exact body under the hook's secret. */
  signature: 'x-webhook-signature',
  /** The delivery's id: the same on every attempt of one delivery, so a receiver can drop a repeat. */
  delivery: 'x-webhook-delivery',
  event: 'x-webhook-event',
  /** Unix seconds of this attempt. */
  timestamp: 'x-webhook-timestamp',
} as const;

export const webhookLimits = { urlMax: 2000, hooksMax: 20, deliveriesShown: 50 } as const;

export const webhookMessages = {
  urlRequired: 'Enter the URL to send events to',
  urlInvalid: 'Enter a full URL starting with https:// or http://',
  urlTooLong: `The URL must be at most ${webhookLimits.urlMax} characters`,
  urlCredentials: 'The URL must not hold a user name or password',
  urlNotResolved: (host: string) => `The host ${host} could not be found`,
  urlNotPublic: (host: string) =>
    `The host ${host} is a loopback, private or otherwise non-public address; webhooks only go to public addresses`,
  eventsRequired: 'Choose at least one event',
  tooMany: `At most ${webhookLimits.hooksMax} webhooks can be set`,
  notFound: 'Webhook not found',
  added: 'Webhook added',
  saved: 'Webhook saved',
  removed: 'Webhook deleted',
  rotated: 'New secret made: update it where the events are received',
  testQueued: 'Test event queued: its delivery shows below',
} as const;

/** Add or change a hook: its URL and the events it receives. */
export const webhookInput = z.object({
  url: z
    .string({ error: webhookMessages.urlRequired })
    .trim()
    .min(1, webhookMessages.urlRequired)
    .max(webhookLimits.urlMax, webhookMessages.urlTooLong)
    .meta({ description: 'Where each event is POSTed: an http(s) URL of a public address' }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: webhookMessages.eventsRequired }), { error: webhookMessages.eventsRequired })
    .min(1, webhookMessages.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .meta({ description: 'The events it receives' }),
});

export type WebhookInput = z.infer<typeof webhookInput>;

const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string().meta({ description: 'The key each delivery is signed with (HMAC-SHA256 of the body)' }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const webhookReply = z.object({ success: z.literal(true), message: z.string(), data: webhookSchema });
export const webhookListReply = z.object({ success: z.literal(true), data: z.array(webhookSchema) });

const attemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused address, timeout, no connection). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

const deliverySchema = z.object({
  _id: z.string(),
  event: z.string(),
  /** pending: waiting for its first or next attempt; delivered: a 2xx came; failed: given up. */
  state: z.enum(['pending', 'delivered', 'failed']),
  createdAt: z.string(),
  attempts: z.array(attemptSchema),
});

export const webhookDeliveriesReply = z.object({ success: z.literal(true), data: z.array(deliverySchema) });

export type Webhook = z.infer<typeof webhookSchema>;
export type WebhookReply = z.infer<typeof webhookReply>;
export type WebhookListReply = z.infer<typeof webhookListReply>;
export type WebhookDelivery = z.infer<typeof deliverySchema>;
export type WebhookDeliveriesReply = z.infer<typeof webhookDeliveriesReply>;
