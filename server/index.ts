/** Starts the site: database, first admin, demo content on an empty database, then listen. */
import { buildApp } from './app';
import { seedDemoContentIfEmpty } from './db/demo-content';
import { readEnv } from './env';
import { ClientError } from './errors';
import { startServices } from './start';
import { sweepStorage } from './storage/sweep-storage';

const env = readEnv();
const services = await startServices(env);
await sweepStorage(services); // what a crash left in tmp and storage, before any new write

const firstAdmin = await services.auth.ensureFirstAdmin(env.adminEmail, env.adminPassword).catch(async (error) => {
  if (!(error instanceof ClientError)) throw error;
  console.error(`Cannot create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD: ${error.message}`);
  await services.database.close();
  process.exit(1);
});
if (firstAdmin) {
  const password = firstAdmin.password ?? '(the ADMIN_PASSWORD you set)';
  console.log(`\nFirst admin created. Log in at /admin/login with\n  email:    ${firstAdmin.email}\n  password: ${password}\n${firstAdmin.password ? 'This password is shown only once; change it after logging in.\n' : ''}`);
}
if (env.demoContent) {
  const seeded = await seedDemoContentIfEmpty(services);
  if (seeded) console.log(`Demo content added (${seeded} records).`);
}

const app = await buildApp({
  services,
  web: process.env.NODE_ENV === 'development' ? 'development' : 'production',
  logger: true,
});
await app.listen({ port: env.port, host: env.host });
console.log(`Site ready at http://localhost:${env.port} (database: ${services.database.kind})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await services.database.close();
    process.exit(0);
  });
}
