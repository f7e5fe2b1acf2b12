/**
 * Public read throughput: public GETs on demo content against a trivial route of the same
 * server, in one run; then the home page with and without 8 concurrent photo uploads (built
 * server as a child process). Keeps its demo database in .tmp/bench-data between runs.
 *   npm run bench [-- --seconds 5 --connections 50 --upload-seconds 10 --upload-connections 10 --uploaders 8 --uploads-only --instances-only --serving-only
 *     --routes /,/healthz --rounds 9 --serving-seconds 3 --no-nginx --calibrate --body-only] (the last six narrow or widen the serving phase;
 *     --calibrate puts a second bare route in the server's place, to see what two equal sides measure; --body-only adds the bare body without headers)
 * Then, with PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), one instance against two and local disk against S3.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { seedDemoContentIfEmpty } from '../server/db/demo-content';
import { readEnv } from '../server/env';
import { createRenditionWorker } from '../server/images/rendition-worker';
import { serverBuildFile } from '../server/paths';
import { startServices } from '../server/start';
import { createScratchDatabase } from '../server/test/scratch-database';
import { SERVER_ADMIN, serverBundle } from '../server/test/server-process';
import { benchInstances } from './bench-instances';
import { benchServing } from './bench-serving';
import { benchUploads } from './bench-uploads';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    // the home page's p99 with and without uploads, each over this long: over 5 s, where 1 % is a few hundred
    // requests, one cluster of stalls moved the ratio by a third from run to run (docs/decisions/0051)
    'upload-seconds': { type: 'string', default: '10' },
    'upload-connections': { type: 'string', default: '10' },
    uploaders: { type: 'string', default: '8' },
    'uploads-only': { type: 'boolean', default: false },
    'instances-only': { type: 'boolean', default: false },
    'serving-only': { type: 'boolean', default: false },
    routes: { type: 'string' },
    // the serving phase: short runs, many rounds, so the two sides of a pair are measured close in time (decision 0032)
    rounds: { type: 'string', default: '15' },
    'serving-seconds': { type: 'string', default: '3' },
    // a second bare route in the server's place: the ratio two equal sides get (the measurement's own spread)
    calibrate: { type: 'boolean', default: false },
    // also the same body without the headers, in every round (what the headers cost)
    'body-only': { type: 'boolean', default: false },
    'no-nginx': { type: 'boolean', default: false },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

if (values['instances-only']) {
  await benchInstances({ seconds: duration, connections });
  process.exit(0);
}

const env = readEnv({ dataDir: path.resolve('.tmp/bench-data'), databaseUrl: undefined, port: 0, host: '127.0.0.1' });
const services = await startServices(env);
const benchAdmin = { email: 'bench@example.com', password: 'bench-password-not-used' };
await services.auth.accounts.ensureFirstAdmin(benchAdmin.email, benchAdmin.password);
const seeding = performance.now();
const seeded = await seedDemoContentIfEmpty(services);
if (seeded) console.log(`seeded ${seeded} demo records in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
// the demo images' other renditions are made before anything is measured, so no background work skews it
const worker = createRenditionWorker(services, {
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
});
worker.start();
while ((await services.renditionJobs.counts()).pending > 0) await new Promise((resolve) => setTimeout(resolve, 100));
await worker.stop();
if (seeded) console.log(`their background renditions made ${((performance.now() - seeding) / 1000).toFixed(1)} s after the seed began`);

const withPages = fs.existsSync(serverBuildFile);
const app = await buildApp({ services, web: withPages ? 'production' : 'none' });
app.get('/bench/trivial', async () => 'ok');
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const skipInProcess = values['uploads-only'] || values['serving-only'];
const targets = [
  '/bench/trivial',
  '/api/banners',
  '/api/project',
  '/api/gallery',
  '/api/clients',
  ...(withPages ? ['/', '/project/exterior'] : []),
];
if (!skipInProcess) {
  console.log(`\n${connections} connections, ${duration} s per route, database: ${services.database.kind}\n`);
  console.log('route'.padEnd(22), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7));
}
/**
 * One route under load. The load runs in a worker thread: autocannon decodes every body to a string,
 * which on the server's own thread would charge large replies (pages) with the client's work.
 */
const load = (target: string) =>
  autocannon({ url: base + target, connections, duration, workers: 1, headers: { 'accept-encoding': 'gzip, br' } });
/** A route's req/s and the server thread's busy time per request (event loop utilisation over the run). */
async function measure(target: string): Promise<{ rate: number; serverMs: number }> {
  const before = performance.eventLoopUtilization();
  const result = await load(target);
  const busy = performance.eventLoopUtilization(before);
  return { rate: result.requests.average, serverMs: busy.active / result.requests.total };
}

for (const target of skipInProcess ? [] : targets) {
  // one request first, so the figures are of the cached reply, not of the first render or load
  await fetch(base + target).then((reply) => reply.arrayBuffer());
  const result = await load(target);
  const errors = result.errors + result.non2xx;
  console.log(
    target.padEnd(22),
    result.requests.average.toFixed(0).padStart(9),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(errors).padStart(7),
  );
}
if (withPages && !skipInProcess) {
  console.log('');
  // the goal for a cached page: at least 60 % of what the trivial route serves. The two are measured back
  // to back, three times, and the median pair counts (other work on the machine moves both alike). On a
  // small machine the load generator can be the limit for large replies, so the server thread's own time
  // per request is printed too: its ratio is the throughput ratio with the server as the limit.
  const rateRatios: number[] = [];
  const costRatios: number[] = [];
  for (let pair = 0; pair < 3; pair++) {
    const [trivial, home] = [await measure('/bench/trivial'), await measure('/')];
    rateRatios.push(home.rate / trivial.rate);
    costRatios.push(trivial.serverMs / home.serverMs);
    console.log(
      `pair ${pair + 1}: /bench/trivial ${trivial.rate.toFixed(0)} req/s (${trivial.serverMs.toFixed(3)} ms server time each),`,
      `/ ${home.rate.toFixed(0)} req/s (${home.serverMs.toFixed(3)} ms)`,
    );
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[1];
  console.log(
    `cached home page / trivial route, req/s: ${median(rateRatios).toFixed(2)}; server time per request: ${median(costRatios).toFixed(2)} (medians of 3 pairs; goal >= 0.60)`,
  );
} else if (!withPages) console.log('\n(pages not measured: run "npm run build" first)');
await app.close();
await services.database.close();

// the built server against a bare Fastify route serving the same bytes, and nginx's cache against nginx static
if (withPages && fs.existsSync(serverBundle) && !values['uploads-only'])
  await benchServing({
    dataDir: env.dataDir,
    seconds: Number(values['serving-seconds']),
    rounds: Number(values.rounds),
    ...(values.routes ? { routes: values.routes.split(',') } : {}),
    nginx: !values['no-nginx'],
    calibrate: values.calibrate,
    bodyOnly: values['body-only'],
  });
if (values['serving-only']) process.exit(0);

if (withPages && fs.existsSync(serverBundle)) {
  // on a copy of the seeded data folder: each run starts from the demo content alone, whatever earlier runs uploaded
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  fs.cpSync(env.dataDir, scratch, { recursive: true });
  await benchUploads({
    dataDir: scratch,
    admin: benchAdmin,
    seconds: Number(values['upload-seconds']),
    connections: Number(values['upload-connections']),
    uploaders: Number(values.uploaders),
  }).finally(() => fs.rmSync(scratch, { recursive: true, force: true }));
  await benchUploadsOnPostgres();
} else {
  console.log('\n(upload phase not measured: run "npm run build" first)');
}

/** The upload phase again with the server on PostgreSQL (a database of its own, with demo content, dropped after). */
async function benchUploadsOnPostgres(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) return console.log('\n(upload phase on PostgreSQL not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const database = await createScratchDatabase('bench_uploads', adminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-pg-'));
  try {
    console.log('\nthe same on PostgreSQL (first start with demo content):');
    await benchUploads({
      dataDir,
      admin: SERVER_ADMIN,
      seconds: Number(values['upload-seconds']),
      connections: Number(values['upload-connections']),
      uploaders: Number(values.uploaders),
      env: { DATABASE_URL: database.url, DEMO_CONTENT: 'true' },
    });
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (fs.existsSync(serverBundle) && !values['uploads-only']) await benchInstances({ seconds: duration, connections });
