/**
 * The enquiry inbox (GET/PATCH/DELETE /api/user, /api/user/counts, /api/user/export): statuses,
 * the list query, the reply shapes, the API's messages, and the reply link, shared by the server
 * and the admin's "All Contact Messages" screen. See docs/decisions/0016-enquiry-inbox.md.
 */
import type { ContactMessage } from './resources';
import { UUID_PATTERN } from './validation';
import { z } from './zod';

/** Every message starts New; staff move it to Replied (also by replying) or Archived, and back. */
export const MESSAGE_STATUSES = ['New', 'Replied', 'Archived'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Rows per page unless `limit` says otherwise, and the most a page may hold. */
const INBOX_PAGE_SIZE = 25;
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
  notFound: 'Message not found',
  statusChanged: (status: MessageStatus) => `Message marked ${status}`,
  deleted: 'Message deleted',
} as const;

const m = inboxMessages;
const status = z.enum(MESSAGE_STATUSES, { error: m.invalidStatus });

/** What to show: a search across name, email, number and text, one status, and which page (query strings, so numbers are coerced). */
export const inboxViewQuery = z.object({
  q: z.string({ error: m.invalidSearch }).trim().max(SEARCH_MAX, m.searchTooLong).optional(),
  status: status.optional(),
});
export const inboxListQuery = inboxViewQuery.extend({
  page: z.coerce.number({ error: m.invalidPage }).int(m.invalidPage).min(1, m.invalidPage).max(PAGE_MAX, m.invalidPage).default(1),
  limit: z.coerce
    .number({ error: m.invalidLimit })
    .int(m.invalidLimit)
    .min(1, m.invalidLimit)
    .max(INBOX_MAX_PAGE_SIZE, m.invalidLimit)
    .default(INBOX_PAGE_SIZE),
});
export type InboxView = z.infer<typeof inboxViewQuery>;
export type InboxListQuery = z.infer<typeof inboxListQuery>;

export const messageIdParams = z.object({
  id: z.string().regex(UUID_PATTERN, 'Invalid id').meta({ description: 'The message’s `_id` (a UUID).' }),
});
export const statusBody = z.object({ status });

export type InboxCounts = Record<MessageStatus, number>;

/**
 * One message as the inbox lists it. `alert` is the e-mail alert's state (the mail outbox), filled
 * in once alerts exist; the screen shows it when present.
 */
export interface InboxMessage extends ContactMessage {
  status: MessageStatus;
  alert?: { status: string; detail?: string };
}

export interface InboxPage {
  data: InboxMessage[];
  /** Messages in the current view (search and status), all pages. */
  total: number;
  page: number;
  limit: number;
  /** Messages of each status in the whole inbox (the badge and the filter show them). */
  counts: InboxCounts;
}

const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** The reply e-mail: "Re: …" naming the enquiry, and its text quoted below. */
export function replyMailto(message: Pick<ContactMessage, 'name' | 'email' | 'message' | 'createdAt'>): string {
  const subject = `Re: Your enquiry of ${message.createdAt.slice(0, 10)}`;
  const body = `Dear ${message.name},\n\n\n\nOn ${message.createdAt.slice(0, 10)} you wrote:\n${quoted(message.message)}\n`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
