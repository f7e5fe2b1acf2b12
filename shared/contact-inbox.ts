/**
 * The enquiry inbox (GET/PATCH/DELETE /api/user, /api/user/counts, /api/user/export): statuses,
 * the list query, the reply shapes, the API's messages, and the reply link, shared by the server
 * and the admin's "All Contact Messages" screen. See docs/decisions/0016-enquiry-inbox.md.
 */
import type { ContactMessage } from './resources';
import { DIRECT_SOURCE, SOURCE_LIMITS } from './enquiry-source-rules';
import { pipelineFields, pipelineFilters, STAGES } from './enquiry-pipeline';
import { zoneDate } from './site-time';
import { queryText } from './text-input';
import { UUID_PATTERN } from './validation';
import { z } from './zod';

/** Every message starts New; staff move it to Replied (also by replying) or Archived, and back. */
export const MESSAGE_STATUSES = ['New', 'Replied', 'Archived'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Rows per page when `page` alone asks for paging, and the most a page may hold. */
export const INBOX_PAGE_SIZE = 25;
const INBOX_MAX_PAGE_SIZE = 100;
const SEARCH_MAX = 200;
/** A page number beyond this is a mistake, not a request (10,000,000 rows at 100 a page). */
const PAGE_MAX = 100_000;

export const inboxMessages = {
  invalidStatus: `Status must be one of ${MESSAGE_STATUSES.join(', ')}`,
  invalidPage: 'Page must be a whole number from 1',
  invalidLimit: `Limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`,
  searchTooLong: `Search must be at most ${SEARCH_MAX} characters`,
  invalidSearch: 'Search must be one piece of text',
  invalidSource: `Source must be at most ${SOURCE_LIMITS.referrerHost} characters of one piece of text`,
  invalidProject: 'Project must be the id of a project',
  notFound: 'Message not found',
  statusChanged: (status: MessageStatus) => `Message marked ${status}`,
  deleted: 'Message deleted',
} as const;

const m = inboxMessages;
const status = z.enum(MESSAGE_STATUSES, { error: m.invalidStatus });

/** What to show: a search across name, email, number and text, one status, and which page (query strings, so numbers are coerced). */
export const inboxViewQuery = z.object({
  q: queryText('Search', m.invalidSearch).trim().max(SEARCH_MAX, m.searchTooLong).optional(),
  status: status.optional(),
  source: queryText('Source', m.invalidSource)
    .trim()
    .min(1, m.invalidSource)
    .max(SOURCE_LIMITS.referrerHost, m.invalidSource)
    .optional()
    .meta({
      description: `Where enquiries came from: a campaign source (\`utm_source\`), else a referring host, or \`${DIRECT_SOURCE}\`.`,
    }),
  project: z
    .string({ error: m.invalidProject })
    .regex(UUID_PATTERN, m.invalidProject)
    .optional()
    .meta({ description: 'A project’s `_id`' }),
  // the pipeline's (issue 26): a stage, an owner
  ...pipelineFilters,
});
/** Paging only when asked for: without `page` and `limit` the list is the whole view (the spec's messages list). */
export const inboxListQuery = inboxViewQuery.extend({
  page: z.coerce.number({ error: m.invalidPage }).int(m.invalidPage).min(1, m.invalidPage).max(PAGE_MAX, m.invalidPage).optional(),
  limit: z.coerce
    .number({ error: m.invalidLimit })
    .int(m.invalidLimit)
    .min(1, m.invalidLimit)
    .max(INBOX_MAX_PAGE_SIZE, m.invalidLimit)
    .optional(),
});
export type InboxView = z.infer<typeof inboxViewQuery>;
/** One page of a view (the service's list). */
export type InboxListQuery = InboxView & { page: number; limit: number };

export const messageIdParams = z.object({
  id: z.string().regex(UUID_PATTERN, 'Invalid id').meta({ description: 'The message’s `_id` (a UUID).' }),
});
export const statusBody = z.object({ status });

const inboxCountsSchema = z.object({ New: z.number().int(), Replied: z.number().int(), Archived: z.number().int() });

/**
 * One message as the inbox lists it. `alert` is the e-mail alert's state (the mail outbox), filled
 * in once alerts exist; the screen shows it when present.
 */
const inboxMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  number: z.string(),
  message: z.string(),
  createdAt: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  // where it came from (issue 26): null when unknown
  sourcePage: z.string().nullable().meta({ description: 'The path of the page it was sent from' }),
  projectId: z.string().nullable().meta({ description: 'The project it is about' }),
  projectTitle: z.string().nullable().meta({ description: 'That project’s title when the enquiry was sent' }),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  referrerHost: z.string().nullable().meta({ description: 'The host of the site that sent the visitor' }),
  contactBy: z.string().nullable().meta({ description: 'From the project form: a phone call or a site visit (its `email` is empty)' }),
  preferredTime: z.string().nullable().meta({ description: 'From the project form: when to call or visit' }),
  language: z.string().meta({ description: 'The language of the page it was sent from (`en`, `kn`); older enquiries are `en`' }),
  ...pipelineFields,
  alert: z
    .object({ status: z.string(), detail: z.string().optional() })
    .optional()
    .meta({ description: 'The e-mail alert of this message, once alerts are sent.' }),
});

/** The replies of GET /api/user (a view, paged or whole), /api/user/counts, GET /api/user/:id and its status change. */
export const inboxListReply = z.object({
  success: z.literal(true),
  data: z.array(inboxMessageSchema),
  total: z.number().int(),
  page: z.number().int().optional().meta({ description: 'When paged' }),
  limit: z.number().int().optional().meta({ description: 'When paged' }),
  counts: inboxCountsSchema,
});
export const inboxCountsReply = z.object({ success: z.literal(true), data: inboxCountsSchema });
/** GET /api/user/sources: the source and project filters' choices (issue 26), with counts, most enquiries first. */
export const inboxSourcesReply = z.object({
  success: z.literal(true),
  data: z.object({
    sources: z
      .array(z.object({ source: z.string(), count: z.number().int() }))
      .meta({ description: `Campaign source, else referring host, else \`${DIRECT_SOURCE}\`` }),
    projects: z.array(z.object({ _id: z.string(), title: z.string(), count: z.number().int() })),
  }),
});
export type InboxSourcesReply = z.infer<typeof inboxSourcesReply>;
/** GET /api/user/board: per stage, its count in the view and its newest enquiries. */
export const inboxBoardReply = z.object({
  success: z.literal(true),
  data: z.array(z.object({ stage: z.enum(STAGES), total: z.number().int(), data: z.array(inboxMessageSchema) })),
});
export type InboxBoardReply = z.infer<typeof inboxBoardReply>;
export const inboxMessageReply = z.object({ success: z.literal(true), data: inboxMessageSchema });
export const inboxStatusReply = z.object({ success: z.literal(true), message: z.string(), data: inboxMessageSchema });

export type InboxCounts = z.infer<typeof inboxCountsSchema>;
export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export type InboxListReply = z.infer<typeof inboxListReply>;
export type InboxCountsReply = z.infer<typeof inboxCountsReply>;
export type InboxMessageReply = z.infer<typeof inboxMessageReply>;
export type InboxStatusReply = z.infer<typeof inboxStatusReply>;

export interface InboxPage {
  data: InboxMessage[];
  /** Messages in the current view (search and status), all pages. */
  total: number;
  page: number;
  limit: number;
  /** Messages of each status in the whole inbox (the badge and the filter show them). */
  counts: InboxCounts;
}
export type InboxSourceCount = { source: string; count: number };
export type InboxProjectCount = { _id: string; title: string; count: number };

const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** The reply e-mail: "Re: …" naming the enquiry's day in the site's time zone, and its text quoted below. */
export function replyMailto(message: Pick<ContactMessage, 'name' | 'email' | 'message' | 'createdAt'>, timeZone: string): string {
  const day = zoneDate(new Date(message.createdAt), timeZone);
  const subject = `Re: Your enquiry of ${day}`;
  const body = `Dear ${message.name},\n\n\n\nOn ${day} you wrote:\n${quoted(message.message)}\n`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
