/**
 * The enquiry pipeline's notes (issue 26, docs/decisions/0040): each with its enquiry, author and time.
 * schema.ts re-exports the table so drizzle-kit and the backups see it.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins, contactMessages } from './schema';

export const enquiryNotes = pgTable(
  'enquiry_notes',
  {
    id: uuid('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** The author's account; NULL once it is removed (its e-mail stays). */
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('enquiry_notes_message_idx').on(table.messageId, table.createdAt)],
);
