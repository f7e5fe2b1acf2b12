import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // a kind of background job keeps its table in its own file (server/**/<name>.job.ts, see server/jobs/job-kind.ts)
  schema: ['./server/db/schema.ts', './server/**/*.job.ts'],
  out: './server/db/migrations',
});
