/**
 * Two-factor sign-in (TOTP): one row per account that has started or finished enrolling, and its
 * single-use recovery codes. schema.ts re-exports these tables so drizzle-kit and the backups see them.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './schema';

export const adminTotp = pgTable('admin_totp', {
  adminId: uuid('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  /** The confirmed secret, encrypted (AES-256-GCM, key in settings); null until the first code confirms it. */
  secret: text('secret'),
  /** A secret shown to the account but not yet confirmed with a code, encrypted the same way. */
  pendingSecret: text('pending_secret'),
  /** When the first code confirmed the secret: two-factor sign-in is on from then. */
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  /** The last TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
  lastStep: integer('last_step'),
});

/** Recovery codes, stored as SHA-256 of 80 random bits each; `usedAt` set (once, atomically) when one is spent. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('admin_recovery_codes_admin_idx').on(table.adminId)],
);
