/**
 * Fault drill: crashes, a PostgreSQL outage, a full disk and a stop under load, each against the
 * built server (dist/server.js) on loopback. Prints one line per scenario with its figures.
 *   npm run build && npm run drill [-- --rounds 5 --only crash,outage,disk,shutdown]
 * Needs root for the disk scenario (a tmpfs mount) and pg_createcluster for the outage (a private
 * cluster on a free port); without them those scenarios are reported as skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { allRenditionUrls } from '../shared/image-urls';
import {
  postHead,
  prepareDataDir,
  rawRequest,
  serverBundle,
  sleep,
  startServer,
  StartFailed,
  type ServerProcess,
} from '../server/test/server-process';
import { makePhoto } from './realistic-photo';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    only: { type: 'string', default: 'crash,outage,disk,shutdown' },
  },
});
const rounds = Number(values.rounds);
const only = new Set(values.only.split(','));

/** Everything to undo, newest first, whatever happens (a failed scenario, Ctrl-C). */
const cleanups: Array<{ label: string; run: () => void | Promise<void> }> = [];
function onCleanup(label: string, run: () => void | Promise<void>) {
  const entry = { label, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index >= 0) cleanups.splice(index, 1);
    await run();
  };
}
async function cleanUpAll() {
  while (cleanups.length) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup "${entry.label}" failed: ${(error as Error).message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUpAll().then(() => process.exit(130));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (name: string, text: string) => console.log(`${name.padEnd(16)} ${text}`);

/** A started server that is killed during cleanup if the scenario did not stop it. */
async function launch(options: Parameters<typeof startServer>[0]): Promise<ServerProcess> {
  const server = await startServer({ ...options, env: { METRICS_TOKEN: DRILL_METRICS_TOKEN, ...options.env } });
  onCleanup(`server ${server.pid}`, () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });
  return server;
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function preparedDataDir(prefix: string): Promise<string> {
  const dir = await prepareDataDir(prefix);
  onCleanup(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
/** Entries of `dir` older than `since`: what a restart found and left, not what the restarted server is making (a rendition's staging). */
const entriesOlderThan = (dir: string, since: number) =>
  filesIn(dir).filter((name) => (fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < since);

interface Answer {
  status: number | 'error';
  ms: number;
  retryAfter: string | null;
}

async function timed(url: string, init: RequestInit = {}, timeoutMs = 15_000): Promise<Answer> {
  const started = Date.now();
  try {
    const reply = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    await reply.arrayBuffer();
    return { status: reply.status, ms: Date.now() - started, retryAfter: reply.headers.get('retry-after') };
  } catch {
    return { status: 'error', ms: Date.now() - started, retryAfter: null };
  }
}

/** A property (title + one image) through the admin API, as the admin screens send it. */
function createProperty(server: ServerProcess, token: string, photo: Buffer, title: string, timeoutMs = 60_000): Promise<Answer> {
  const form = new FormData();
  form.append('title', title);
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return timed(`${server.base}/api/property`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }, timeoutMs);
}

const DRILL_METRICS_TOKEN = 'drill-metrics';

/** The background jobs once none is pending (at most 3 minutes), from /metrics. */
async function jobsWhenSettled(server: ServerProcess): Promise<{ pending: number; failed: number }> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${DRILL_METRICS_TOKEN}` } })).text();
    const count = (state: string) => Number(new RegExp(`^image_jobs\\{state="${state}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    const jobs = { pending: count('pending'), failed: count('failed') };
    if (jobs.pending === 0 || Date.now() > deadline) return jobs;
    await sleep(500);
  }
}

/**
 * Records of /api/property whose image files are not all on disk: the stored URL must be there at once,
 * the other renditions once the background jobs a crash interrupted are done (none pending in /metrics).
 */
async function brokenRecords(server: ServerProcess, dataDir: string): Promise<{ records: number; broken: number }> {
  const reply = await fetch(`${server.base}/api/property`, { signal: AbortSignal.timeout(15_000) });
  const records = (await reply.json()) as Array<{ image?: string }>;
  const uploads = path.join(dataDir, 'uploads');
  const stored = (url: string) => fs.existsSync(path.join(uploads, path.basename(url)));
  const withoutImage = records.filter((record) => !stored(record.image ?? '')).length;
  const incomplete = () => records.filter((record) => allRenditionUrls(record.image ?? '').some((url) => !stored(url)));
  const jobs = await jobsWhenSettled(server);
  for (const record of incomplete()) {
    const missing = allRenditionUrls(record.image ?? '')
      .filter((url) => !stored(url))
      .map((url) => path.basename(url));
    console.error(`crash: ${record.image} lacks ${missing.join(', ')} (image jobs: ${jobs.pending} pending, ${jobs.failed} failed)`);
    const jobLines = server
      .output()
      .split('\n')
      .filter((logLine) => /image job/i.test(logLine));
    if (jobLines.length) console.error(`crash: the server said:\n${jobLines.slice(-3).join('\n')}`);
  }
  return { records: records.length, broken: Math.max(withoutImage, incomplete().length) };
}

const contactMessage = () =>
  JSON.stringify({ name: 'Drill Visitor', email: 'visitor@example.com', number: '+91 98450 00000', message: 'Is the site up?' });

// ---------------------------------------------------------------------------------------------

async function crashScenario(photo: Buffer) {
  const dataDir = await preparedDataDir('drill-crash-');
  let restarts = 0;
  let refused = 0;
  let acknowledged = 0;
  let leftovers = 0;
  const readyMs: number[] = [];
  const acknowledgedTitles = new Set<string>();
  let final = { records: 0, broken: 0, lost: 0 };

  for (let round = 0; round <= rounds; round++) {
    const started = Date.now();
    let server: ServerProcess;
    try {
      server = await launch({ dataDir });
    } catch (error) {
      if (!(error instanceof StartFailed)) throw error;
      refused++;
      console.error(`crash: restart ${round} refused: ${error.output.trim().split('\n').pop()}`);
      continue;
    }
    if (round > 0) {
      restarts++;
      readyMs.push(Date.now() - started);
      leftovers += entriesOlderThan(path.join(dataDir, 'tmp'), started).length;
    }
    const token = await server.login();
    if (round === rounds) {
      const check = await brokenRecords(server, dataDir);
      const listed = (await (await fetch(`${server.base}/api/property`)).json()) as Array<{ title: string }>;
      const titles = new Set(listed.map((record) => record.title));
      final = { ...check, lost: [...acknowledgedTitles].filter((title) => !titles.has(title)).length };
      server.child.kill('SIGTERM');
      await server.exited;
      break;
    }
    // three staff members creating records with photos, until the power goes
    let stop = false;
    let firstAcknowledged: () => void = () => {};
    const someAcknowledged = new Promise<void>((resolve) => (firstAcknowledged = resolve));
    const writers = [0, 1, 2].map(async (writer) => {
      for (let i = 0; !stop; i++) {
        const title = `Crash ${round}-${writer}-${i}`;
        const answer = await createProperty(server, token, photo, title);
        if (answer.status === 201) {
          acknowledged++;
          acknowledgedTitles.add(title);
          firstAcknowledged();
        }
        if (answer.status === 'error') return;
      }
    });
    // once creates go through, the crash lands at a random point of the ones in progress
    await Promise.race([someAcknowledged, sleep(30_000)]);
    await sleep(Math.random() * 2000);
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await server.exited;
  }
  const ready = readyMs.length ? `${seconds(Math.min(...readyMs))}-${seconds(Math.max(...readyMs))}` : 'n/a';
  line(
    'crash',
    `PGlite, ${rounds} SIGKILLs during creates with images: ${restarts}/${rounds} restarts succeeded (${refused} refused), ` +
      `${final.broken} of ${final.records} records with missing images, ${final.lost} of ${acknowledged} acknowledged creates lost, ` +
      `${leftovers} files from before a restart left in DATA_DIR/tmp, ready in ${ready}`,
  );
}

// ---------------------------------------------------------------------------------------------

const PG_VERSION = '15';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]) {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

/** A private PostgreSQL cluster on a free port, with trust auth; dropped at cleanup. */
interface Cluster {
  url: string;
  start(): void;
  stop(): void;
  /** SIGSTOP for the postmaster and every backend: a silent outage */
  freeze(): void;
  thaw(): void;
}

async function privateCluster(): Promise<Cluster | string> {
  if (spawnSync('pg_createcluster', ['--help'], { stdio: 'ignore' }).error) return 'pg_createcluster not available';
  if (process.getuid?.() !== 0) return 'needs root to create a PostgreSQL cluster';
  const name = `drill-${process.pid}`;
  const port = await freePort();
  try {
    run('pg_createcluster', [PG_VERSION, name, '-p', String(port), '--', '--auth=trust']);
  } catch (error) {
    return `pg_createcluster failed: ${((error as { stderr?: string }).stderr ?? String(error)).trim().split('\n').pop()}`;
  }
  const dataDir = `/var/lib/postgresql/${PG_VERSION}/${name}`;
  const pids = () => {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };
  let frozen: number[] = [];
  onCleanup(`drop cluster ${name}`, () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone already
      }
    }
    spawnSync('pg_dropcluster', ['--stop', PG_VERSION, name], { stdio: 'ignore' });
  });
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => void run('pg_ctlcluster', [PG_VERSION, name, 'start']),
    stop: () => void run('pg_ctlcluster', [PG_VERSION, name, 'stop', '-m', 'fast']),
    freeze() {
      frozen = pids();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
  };
  cluster.start();
  return cluster;
}

async function outageScenario(photo: Buffer) {
  const cluster = await privateCluster();
  if (typeof cluster === 'string') {
    line('outage', `skipped: ${cluster}`);
    return;
  }
  const dataDir = tempDir('drill-outage-');
  const server = await launch({ dataDir, env: { DATABASE_URL: cluster.url, CONTACT_RATE_LIMIT: '100000' } });
  const token = await server.login();
  await createProperty(server, token, photo, 'Before the outage');
  await timed(`${server.base}/`); // render and cache the home page
  const cachedPage = await timed(`${server.base}/`);
  if (cachedPage.status !== 200) throw new Error(`home page answered ${cachedPage.status} before the outage`);

  /** What a visitor and the staff see while the database is away, then how long until it works again. */
  async function during(kind: string, uncachedList: string, breakIt: () => void, mendIt: () => void) {
    breakIt();
    const [list, write, page, health, ready] = await Promise.all([
      timed(`${server.base}${uncachedList}`),
      timed(`${server.base}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: contactMessage() }),
      timed(`${server.base}/`),
      timed(`${server.base}/healthz`),
      timed(`${server.base}/readyz`),
    ]);
    const mending = Date.now();
    mendIt();
    const mended = Date.now();
    let back: number | null = null;
    while (Date.now() - mended < 30_000) {
      const [listAgain, writeAgain] = await Promise.all([
        timed(`${server.base}${uncachedList}`, {}, 5_000),
        timed(
          `${server.base}/api/user`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: contactMessage() },
          5_000,
        ),
      ]);
      if (listAgain.status === 200 && writeAgain.status === 201) {
        back = Date.now() - mended;
        break;
      }
      await sleep(100);
    }
    const show = (a: Answer) => `${a.status}${a.retryAfter ? ` Retry-After ${a.retryAfter}` : ''} in ${a.ms} ms`;
    line(
      `outage ${kind}`,
      `uncached list ${show(list)}; write ${show(write)}; cached page ${show(page)}; /healthz ${show(health)}; /readyz ${show(ready)}; ` +
        `${kind === 'stopped' ? 'PostgreSQL restarted' : 'SIGCONT'} in ${seconds(mended - mending)}, then requests ` +
        `${back === null ? 'NOT back within 30 s' : `succeed after ${seconds(back)}`} (server not restarted)`,
    );
  }
  // lists the cached home page does not read, so nothing has cached them yet
  await during('stopped', '/api/gallery', cluster.stop, cluster.start);
  await during('frozen', '/api/experience', cluster.freeze, cluster.thaw);
  server.child.kill('SIGTERM');
  await server.exited;
}

// ---------------------------------------------------------------------------------------------

async function diskFullScenario(photo: Buffer) {
  if (process.getuid?.() !== 0) {
    line('disk full', 'skipped: needs root to mount a small tmpfs');
    return;
  }
  const prepared = await preparedDataDir('drill-disk-src-');
  const mountPoint = tempDir('drill-disk-');
  const size = Math.ceil(duBytes(prepared) / 1024 / 1024) + 24;
  try {
    run('mount', ['-t', 'tmpfs', '-o', `size=${size}m`, 'tmpfs', mountPoint]);
  } catch (error) {
    line('disk full', `skipped: cannot mount a tmpfs (${((error as { stderr?: string }).stderr ?? '').trim()})`);
    return;
  }
  onCleanup(`unmount ${mountPoint}`, () => {
    if (spawnSync('umount', [mountPoint]).status !== 0) spawnSync('umount', ['-l', mountPoint]);
  });
  fs.cpSync(prepared, mountPoint, { recursive: true });
  const server = await launch({ dataDir: mountPoint });
  const token = await server.login();
  const before = await createProperty(server, token, photo, 'Room to spare');
  const uploads = path.join(mountPoint, 'uploads');
  // the first upload's renditions are made in the background, staged in tmp: let them finish, so what tmp and uploads hold after the 507 is the failed upload's
  const tmp = path.join(mountPoint, 'tmp');
  const settled = await settledEmpty(tmp, 10_000);
  const storedBefore = filesIn(uploads).length;

  // fill the disk to the last byte
  const filler = path.join(mountPoint, 'filler');
  const fd = fs.openSync(filler, 'w');
  for (const chunk of [1024 * 1024, 4096, 1]) {
    const buffer = Buffer.alloc(chunk);
    try {
      for (;;) fs.writeSync(fd, buffer);
    } catch {
      // ENOSPC: on to smaller pieces
    }
  }
  fs.closeSync(fd);

  const full = await createProperty(server, token, photo, 'No room');
  const tmpLeft = filesIn(tmp);
  // a removal still under way would show at the reply and be gone a second later; a leak stays
  const tmpLater = await settledEmpty(tmp, 1_000);
  const storedDuring = filesIn(uploads).length - storedBefore;
  const [page, list, health] = await Promise.all([
    timed(`${server.base}/`),
    timed(`${server.base}/api/property`),
    timed(`${server.base}/healthz`),
  ]);
  fs.rmSync(filler);
  const after = await createProperty(server, token, photo, 'Room again');
  line(
    'disk full',
    `tmpfs ${size} MB: upload before ${before.status} (tmp ${settled.length === 0 ? 'empty' : `still holding ${settled.join(', ')}`} before filling); ` +
      `full: upload ${full.status} in ${full.ms} ms, ${tmpLeft.length} temp${tmpLeft.length > 0 ? ` (${tmpLeft.join(', ')})` : ''} ` +
      `and ${storedDuring} stored files left, ${tmpLater.length} temp a second later; ` +
      `still serving: / ${page.status}, /api/property ${list.status}, /healthz ${health.status}; after freeing room: upload ${after.status}`,
  );
  server.child.kill('SIGTERM');
  await server.exited;
}

/** What a directory still holds once it is empty or the time is up. */
async function settledEmpty(dir: string, withinMs: number): Promise<string[]> {
  const until = Date.now() + withinMs;
  while (filesIn(dir).length > 0 && Date.now() < until) await sleep(50);
  return filesIn(dir);
}

function duBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------

async function shutdownScenario(photo: Buffer) {
  const dataDir = await preparedDataDir('drill-stop-');
  const server = await launch({ dataDir });
  const token = await server.login();
  const uploads = [0, 1, 2, 3].map((i) => createProperty(server, token, photo, `In flight ${i}`));
  const boundary = `----drill${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nStalled\r\n`),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const stalled = rawRequest(
    server.port,
    postHead('/api/property', token, `multipart/form-data; boundary=${boundary}`),
    body,
    Math.floor(body.length / 2),
  );
  const tmp = path.join(dataDir, 'tmp');
  for (let i = 0; i < 100 && filesIn(tmp).length < 5; i++) await sleep(20);

  const stopAt = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const exitMs = Date.now() - stopAt;
  const outcomes = await Promise.all(uploads);
  const statuses = outcomes.map((answer) => answer.status).join(',');
  await stalled.closed;
  line(
    'shutdown',
    `SIGTERM with 4 uploads in flight and 1 stalled: exit ${code} after ${seconds(exitMs)}; in-flight answers ${statuses}; ` +
      `stalled one ${(await stalled.status) ?? 'closed without answer'}; ${filesIn(tmp).length} leftover temp files`,
  );
}

// ---------------------------------------------------------------------------------------------

if (!fs.existsSync(serverBundle)) {
  console.error('dist/server.js is missing: run "npm run build" first');
  process.exit(1);
}
const started = Date.now();
console.log(`fault drill: ${[...only].join(', ')} (built server on 127.0.0.1)\n`);
const [crashPhoto, bigPhoto] = await Promise.all([makePhoto(1600, 1200), makePhoto(4000, 3000)]);
const scenarios: Array<[string, () => Promise<void>]> = [
  ['crash', () => crashScenario(crashPhoto)],
  ['outage', () => outageScenario(crashPhoto)],
  ['disk', () => diskFullScenario(bigPhoto)],
  ['shutdown', () => shutdownScenario(bigPhoto)],
];
let failed = false;
for (const [name, scenario] of scenarios) {
  if (!only.has(name)) continue;
  try {
    await scenario();
  } catch (error) {
    failed = true;
    line(name, `FAILED: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await cleanUpAll();
  }
}
console.log(`\ndrill took ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
