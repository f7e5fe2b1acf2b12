/**
 * The bench's instances phase: the public API list, a cached page and a stored image, served by
 * one built server on PostgreSQL with images on local disk, one with images in a bucket (s3rver on
 * loopback), and two with the same database and bucket sharing the load. Needs PostgreSQL
 * (BENCH_DATABASE_URL, else TEST_DATABASE_URL); each run uses a database of its own, dropped after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startS3Server, type S3TestServer } from '../server/test/s3-server';
import { createScratchDatabase } from '../server/test/scratch-database';
import { startServer, type ServerProcess } from '../server/test/server-process';

export interface InstancesPhaseOptions {
  seconds: number;
  connections: number;
}

const TARGETS = ['/api/gallery', '/gallery', 'image'] as const;

export async function benchInstances(options: InstancesPhaseOptions): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('\n(instances phase not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  console.log(`\ninstances: ${options.connections} connections in all, ${options.seconds} s per route, PostgreSQL, demo content`);
  console.log('setup'.padEnd(28), ...TARGETS.map((target) => target.padStart(14)), '  (req/s)');
  const results: Record<string, number[]> = {};
  for (const setup of ['1 instance, local disk', '1 instance, S3', '2 instances, S3'] as const) {
    const instances = setup.startsWith('2') ? 2 : 1;
    results[setup] = await withSite(adminUrl, setup.endsWith('S3'), instances, async (servers) => {
      const imageUrl = await anImageUrl(servers[0]);
      const rates: number[] = [];
      for (const target of TARGETS) {
        const url = target === 'image' ? imageUrl : target;
        // each instance answers once first, so every figure is of a warm cache
        for (const server of servers) await fetch(server.base + url).then((reply) => reply.arrayBuffer());
        const perInstance = Math.max(1, Math.floor(options.connections / servers.length));
        const runs = await Promise.all(
          servers.map((server) =>
            autocannon({
              url: server.base + url,
              connections: perInstance,
              duration: options.seconds,
              workers: 1,
              headers: { 'accept-encoding': 'gzip, br' },
            }),
          ),
        );
        const failed = runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
        if (failed) console.log(`  ${target}: ${failed} failed requests`);
        rates.push(runs.reduce((sum, run) => sum + run.requests.average, 0));
      }
      return rates;
    });
    console.log(setup.padEnd(28), ...results[setup].map((rate) => rate.toFixed(0).padStart(14)));
  }
  const ratio = (a: string, b: string) => TARGETS.map((_, i) => (results[a][i] / results[b][i]).toFixed(2).padStart(14));
  console.log('S3 / local disk'.padEnd(28), ...ratio('1 instance, S3', '1 instance, local disk'));
  console.log('2 instances / 1'.padEnd(28), ...ratio('2 instances, S3', '1 instance, S3'));
  console.log(`(${os.availableParallelism()} cores shared by the instances, s3rver and the load generator)`);
}

/** Starts `count` servers on a fresh database (and bucket), the first one adding demo content; stops and drops all after. */
async function withSite<T>(adminUrl: string, useS3: boolean, count: number, work: (servers: ServerProcess[]) => Promise<T>): Promise<T> {
  const database = await createScratchDatabase('bench', adminUrl);
  let s3: S3TestServer | null = null;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  try {
    if (useS3) s3 = await startS3Server();
    for (let i = 0; i < count; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instance-'));
      dataDirs.push(dataDir);
      servers.push(
        await startServer({
          dataDir,
          readyTimeoutMs: 300_000,
          env: { DATABASE_URL: database.url, DEMO_CONTENT: i === 0 ? 'true' : 'false', ...(s3?.processEnv ?? {}) },
        }),
      );
    }
    return await work(servers);
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await s3?.stop();
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function anImageUrl(server: ServerProcess): Promise<string> {
  const items = (await (await fetch(`${server.base}/api/gallery`)).json()) as { data: { images: { url: string }[] }[] };
  const url = items.data[0]?.images[0]?.url;
  if (!url) throw new Error('the demo content has no gallery image');
  return url;
}
