/** Starts the site: database, first admin, demo content on an empty database, then listen; stops on SIGTERM/SIGINT. */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { DirectoryInUseError } from './db/directory-lock';
import { seedDemoContentIfEmpty } from './db/demo-content';
import { readEnv } from './env';
import { ClientError } from './errors';
import { applyHttpTimeouts, stopAccepting } from './http-lifecycle';
import { idleCollector } from './idle-collector';
import { createRenditionWorker } from './images/rendition-worker';
import { startServices } from './start';
import { StorageConfigError } from './storage/s3-storage';
import { sweepStorage } from './storage/sweep-storage';

const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    // a setting we cannot read: its message says which and why, a stack trace would only bury it
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
})();
const services = await startServices(env).catch((error: unknown) => {
  if (!(error instanceof DirectoryInUseError) && !(error instanceof StorageConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
await sweepStorage(services); // what a crash left in tmp and storage, before any new write

const firstAdmin = await services.auth.ensureFirstAdmin(env.adminEmail, env.adminPassword).catch(async (error) => {
  if (!(error instanceof ClientError)) throw error;
  console.error(`Cannot create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD: ${error.message}`);
  await services.database.close();
  process.exit(1);
});
if (firstAdmin) {
  const password = firstAdmin.password ?? '(the ADMIN_PASSWORD you set)';
  console.log(
    `\nFirst admin created. Log in at /admin/login with\n  email:    ${firstAdmin.email}\n  password: ${password}\n${firstAdmin.password ? 'This password is shown only once; change it after logging in.\n' : ''}`,
  );
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
// an idle process collects the garbage its work left (see idle-collector.ts)
app.server.on('request', () => idleCollector.noteWork());
idleCollector.start();
applyHttpTimeouts(app.server, { headersMs: env.headersTimeoutMs, requestMs: env.requestTimeoutMs, idleMs: env.idleTimeoutMs });
await app.listen({ port: env.port, host: env.host });
const { port } = app.server.address() as AddressInfo;
console.log(
  `Site ready at http://localhost:${port} (database: ${services.database.kind}, images: ${env.s3 ? `bucket ${env.s3.bucket}` : 'DATA_DIR/uploads'})`,
);
// renditions left for the background (by saves, demo content, or a process that stopped) are made from now on
const renditionWorker = createRenditionWorker(services, app.log);
if (env.simulatePendingRenditions) console.log('SIMULATE_PENDING_RENDITIONS: background renditions stay pending (test aid)');
else renditionWorker.start();

const STOP_MARGIN_MS = 10_000;
// the first signal drains requests in flight (up to SHUTDOWN_TIMEOUT_SECONDS); a second one stops waiting
let hurry: () => void = () => {};
const hurried = new Promise<void>((resolve) => (hurry = resolve));
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return hurry();
    stopping = true;
    // a database that does not answer must not keep the process from ending
    setTimeout(() => {
      console.error('Stop took too long; exiting without a clean database close');
      process.exit(1);
    }, env.shutdownTimeoutMs + STOP_MARGIN_MS).unref();
    console.log(`Stopping: finishing requests in flight (up to ${env.shutdownTimeoutMs / 1000} s)`);
    const [{ forced, ms }] = await Promise.all([stopAccepting(app, env.shutdownTimeoutMs, hurried), renditionWorker.stop()]);
    await services.database.close();
    console.log(`Stopped in ${(ms / 1000).toFixed(1)} s${forced ? `; ${forced} unfinished connection(s) closed` : ''}`);
    process.exit(0);
  });
}
