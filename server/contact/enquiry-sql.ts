/** SQL about enquiries that staff read and the pipeline writes: the source as the inbox and insights name it, the first contact. */
import { sql } from 'drizzle-orm';
import { DIRECT_SOURCE } from '../../shared/enquiry-source-rules';
import { contactMessages } from '../db/schema';

// the constant written into the SQL (not a parameter), so the grouping and the selection are one expression
export const enquirySourceSql = sql<string>`coalesce(${contactMessages.utmSource}, ${contactMessages.referrerHost}, ${sql.raw(`'${DIRECT_SOURCE}'`)})`;

/** The first answer's time stays the first: set once, when the enquiry is first answered (a stage past New, or Replied). */
export const firstContact = sql`coalesce(${contactMessages.firstContactedAt}, now())`;
