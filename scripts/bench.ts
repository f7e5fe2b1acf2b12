/**
 * Public read throughput: public GETs on demo content against a trivial route of the same
 * server, in one run. Keeps its demo database in .tmp/bench-data between runs.
 *   npm run bench [-- --seconds 5 --connections 50]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { seedDemoContentIfEmpty } from '../server/db/demo-content';
import { readEnv } from '../server/env';
import { serverBuildFile } from '../server/paths';
import { startServices } from '../server/start';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);

const env = readEnv({ dataDir: path.resolve('.tmp/bench-data'), databaseUrl: undefined, port: 0, host: '127.0.0.1' });
const services = await startServices(env);
await services.auth.ensureFirstAdmin('bench@example.com', 'bench-password-not-used');
const seeded = await seedDemoContentIfEmpty(services);
if (seeded) console.log(`seeded ${seeded} demo records`);

const withPages = fs.existsSync(serverBuildFile);
const app = await buildApp({ services, web: withPages ? 'production' : 'none' });
app.get('/bench/trivial', async () => 'ok');
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const targets = ['/bench/trivial', '/api/banners', '/api/project', '/api/gallery', '/api/clients', ...(withPages ? ['/', '/project/exterior'] : [])];
console.log(`\n${connections} connections, ${duration} s per route, database: ${services.database.kind}\n`);
console.log('route'.padEnd(22), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7));
const throughput = new Map<string, number>();
for (const target of targets) {
  // one request first, so the figures are of the cached reply, not of the first render or load
  await fetch(base + target).then((reply) => reply.arrayBuffer());
  // the load runs in a worker thread: autocannon decodes every body to a string, which on the server's own
  // thread would charge large replies (pages) with the client's work
  const result = await autocannon({ url: base + target, connections, duration, workers: 1, headers: { 'accept-encoding': 'gzip, br' } });
  const errors = result.errors + result.non2xx;
  throughput.set(target, result.requests.average);
  console.log(target.padEnd(22), result.requests.average.toFixed(0).padStart(9), String(result.latency.p50).padStart(8), String(result.latency.p99).padStart(8), String(errors).padStart(7));
}
if (withPages) {
  // the goal for a cached page: at least 60 % of what the trivial route serves
  const ratio = throughput.get('/')! / throughput.get('/bench/trivial')!;
  console.log(`\ncached home page / trivial route: ${ratio.toFixed(2)} (goal >= 0.60)`);
} else console.log('\n(pages not measured: run "npm run build" first)');
await app.close();
await services.database.close();
