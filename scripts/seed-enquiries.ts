/**
 * Fills the inbox with sample enquiries, to see it at scale (the browser tests' inbox server has 10,000):
 *   DATA_DIR=… npx tsx scripts/seed-enquiries.ts 10000      (or with DATABASE_URL; the server must be stopped on PGlite)
 */
import { insertSampleEnquiries } from '../server/contact/sample-enquiries';
import { readEnv } from '../server/env';
import { startServices } from '../server/start';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npx tsx scripts/seed-enquiries.ts <count, 1 to 1,000,000>');
  process.exit(2);
}

const services = await startServices(readEnv());
try {
  await insertSampleEnquiries(services.database.db, count);
  console.log(`${count} enquiries added.`);
} finally {
  await services.database.close();
}
