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
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
