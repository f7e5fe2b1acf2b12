// drizzle-kit names the "public" schema in foreign keys; our migrations run in whatever schema is current
// (tests isolate themselves in one schema each), so the qualifier is removed after generating.
import fs from 'node:fs';
import path from 'node:path';

const dir = 'server/db/migrations';
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const full = path.join(dir, file);
  fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replaceAll('"public".', ''));
}
