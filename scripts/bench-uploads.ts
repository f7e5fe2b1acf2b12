/**
 * The bench's upload phase, through the admin API of the built server running as a child process
 * (so its memory is measured alone, not together with the bench's own): first five saves of a 1 MB
 * photo one at a time (time to the reply, and until every rendition is made in the background),
 * then the home page's latency with and without 8 staff members uploading 4000×3000 photos at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { allRenditionUrls } from '../shared/image-urls';
import { startServer, type ServerProcess } from '../server/test/server-process';
import { makePhoto } from './realistic-photo';

export interface UploadPhaseOptions {
  dataDir: string;
  admin: { email: string; password: string };
  seconds: number;
  connections: number;
  uploaders: number;
  /** More settings for the server (DATABASE_URL: the same phase on PostgreSQL). */
  env?: Record<string, string>;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

const BENCH_METRICS_TOKEN = 'bench-metrics';

/** Waits until /metrics reports no pending image job (a first start makes demo renditions in the background). */
async function backgroundRenditionsDone(server: ServerProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    const metrics = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
    if (!/^image_jobs\{state="pending"\} [1-9]/m.test(metrics)) break;
    if (Date.now() - started > 300_000) throw new Error('background renditions still pending after 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const waited = Date.now() - started;
  if (waited > 1000) console.log(`  (waited ${(waited / 1000).toFixed(1)} s for the start's background renditions)`);
}

/** Long enough for the server's idle collection (5 s without a request, checked every 2.5 s). */
const IDLE_SETTLE_MS = 8_000;

export async function benchUploads(options: UploadPhaseOptions): Promise<void> {
  const photo = await makePhoto(4000, 3000);
  const server = await startServer({
    dataDir: options.dataDir,
    env: { METRICS_TOKEN: BENCH_METRICS_TOKEN, ...options.env },
    readyTimeoutMs: 300_000,
  });
  try {
    await backgroundRenditionsDone(server); // a first start's demo renditions would count as load and memory
    const token = await login(server, options.admin);
    const home = `${server.base}/`;
    for (let i = 0; i < 3; i++) await fetch(home).then((reply) => reply.arrayBuffer()); // render and cache

    const quiet = await measure(home, options);
    let peak = memoryOf(server.pid);
    await measureSaves(server, token);
    for (let i = 0; i < 3; i++) await fetch(home).then((reply) => reply.arrayBuffer()); // the saves changed it: cache it again

    // resident sizes every 50 ms; the shared-pages count once a second, as reading smaps_rollup walks the server's
    // page tables under its memory-map lock, which would stall the server being measured
    let tick = 0;
    const sampler = setInterval(() => {
      const now = memoryOf(server.pid, tick++ % 20 === 0);
      peak = { server: Math.max(peak.server, now.server), images: Math.max(peak.images, now.images), both: Math.max(peak.both, now.both) };
    }, 50);
    let uploading = true;
    const statuses: number[] = [];
    const durations: number[] = [];
    const workers = Array.from({ length: options.uploaders }, async (_, worker) => {
      for (let i = 0; uploading; i++) {
        const started = Date.now();
        const reply = await postPhoto(`${server.base}/api/property`, token, `Bench upload ${worker}-${i}`, photo);
        statuses.push(reply?.status ?? 0);
        durations.push(Date.now() - started);
        if (!reply) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the uploads get going first
    const busy = await measure(home, options);
    uploading = false;
    await Promise.all(workers);
    clearInterval(sampler);
    // idle means idle: the server collects its garbage once it has had no request for 5 s (server/idle-collector.ts)
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const idle = memoryOf(server.pid);

    const row = (label: string, m: Measured) =>
      console.log(
        `  ${label.padEnd(20)}${m.rps.toFixed(0).padStart(9)}${m.p50.toFixed(1).padStart(8)}${m.p99.toFixed(1).padStart(8)}${String(m.failed).padStart(8)}`,
      );
    console.log(
      `\nhome page while ${options.uploaders} staff upload 4000×3000 photos (${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG), ` +
        `${options.connections} connections, ${options.seconds} s each; server: node dist/server.js as a child process`,
    );
    console.log(`  ${''.padEnd(20)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'failed'.padStart(8)}`);
    row('without uploads', quiet);
    row('during uploads', busy);
    // unrounded: an idle p99 of 1.6 ms is not 2 ms (whole milliseconds made the 3× goal a coarse step)
    const ratio = busy.p99 / Math.max(quiet.p99, 0.1);
    const verdict = ratio <= 3 && busy.failed === 0 ? 'goal met' : 'goal NOT met';
    const counts = [...new Set(statuses)]
      .map((status) => `${statuses.filter((s) => s === status).length}× ${status || 'no answer'}`)
      .join(', ');
    const meanSeconds = durations.reduce((a, b) => a + b, 0) / Math.max(durations.length, 1) / 1000;
    console.log(`  p99 ratio ${ratio.toFixed(1)}× (goal: at most 3×, no failed request: ${verdict})`);
    console.log(`  uploads: ${counts}, ${meanSeconds.toFixed(1)} s each on average`);
    console.log(
      `  server memory (RSS): ${mb(peak.server)} peak during the uploads, ${mb(idle.server)} idle 8 s after them; ` +
        `its image process ${mb(peak.images)} peak, ${mb(idle.images)} idle (ends 60 s after its last image); ` +
        `both together (PSS, shared pages once) ${mb(peak.both)} peak`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/**
 * One staff member's upload, sent as a browser sends a file: the form's bytes built once and written in one go.
 * (fetch with FormData re-encoded the 4 MB body in JavaScript chunks on the bench's thread: CPU the uploaders'
 * own computers spend, which took a core's share from the server under test on this one machine.)
 */
async function postPhoto(url: string, token: string, title: string, photo: Buffer): Promise<{ status: number } | null> {
  const boundary = `bench${crypto.randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve) => {
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    };
    const request = http.request(url, { method: 'POST', headers, timeout: 120_000 }, (reply) => {
      reply.resume(); // the body is not read: the uploads are left where they are (the phase's data is thrown away after it)
      reply.on('end', () => resolve({ status: reply.statusCode ?? 0 }));
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(null));
    request.end(body);
  });
}

/** Saves measured: this many, after one that warms the process. */
const SAVES = 5;
/** The goal for a save's reply (issue 14: a small server answers a save with one photo within this). */
const SAVE_GOAL_MS = 300;

/**
 * Saves of one property with a camera-like 1 MB JPEG, one at a time as an admin makes them: the time to
 * the reply, and until every rendition answers 200 (the background job done). Each save waits for the
 * previous one's renditions, so each reply is measured alone.
 */
async function measureSaves(server: ServerProcess, token: string): Promise<void> {
  const photo = await makePhoto(2048, 1536);
  const replies: number[] = [];
  const renditions: number[] = [];
  const created: string[] = [];
  for (let i = 0; i <= SAVES; i++) {
    const form = new FormData();
    form.append('title', `Bench save ${i}`);
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const reply = await fetch(`${server.base}/api/property`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const body = (await reply.json()) as { data?: { _id: string; image: string } };
    const replied = performance.now() - started;
    if (reply.status !== 201 || !body.data) throw new Error(`bench save failed: ${reply.status}`);
    created.push(body.data._id);
    const urls = allRenditionUrls(body.data.image);
    // a rendition still being made answers a redirect: not followed, it counts as missing
    while (
      (await Promise.all(urls.map((url) => fetch(server.base + url, { redirect: 'manual' }).then((r) => r.status)))).some(
        (status) => status !== 200,
      )
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (i === 0) continue;
    replies.push(replied);
    renditions.push(performance.now() - started);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const verdict = median(replies) <= SAVE_GOAL_MS ? 'goal met' : 'goal NOT met';
  console.log(`\n${SAVES} saves of one property with a ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG (2048×1536), one at a time:`);
  console.log(
    `  reply: median ${median(replies).toFixed(0)} ms (${replies.map((ms) => ms.toFixed(0)).join(', ')}; goal: at most ${SAVE_GOAL_MS} ms: ${verdict})`,
  );
  console.log(`  every rendition made: median ${median(renditions).toFixed(0)} ms after the save began`);
  for (const id of created)
    await fetch(`${server.base}/api/property/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
}

/** The home page's latency, timed in a thread of its own (scripts/home-latency-worker.mjs). */
async function measure(url: string, options: UploadPhaseOptions): Promise<Measured> {
  const worker = new Worker(new URL('./home-latency-worker.mjs', import.meta.url), {
    workerData: { url, connections: options.connections, seconds: options.seconds },
  });
  const [result] = await Promise.race([once(worker, 'message'), once(worker, 'error').then(([error]) => Promise.reject(error))]);
  await worker.terminate();
  return measuredOf(result);
}

/** The worker's message, checked. */
function measuredOf(value: unknown): Measured {
  const { rps, p50, p99, failed } = (value ?? {}) as Partial<Measured>;
  if ([rps, p50, p99, failed].some((n) => typeof n !== 'number')) throw new Error('the latency worker sent no figures');
  return { rps: Number(rps), p50: Number(p50), p99: Number(p99), failed: Number(failed) };
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

/**
 * Resident memory: the server's, its image process's (server/images/image-process.ts; 0 when none runs), and the
 * two together counting the pages they share (the node binary, libvips) once (PSS).
 */
function memoryOf(pid: number, withShared = true): { server: number; images: number; both: number } {
  const children = readProc(`/proc/${pid}/task/${pid}/children`).split(/\s+/).filter(Boolean);
  const kb = (file: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readProc(file))?.[1] ?? 0) * 1024;
  return {
    server: kb(`/proc/${pid}/status`, 'VmRSS'),
    images: children.reduce((sum, child) => sum + kb(`/proc/${child}/status`, 'VmRSS'), 0),
    both: withShared ? [String(pid), ...children].reduce((sum, id) => sum + kb(`/proc/${id}/smaps_rollup`, 'Pss'), 0) : 0,
  };
}

/** A /proc file's text; '' once the process has gone. */
function readProc(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
