/**
 * The database schema: one table per content resource (columns as the specs'
 * entity tables), contact messages, admins and their sessions, settings.
 */
import { boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_ROLES } from '../../shared/roles';
import { resourceTables } from './resource-tables';

export { adminRecoveryCodes, adminTotp } from './two-factor-schema';

const t = (name: string) => text(name).notNull().default('');

/**
 * The content resources' tables, generated from their definitions (resource-tables.ts). drizzle-kit
 * finds tables only among this file's named exports, hence one name per resource here; a test checks
 * that none is missing (a table left out here would get no migration).
 */
export const {
  clients,
  gallery,
  project,
  banners,
  property,
  bannerAbout,
  communityAbout,
  topprojects: topProjects,
  Interiorbanner: interiorBanner,
  solution,
  experience,
  interiorportfolio: interiorPortfolio,
  'team-members': teamMembers,
} = resourceTables;

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
  },
  // the inbox reads newest first, all or of one status: both orders come straight from an index
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt, table.id),
    index('contact_messages_status_created_at_idx').on(table.status, table.createdAt, table.id),
    index('contact_messages_deleted_at_idx').on(table.deletedAt),
  ],
);

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** 'admin' (everything) or 'editor' (content screens only); accounts made before roles are Admins. */
  role: text('role', { enum: ADMIN_ROLES }).notNull().default('admin'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

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
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this time: backoff after a failure. */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A claim holds the job until then; a worker that died lets it pass to another. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** Set when the retries are used up: the job is reported, not retried. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this time: backoff after a failure. */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A claim holds the mail until then; a worker that died lets it pass to another. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** Names the claim: renewing or failing it needs this token, so a worker whose lease ran out cannot touch another's claim. */
    claimToken: uuid('claim_token'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set when retries are given up (MAIL_GIVE_UP_AFTER): reported, not retried. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
    kind: text('kind').notNull(),
    actorAdminId: uuid('actor_admin_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').notNull().default({}),
  },
  (table) => [
    // ascending: read backwards they give ORDER BY at DESC, id DESC (NULLS FIRST, PostgreSQL's default for DESC), which DESC NULLS LAST indexes do not
    index('audit_events_at_idx').on(table.at, table.id),
    index('audit_events_actor_email_idx').on(table.actorEmail, table.at, table.id),
    index('audit_events_actor_admin_idx').on(table.actorAdminId, table.at, table.id),
    index('audit_events_kind_idx').on(table.kind, table.at, table.id),
  ],
);
