/**
 * Sample enquiries in bulk, to see and test the inbox at scale (scripts/seed-enquiries.ts, the paging test):
 * one insert statement, a message a minute back from now, every third Replied and every fifth Archived.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function insertSampleEnquiries(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into contact_messages (id, name, email, number, message, created_at, status)
    select gen_random_uuid(), 'Visitor ' || i, 'visitor' || i || '@example.com', '+91 98450 ' || lpad(i::text, 5, '0'),
      'Enquiry number ' || i || ': ' || repeat('we would like a quote for a new home. ', 8),
      now() - make_interval(mins => i),
      case when i % 5 = 0 then 'Archived' when i % 3 = 0 then 'Replied' else 'New' end
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`analyze contact_messages`);
}
