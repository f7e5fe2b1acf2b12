/**
 * The database schema: one table per content resource (columns as the specs'
 * entity tables), contact messages, admins and their sessions, settings.
 */
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ADMIN_ROLES } from '../../shared/roles';
import type { AuditKind } from '../../shared/audit';
import type { Translations } from '../../shared/translations';
import { jobColumns } from '../jobs/job-table';

export { adminRecoveryCodes, adminTotp } from './two-factor-schema';
export { enquiryNotes } from './pipeline-schema';

const t = (name: string) => text(name).notNull().default('');

// the content resources' tables, named for drizzle-kit in a file `npm run db:generate` writes
export * from './resource-table-exports';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    name: t('name'),
    email: t('email'),
    number: t('number'),
    message: t('message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** New, Replied or Archived (shared/contact-inbox.ts); messages stored before the inbox existed are New. */
    status: text('status').notNull().default('New'),
    /** Set while the enquiry is in the trash (NULL: in the inbox); the purge deletes it forever after TRASH_DAYS. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    // where it came from (issue 26, docs/decisions/0035-enquiry-sources.md): NULL when unknown; never the visitor's address
    /** The path of the page it was sent from. */
    sourcePage: text('source_page'),
    /** The project it is about (no foreign key: the enquiry outlives the project) and its title when sent. */
    projectId: uuid('project_id'),
    projectTitle: text('project_title'),
    /** utm_source, utm_medium, utm_campaign of the visit's landing page. */
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The host of the site that sent the visitor. */
    referrerHost: text('referrer_host'),
    /** The project form's (issue 26): a phone call or a site visit, and the preferred time (shared/project-enquiry-rules.ts). */
    contactBy: text('contact_by'),
    preferredTime: text('preferred_time'),
    // the pipeline (issue 26, docs/decisions/0040-enquiry-pipeline.md), beside the inbox's status
    /** New, Contacted, Site visit, Quoted, Won or Lost (shared/enquiry-pipeline.ts); older enquiries are New. */
    stage: text('stage').notNull().default('New'),
    /** Why it was lost: set with the stage Lost only. */
    lostReason: text('lost_reason'),
    /** The staff account following it up; NULL: nobody (or the account was removed). */
    ownerId: uuid('owner_id').references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
    /** The next follow-up: a day in SITE_TIMEZONE. */
    followUpOn: date('follow_up_on', { mode: 'string' }),
    /** When someone first answered it: its stage first left New, or it was first marked Replied (Insights' time to first contact). */
    firstContactedAt: timestamp('first_contacted_at', { withTimezone: true, mode: 'date' }),
    /** The language of the page it was sent from (shared/languages.ts); older enquiries are English. */
    language: text('language').notNull().default('en'),
  },
  // the inbox reads newest first, all or of one status: both orders come straight from an index
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt, table.id),
    index('contact_messages_status_created_at_idx').on(table.status, table.createdAt, table.id),
    index('contact_messages_deleted_at_idx').on(table.deletedAt),
    index('contact_messages_project_idx').on(table.projectId),
    index('contact_messages_stage_idx').on(table.stage, table.createdAt),
    index('contact_messages_owner_idx').on(table.ownerId),
    index('contact_messages_follow_up_idx').on(table.followUpOn),
  ],
);

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** 'admin' (everything) or 'editor' (content screens only); accounts made before roles are Admins. */
  role: text('role', { enum: ADMIN_ROLES }).notNull().default('admin'),
  /** The areas this account may use, when set by hand; NULL: those of its role's preset (so older rows and archives keep what they had). */
  permissions: text('permissions').array(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Single-use tokens of an account: a sign-in challenge (after the password, before the code or the
 * two-factor enrolment) and a password-reset link. Only a hash of the token is kept; using one deletes
 * it, and any change of the account's password, two-factor state or permissions deletes all of them.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** SHA-256 (hex) of the token handed out. */
    id: text('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** 'login' (a code is asked), 'enrol' (REQUIRE_2FA: set two-factor up first) or 'password-reset'. */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('account_tokens_admin_idx').on(table.adminId), index('account_tokens_expires_at_idx').on(table.expiresAt)],
);

/**
 * Login attempts per normalised email, known or not (so the lockout tells nothing about which exist).
 * `failures` counts attempts reserved since the last success; a row idle for the lock period is stale.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('login_attempts_updated_at_idx').on(table.updatedAt)],
);

/** Fixed-window hit counts per key (a limit's name and an address), shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_resets_at_idx').on(table.resetsAt)],
);

/** A login; the token names it, so logout and password change can end it. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revoked: boolean('revoked').notNull().default(false),
    /** When the session started (its sign-in). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Its last request, written at most about once a minute; idle past SESSION_IDLE_MINUTES, the session has ended. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Browser and system named from the sign-in's User-Agent ("Chrome on Linux"), for the account screen. */
    device: text('device').notNull().default(''),
    /** The address the sign-in came from (request.ip). */
    address: text('address').notNull().default(''),
  },
  (table) => [index('admin_sessions_admin_idx').on(table.adminId)],
);

/** Small key/value settings: the token signing key, the About Us document. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The history of every content item, the About content and the Site settings (docs/decisions/0038): one row per
 * saved state, numbered per item, with the whole snapshot. The item's own row (or settings document) stays the
 * live state; a draft will be a version newer than the published one. `item_id` is '' for the two documents.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey(),
    /** A resource key (`clients`, `project`…), `about` or `site-settings`. */
    resource: text('resource').notNull(),
    itemId: text('item_id').notNull(),
    /** 1, 2, 3… per item, never reused (a pruned number stays gone). */
    number: integer('number').notNull(),
    /** 'published' (the live state when it was saved) or 'draft'. */
    status: text('status').$type<'published' | 'draft'>().notNull().default('published'),
    /** What made it: created, updated, restored from the trash, a version restored, or a document saved. */
    event: text('event').notNull(),
    /** The version a restore brought back, when `event` is 'version-restored'. */
    restoredFrom: integer('restored_from'),
    /** Who saved it, as they were then (the account may be removed or renamed later); NULL: the system or before history. */
    authorId: uuid('author_id'),
    authorName: text('author_name'),
    at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    /** The record's fields and images as the API shows them (the document, for About and Site settings). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** Names of the fields that differ from the version before ("hero.title" in a document). */
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
    /** Every image URL the snapshot names: what keeps their files in storage and out of visitors' sight. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
  },
  (table) => [uniqueIndex('content_versions_item_number_idx').on(table.resource, table.itemId, table.number)],
);

/**
 * The media library (docs/decisions/0048): one row per stored image, keyed by the URL records keep naming. What a
 * URL cannot carry (name, tags, uploader, size, hash) lives here; where it is used is computed from the records.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    /** The stored image (/uploads/<key>_<w>x<h>.webp), as records name it. */
    url: text('url').notNull().unique(),
    /** The upload's file name without its extension; the key for images the import found. */
    name: text('name').notNull(),
    /** The image's own alt text and focal point (a use may override them). */
    alt: text('alt').notNull().default(''),
    focusX: integer('focus_x').notNull().default(50),
    focusY: integer('focus_y').notNull().default(50),
    /** Its alt text in the other languages (docs/decisions/0049): `{ kn: { alt } }`. */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    tags: text('tags').array().notNull().default([]),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size and SHA-256 (hex) of the stored full-size WebP: the hash finds the same file uploaded twice. */
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    /** Set while the entry is in the Trash; the purge deletes it (and its files, when nothing names them) after TRASH_DAYS. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  // the library's pages read newest first; the hash finds duplicates
  (table) => [index('media_uploaded_at_idx').on(table.uploadedAt, table.id), index('media_sha256_idx').on(table.sha256)],
);

/**
 * The earlier URLs of library entries (docs/decisions/0048): a replaced file's old URL, or an upload merged into the entry
 * with the same bytes. Records keep naming them; public reads show the entry's current URL and /uploads redirects them.
 */
export const mediaAliases = pgTable(
  'media_aliases',
  {
    url: text('url').primaryKey(),
    mediaId: uuid('media_id')
      .notNull()
      .references((): AnyPgColumn => media.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  // an entry's aliases, read when it is used, replaced or deleted
  (table) => [index('media_aliases_media_id_idx').on(table.mediaId)],
);

/**
 * Moves on with every committed content write on any instance; the change feed's notifications
 * carry its value, so an instance that missed one sees the gap (or the poll sees a newer value).
 */
export const contentChangeSeq = pgSequence('content_change_seq');

/**
 * Renditions still to make for a stored image: the upload's request stores the first one and the
 * source, and this row in the same transaction as the record; a worker on any instance claims it
 * (FOR UPDATE SKIP LOCKED, a lease that a crash lets run out), makes the rest, then deletes it.
 */
export const imageJobs = pgTable(
  'image_jobs',
  {
    id: uuid('id').primaryKey(),
    /** The stored image URL (/uploads/<key>_<w>x<h>.webp) whose renditions are made. */
    imageUrl: text('image_url').notNull().unique(),
    /** Storage name of the source the renditions are made from; removed with the job. */
    source: text('source').notNull(),
    ...jobColumns(),
  },
  (table) => [index('image_jobs_run_after_idx').on(table.runAfter)],
);

/**
 * Mails to send (server/mail): written in the same transaction as the change they tell of (an
 * enquiry, a password change), claimed by a worker on any instance like image_jobs (FOR UPDATE SKIP
 * LOCKED, a lease), retried with backoff, marked sent in the step that ends the claim. An enquiry's
 * alert goes with the enquiry when it is deleted (it holds a copy of the visitor's message).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    /** What the mail is about: 'enquiry-alert', and the account mails. */
    kind: text('kind').notNull(),
    /** Addresses, comma separated. */
    recipients: text('recipients').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Sent as the Message-ID header, the same on every attempt, so a resend after a crash is recognisable as the same mail. */
    messageId: text('message_id').notNull().unique(),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** Set when the mail server accepted the mail: the job is done (its row stays, as the enquiry's alert status). */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    ...jobColumns(),
  },
  (table) => [index('mail_outbox_run_after_idx').on(table.runAfter), index('mail_outbox_contact_message_idx').on(table.contactMessageId)],
);

/**
 * The audit log (server/audit/): who did what, when, from where. Append-only: a trigger (custom
 * migration) refuses UPDATE, and DELETE except of entries older than the retention purge's cutoff.
 * No foreign key to admins: an entry keeps its actor's id and email after the account is removed.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    /** Milliseconds, as JavaScript's Date holds them: the Activity screen's page cursor is exact. */
    at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    kind: text('kind').$type<AuditKind>().notNull(),
    actorAdminId: uuid('actor_admin_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    // ascending: read backwards they give ORDER BY at DESC, id DESC (NULLS FIRST, PostgreSQL's default for DESC), which DESC NULLS LAST indexes do not
    index('audit_events_at_idx').on(table.at, table.id),
    index('audit_events_actor_email_idx').on(table.actorEmail, table.at, table.id),
    index('audit_events_actor_admin_idx').on(table.actorAdminId, table.at, table.id),
    index('audit_events_kind_idx').on(table.kind, table.at, table.id),
  ],
);

/**
 * Webhooks (server/webhooks/): URLs that receive the events they subscribe to, each delivery signed
 * with the hook's own secret (kept here in the clear: signing needs it; backups carry it with the hook).
 */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey(),
  url: text('url').notNull(),
  /** Event names (shared/webhooks.ts WEBHOOK_EVENTS). */
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Visits counted without cookies (server/visits/): page views per day (SITE_TIMEZONE), page, referring host and
 * campaign, added up by every instance with upserts ('' where there is none).
 */
export const visitCounts = pgTable(
  'visit_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    utmMedium: text('utm_medium').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    views: integer('views').notNull(),
  },
  (table) => [
    uniqueIndex('visit_counts_key_idx').on(table.day, table.path, table.referrerHost, table.utmSource, table.utmMedium, table.utmCampaign),
  ],
);

/** Unique visitors of each day that has ended (today's are still hashes in visitor_hashes). */
export const dailyVisitors = pgTable('daily_visitors', {
  day: date('day', { mode: 'string' }).primaryKey(),
  visitors: integer('visitors').notNull(),
});

/**
 * Today's visitors as hashes of address and user agent under today's salt: counted once per day across instances,
 * then added to daily_visitors and deleted when the day ends. Never the address itself.
 */
export const visitorHashes = pgTable(
  'visitor_hashes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.hash] })],
);

/** The salt of today's visitor hashes, shared by every instance; deleted as soon as its day is over. */
export const visitSalts = pgTable('visit_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
