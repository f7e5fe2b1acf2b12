/**
 * Fills the inbox with sample enquiries, to see it at scale (the browser tests' inbox server has 10,000):
 *   DATA_DIR=… npx tsx scripts/seed-enquiries.ts 10000      (or with DATABASE_URL; the server must be stopped on PGlite)
 * One insert statement: a message a minute back from now, every third Replied and every fifth Archived.
 */
import { sql } from 'drizzle-orm';
import { readEnv } from '../server/env';
import { startServices } from '../server/start';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npx tsx scripts/seed-enquiries.ts <count, 1 to 1,000,000>');
  process.exit(2);
}

const services = await startServices(readEnv());
try {
  await services.database.db.execute(sql`
    insert into contact_messages (id, name, email, number, message, created_at, status)
    select gen_random_uuid(), 'Visitor ' || i, 'visitor' || i || '@example.com', '+91 98450 ' || lpad(i::text, 5, '0'),
      'Enquiry number ' || i || ': ' || repeat('we would like a quote for a new home. ', 8),
      now() - make_interval(mins => i),
      case when i % 5 = 0 then 'Archived' when i % 3 = 0 then 'Replied' else 'New' end
    from generate_series(1, ${count}) as i`);
  await services.database.db.execute(sql`analyze contact_messages`);
  console.log(`${count} enquiries added.`);
} finally {
  await services.database.close();
}
