/**
 * The audit log's kinds of event (a closed list: the database stores these names, the Activity
 * screen shows their labels) and the entry shape GET /api/activity returns.
 */

/** Every kind of event, with its label on the Activity screen, in the order the kind filter lists them. */
export const auditKindLabels = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-in.locked': 'Account locked after failed sign-ins',
  'sign-out': 'Signed out',
  'account.added': 'Account added',
  'account.removed': 'Account removed',
  'account.role-changed': 'Role changed',
  'account.password-changed': 'Password changed',
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
  'content.created': 'Content added',
  'content.updated': 'Content updated',
  'content.deleted': 'Content deleted',
  'content.trashed': 'Content moved to the trash',
  'content.restored': 'Content restored from the trash',
  'content.deleted-forever': 'Content deleted forever',
  'content.reordered': 'Content put in order',
  'about.updated': 'About content updated',
  'site-settings.updated': 'Site settings updated',
} as const;

export type AuditKind = keyof typeof auditKindLabels;

export const AUDIT_KINDS = Object.keys(auditKindLabels) as [AuditKind, ...AuditKind[]];

/** A text field's value before and after a change (absent on one side when it was added or removed). */
export interface FieldChange {
  before?: unknown;
  after?: unknown;
}

/** One entry as GET /api/activity returns it. */
export interface AuditEntry {
  _id: string;
  /** ISO time */
  at: string;
  kind: AuditKind;
  /** Who did it: null for the system or a visitor; the email is kept after the account is removed. */
  actor: { adminId: string | null; email: string | null } | null;
  ip: string | null;
  /** What it was done to: a record (type is the resource, e.g. "project"), an account, a message. */
  target: { type: string; id: string | null; label: string | null } | null;
  /** Kind-specific: `changes` (field → before/after), `images` (counts), `values`, `reason`, … */
  details: Record<string, unknown>;
}

/** A page of entries, newest first; `next` asks for the following (older) page. */
export interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
}

/** Entries per page: the default, and the most one request may ask for. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
