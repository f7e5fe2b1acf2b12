/**
 * The bench's upload phase: the home page's latency with and without 8 staff members uploading
 * 4000×3000 photos at once, through the admin API of the built server running as a child process
 * (so its memory is measured alone, not together with the bench's own).
 */
import fs from 'node:fs';
import http from 'node:http';
import { startServer, type ServerProcess } from '../server/test/server-process';
import { makePhoto } from './realistic-photo';

export interface UploadPhaseOptions {
  dataDir: string;
  admin: { email: string; password: string };
  seconds: number;
  connections: number;
  uploaders: number;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

export async function benchUploads(options: UploadPhaseOptions): Promise<void> {
  const photo = await makePhoto(4000, 3000);
  const server = await startServer({ dataDir: options.dataDir });
  try {
    const token = await login(server, options.admin);
    const home = `${server.base}/`;
    for (let i = 0; i < 3; i++) await fetch(home).then((reply) => reply.arrayBuffer()); // render and cache

    const quiet = await measure(home, options);
    const idleRss = rssBytes(server.pid);

    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(server.pid))), 50);
    let uploading = true;
    const statuses: number[] = [];
    const durations: number[] = [];
    const created: string[] = [];
    const workers = Array.from({ length: options.uploaders }, async (_, worker) => {
      for (let i = 0; uploading; i++) {
        const started = Date.now();
        const form = new FormData();
        form.append('title', `Bench upload ${worker}-${i}`);
        form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
        const reply = await fetch(`${server.base}/api/property`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(120_000),
        }).catch(() => null);
        statuses.push(reply?.status ?? 0);
        durations.push(Date.now() - started);
        const body = reply ? ((await reply.json().catch(() => ({}))) as { data?: { id?: string } }) : {};
        if (body.data?.id) created.push(body.data.id);
        if (!reply) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the uploads get going first
    const busy = await measure(home, options);
    uploading = false;
    await Promise.all(workers);
    clearInterval(sampler);

    const row = (label: string, m: Measured) =>
      console.log(`  ${label.padEnd(20)}${m.rps.toFixed(0).padStart(9)}${String(m.p50).padStart(8)}${String(m.p99).padStart(8)}${String(m.failed).padStart(8)}`);
    console.log(`\nhome page while ${options.uploaders} staff upload 4000×3000 photos (${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG), ` +
      `${options.connections} connections, ${options.seconds} s each; server: node dist/server.js as a child process`);
    console.log(`  ${''.padEnd(20)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'failed'.padStart(8)}`);
    row('without uploads', quiet);
    row('during uploads', busy);
    const ratio = busy.p99 / Math.max(quiet.p99, 1);
    const verdict = ratio <= 3 && busy.failed === 0 ? 'goal met' : 'goal NOT met';
    const counts = [...new Set(statuses)].map((status) => `${statuses.filter((s) => s === status).length}× ${status || 'no answer'}`).join(', ');
    const meanSeconds = durations.reduce((a, b) => a + b, 0) / Math.max(durations.length, 1) / 1000;
    console.log(`  p99 ratio ${ratio.toFixed(1)}× (goal: at most 3×, no failed request: ${verdict})`);
    console.log(`  uploads: ${counts}, ${meanSeconds.toFixed(1)} s each on average`);
    console.log(`  server memory (RSS): ${mb(idleRss)} idle, ${mb(peakRss)} peak during the uploads`);

    for (const id of created) {
      await fetch(`${server.base}/api/property/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/**
 * Closed-loop GETs on `connections` keep-alive connections for the given time. Unlike a tool that
 * stops counting at the end, a request still waiting when time is up is waited for and counted
 * (a stall is exactly what this phase looks for); one not answered within 30 s counts as failed.
 */
async function measure(url: string, options: UploadPhaseOptions): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failed = 0;
  const started = Date.now();
  const until = started + options.seconds * 1000;
  const get = () =>
    new Promise<number | null>((resolve) => {
      const sent = performance.now();
      const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip, br' }, timeout: 30_000 }, (reply) => {
        reply.resume();
        reply.once('end', () => resolve(reply.statusCode === 200 ? performance.now() - sent : null));
      });
      request.once('timeout', () => request.destroy());
      request.once('error', () => resolve(null));
    });
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < until) {
        const ms = await get();
        if (ms === null) failed++;
        else latencies.push(ms);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: (latencies.length + failed) / ((Date.now() - started) / 1000), p50: at(0.5), p99: at(0.99), failed };
}

async function login(server: ServerProcess, admin: { email: string; password: string }): Promise<string> {
  const reply = await fetch(`${server.base}/api/admins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (reply.status !== 200) throw new Error(`bench login failed: ${reply.status}`);
  return ((await reply.json()) as { token: string }).token;
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // the process has gone
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
