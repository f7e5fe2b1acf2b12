/** An enquiry's source as staff read it (inbox filter, insights): the campaign source, else the referring host, else "direct". */
import { sql } from 'drizzle-orm';
import { DIRECT_SOURCE } from '../../shared/enquiry-source-rules';
import { contactMessages } from '../db/schema';

// the constant written into the SQL (not a parameter), so the grouping and the selection are one expression
export const enquirySourceSql = sql<string>`coalesce(${contactMessages.utmSource}, ${contactMessages.referrerHost}, ${sql.raw(`'${DIRECT_SOURCE}'`)})`;
