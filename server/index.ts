/** Starts the site: database, first admin, demo content on an empty database, then listen; stops on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { scheduleDailyPurge } from './daily-purge';
import { DirectoryInUseError } from './db/directory-lock';
import { seedDemoContentIfEmpty } from './db/demo-content';
import { readEnv } from './env';
import { ClientError, loggableError } from './errors';
import { applyHttpTimeouts, stopAccepting } from './http-lifecycle';
import { idleCollector } from './idle-collector';
import { JOB_KINDS } from './jobs/job-kinds';
import { createLogger, lifecycleLogger } from './logger';
import { startServices } from './start';
import { StorageConfigError } from './storage/s3-storage';
import { sweepStorage } from './storage/sweep-storage';
import { purgeOldVisits } from './visits/visit-retention';
import { asError } from '../shared/narrow';

const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    // a setting we cannot read (LOG_LEVEL among them): its message says which and why, a stack trace would only bury it
    createLogger('info').fatal(`Cannot start: ${asError(error).message}`);
    process.exit(1);
  }
})();
/** The process's one logger: the app writes through it too. */
const log = createLogger(env.logLevel);
/** Start and stop messages, written even when LOG_LEVEL=warn trims the rest. */
const lifecycle = lifecycleLogger(log);

const services = await startServices(env, log).catch((error: unknown) => {
  if (error instanceof DirectoryInUseError || error instanceof StorageConfigError) lifecycle.fatal(`Cannot start: ${error.message}`);
  else lifecycle.fatal({ err: loggableError(error) }, 'Cannot start');
  process.exit(1);
});
// what a crash left in tmp and storage, before any new write
const swept = await sweepStorage(services);
if (swept.tmpEntries || swept.storedFiles || swept.imageJobs) {
  lifecycle.info(
    swept,
    `Start sweep removed ${swept.tmpEntries} temporary upload(s), ${swept.storedFiles} stored file(s) and ${swept.imageJobs} image job(s) no record uses.`,
  );
}

const firstAdmin = await services.auth.accounts.ensureFirstAdmin(env.adminEmail, env.adminPassword).catch(async (error) => {
  if (!(error instanceof ClientError)) throw error;
  lifecycle.fatal(`Cannot create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD: ${error.message}`);
  await services.database.close();
  process.exit(1);
});
if (firstAdmin) {
  lifecycle.info(
    firstAdmin.password
      ? `First admin created. Log in at /admin/login with email ${firstAdmin.email} and password ${firstAdmin.password} (shown only once; change it after logging in)`
      : `First admin created. Log in at /admin/login with email ${firstAdmin.email} and the ADMIN_PASSWORD you set`,
  );
}
if (env.demoContent) {
  const seeded = await seedDemoContentIfEmpty(services);
  if (seeded) lifecycle.info(`Demo content added (${seeded} records).`);
}

// images named before the media library existed get their entries; in the background, batch by batch, so the start does not wait
void services.media
  .importNamedImages(log)
  .then(({ registered }) => {
    if (registered) lifecycle.info(`Media library: ${registered} image(s) registered from the content.`);
  })
  .catch((error: unknown) => log.error({ err: loggableError(error) }, 'Media library import failed; it runs again at the next start'));

const app = await buildApp({ services, web: env.development ? 'development' : 'production', log });
// an idle process collects the garbage its work left (see idle-collector.ts)
app.server.on('request', () => idleCollector.noteWork());
idleCollector.start();
applyHttpTimeouts(app.server, { headersMs: env.headersTimeoutMs, requestMs: env.requestTimeoutMs, idleMs: env.idleTimeoutMs });
await app.listen({ port: env.port, host: env.host }).catch(async (error: Error) => {
  // a port in use or not ours to take: said in one line, like every other reason not to start
  lifecycle.fatal(`Cannot start: ${error.message}`);
  await services.database.close();
  process.exit(1);
});
const address = app.server.address();
// listening on a TCP port, the address is an AddressInfo (a string only for a pipe or socket path)
const port = typeof address === 'object' && address ? address.port : env.port;
lifecycle.info(
  `Site ready at http://localhost:${port} (database: ${services.database.kind}, images: ${env.s3 ? `bucket ${env.s3.bucket}` : 'DATA_DIR/uploads'})`,
);
// background jobs left by saves, enquiries, demo content or a process that stopped are done from now on
if (env.simulatePendingRenditions) lifecycle.warn('SIMULATE_PENDING_RENDITIONS: background renditions stay pending (test aid)');
const jobWorkers = JOB_KINDS.flatMap((kind) => kind.createWorker(services, app.log) ?? []);
for (const worker of jobWorkers) worker.start();
// public page views: counted in memory, added to the database every 10 s
services.visits?.start();
if (env.mail) {
  const alerts = env.mail.notify.length ? `enquiry alerts to ${env.mail.notify.join(', ')}` : 'no enquiry alerts (NOTIFY_EMAIL unset)';
  lifecycle.info(`Mail through ${env.mail.smtp.host}:${env.mail.smtp.port} from ${env.mail.from}; ${alerts}`);
}
// audit log entries older than AUDIT_DAYS, and items trashed more than TRASH_DAYS ago, go now and once a day
const auditPurge = scheduleDailyPurge(
  {
    purge: () => services.audit.purge(),
    removed: (count) => `Audit log: removed ${count} entries older than AUDIT_DAYS`,
    failed: 'Audit log purge failed',
  },
  app.log,
);
const trashPurge = scheduleDailyPurge(
  {
    purge: () => services.trash.purge(),
    removed: (count) => `Trash: deleted forever ${count} items trashed more than TRASH_DAYS ago`,
    failed: 'Trash purge failed',
  },
  app.log,
);
// webhook deliveries finished more than 30 days ago leave the delivery log
const webhookLogPurge = scheduleDailyPurge(
  {
    purge: () => services.webhooks.purge(),
    removed: (count) => `Webhooks: removed ${count} deliveries finished more than 30 days ago`,
    failed: 'Webhook delivery log purge failed',
  },
  app.log,
);
// the follow-up reminders' rows 30 days after their day, and per-day visit counts after 25 months (decisions 0040, 0037)
const reminderPurge = scheduleDailyPurge(
  {
    purge: () => services.pipeline.purgeReminders(),
    removed: (count) => `Follow-ups: removed ${count} reminder rows older than 30 days`,
    failed: 'Follow-up reminder purge failed',
  },
  app.log,
);
const visitPurge = scheduleDailyPurge(
  {
    purge: () => purgeOldVisits(services.database.db, env.siteTimeZone),
    removed: (count) => `Visits: removed ${count} per-day counts older than 25 months`,
    failed: 'Visit count purge failed',
  },
  app.log,
);

// each minute, from 08:00 in SITE_TIMEZONE: each owner's follow-ups of the day, once a day whatever the instances (docs/decisions/0040)
const followUpReminders = scheduleDailyPurge(
  {
    purge: () => services.pipeline.scheduleReminders(),
    removed: (count) => `Follow-ups: ${count} morning reminders queued`,
    failed: 'Follow-up reminders could not be scheduled',
  },
  app.log,
  60_000,
);

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
      lifecycle.error('Stop took too long; exiting without a clean database close');
      process.exit(1);
    }, env.shutdownTimeoutMs + STOP_MARGIN_MS).unref();
    lifecycle.info(`Stopping: finishing requests in flight (up to ${env.shutdownTimeoutMs / 1000} s)`);
    const [{ forced, ms }] = await Promise.all([
      stopAccepting(app, env.shutdownTimeoutMs, hurried),
      ...jobWorkers.map((worker) => worker.stop()),
      auditPurge.stop(),
      trashPurge.stop(),
      webhookLogPurge.stop(),
      reminderPurge.stop(),
      visitPurge.stop(),
      followUpReminders.stop(),
    ]);
    // the views counted since the last flush, now that no request is left
    await services.visits?.stop();
    await services.database.close();
    lifecycle.info(`Stopped in ${(ms / 1000).toFixed(1)} s${forced ? `; ${forced} unfinished connection(s) closed` : ''}`);
    process.exit(0);
  });
}
