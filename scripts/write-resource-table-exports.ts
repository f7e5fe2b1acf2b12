// First step of `npm run db:generate`: names every content resource's table for drizzle-kit (server/db/resource-table-exports.ts).
import fs from 'node:fs';
import { resourceTableExportsSource } from '../server/db/resource-tables';

fs.writeFileSync('server/db/resource-table-exports.ts', resourceTableExportsSource());
