/**
 * The audit log's kinds of event (a closed list: the database stores these names, the Activity
 * screen shows their labels) and the entry shape GET /api/activity returns.
 */
import { z } from './zod';
import { keysOf } from './narrow';

/** Every kind of event, with its label on the Activity screen, in the order the kind filter lists them. */
export const auditKindLabels = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-in.locked': 'Account locked after failed attempts',
  'reauth.failed': 'Password confirmation failed',
  'account.password-change-failed': 'Password change refused',
  'sign-out': 'Signed out',
  'account.added': 'Account added',
  'account.removed': 'Account removed',
  'account.role-changed': 'Permissions changed',
  'account.password-changed': 'Password changed',
  'account.reset-link-sent': 'Password reset link sent',
  'account.password-reset': 'Password set from a reset link',
  '2fa.enabled': 'Two-factor sign-in turned on',
  '2fa.disabled': 'Two-factor sign-in turned off',
  '2fa.recovery-code-used': 'Recovery code used',
  '2fa.recovery-codes-replaced': 'New recovery codes made',
  'session.revoked': 'Session ended',
  'backup.downloaded': 'Backup downloaded',
  'enquiry.status-changed': 'Enquiry status changed',
  'enquiry.deleted': 'Enquiry deleted',
  'enquiry.trashed': 'Enquiry moved to the trash',
  'enquiry.restored': 'Enquiry restored from the trash',
  'enquiry.deleted-forever': 'Enquiry deleted forever',
  'enquiry.stage-changed': 'Enquiry moved to another stage',
  'enquiry.assigned': 'Enquiry owner changed',
  'enquiry.follow-up-set': 'Enquiry follow-up changed',
  'enquiry.note-added': 'Note added to an enquiry',
  'content.created': 'Content added',
  'content.updated': 'Content updated',
  'content.deleted': 'Content deleted',
  'content.trashed': 'Content moved to the trash',
  'content.restored': 'Content restored from the trash',
  'content.deleted-forever': 'Content deleted forever',
  'content.reordered': 'Content put in order',
  'content.version-restored': 'Earlier version restored',
  'content.history-purged': 'History purged',
  'content.draft-saved': 'Draft saved',
  'content.draft-discarded': 'Draft discarded',
  'content.published': 'Content published',
  'content.unpublished': 'Content unpublished',
  'content.scheduled': 'Publishing scheduled',
  'content.schedule-refused': 'Scheduled change not made',
  'media.uploaded': 'Image uploaded to the library',
  'media.updated': 'Library image changed',
  'media.replaced': 'Library image file replaced',
  'media.trashed': 'Library image moved to the trash',
  'media.restored': 'Library image restored from the trash',
  'media.deleted-forever': 'Library image deleted forever',
  'about.updated': 'About content updated',
  'site-settings.updated': 'Site settings updated',
  'webhook.added': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.removed': 'Webhook deleted',
  'webhook.secret-rotated': 'Webhook secret replaced',
  'webhook.test-sent': 'Webhook test event sent',
} as const;

export type AuditKind = keyof typeof auditKindLabels;

export const AUDIT_KINDS = keysOf(auditKindLabels);

/** A text field's value before and after a change (absent on one side when it was added or removed). */
export interface FieldChange {
  before?: unknown;
  after?: unknown;
}

/** One entry as GET /api/activity returns it. */
const auditEntrySchema = z.object({
  _id: z.string(),
  /** ISO time */
  at: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** Who did it: null for the system or a visitor; the email is kept after the account is removed. */
  actor: z.object({ adminId: z.string().nullable(), email: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  /** What it was done to: a record (type is the resource, e.g. "project"), an account, a message. */
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  /** Kind-specific: `changes` (field → before/after), `images` (counts), `values`, `reason`, … */
  details: z.record(z.string(), z.unknown()),
});

/** A page of entries, newest first; `next` asks for the following (older) page. */
export const auditPageReply = z.object({
  success: z.literal(true),
  data: z.object({ entries: z.array(auditEntrySchema), next: z.string().nullable() }),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPageReply = z.infer<typeof auditPageReply>;
export type AuditPage = AuditPageReply['data'];

/** Entries per page: the default, and the most one request may ask for. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
