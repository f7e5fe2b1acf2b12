/**
 * The bench's serving phase: the built server (as `npm start` runs it, LOG_LEVEL=info, its log to a
 * file) against a bare Fastify route (in a process of its own) serving the very same bytes (the reply's body and its headers:
 * security headers, CSP, cache policy, ETag), for cached `/`, cached `/gallery`, `/api/gallery` and
 * `/healthz`; then nginx serving the home page as a static file (gzip_static, with the same headers)
 * against docs/deploy.md's proxy_cache in front of the server. One run, alternating, 9 rounds of 3 s runs each (--rounds, --serving-seconds), each round over every route, the order turned every other round;
 * the ratios are medians. A bare route serving the body alone is measured too, for reference: the
 * difference is what the ~1.4 KB of headers every page must carry cost (Node validates and writes them). Load by wrk (2 threads, 10 connections, keep-alive, Accept-Encoding: gzip)
 * when installed, else autocannon. Besides req/s, each server's CPU time per request is printed: on a
 * busy machine it moves less than req/s does.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../server/paths';
import { cachedKeys, documentedCacheConfig, freePort, startNginx } from '../server/test/nginx-process';
import { serverBundle, serverEnv, sleep } from '../server/test/server-process';

const ROUTES = ['/', '/gallery', '/api/gallery', '/healthz'];
const GOAL = 0.8;

interface Figures {
  rate: number;
  /** CPU time of the serving process per request, in microseconds */
  cpuUs: number;
}

/** CPU time (user + system) of a process so far, in microseconds. */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100;
}

const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    return (error as { status?: number }).status !== undefined; // wrk --version exits 1 but exists
  }
})();

/** Requests/s and the total requests of one load run against `url`. */
async function load(url: string, seconds: number): Promise<{ rate: number; total: number }> {
  if (hasWrk) {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t2', '-c10', `-d${seconds}s`, '-H', 'Accept-Encoding: gzip', url]);
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk));
      child.once('error', reject);
      child.once('exit', () => resolve(text));
    });
    const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    return { rate, total };
  }
  const result = await autocannon({ url, connections: 10, duration: seconds, workers: 1, headers: { 'accept-encoding': 'gzip' } });
  return { rate: result.requests.average, total: result.requests.total };
}

/** One load run with the serving process's CPU time per request (`cpu` reads that process's CPU so far). */
async function measure(url: string, seconds: number, cpu: () => number): Promise<Figures> {
  const before = cpu();
  const { rate, total } = await load(url, seconds);
  return { rate, cpuUs: total ? (cpu() - before) / total : 0 };
}

/** One round's figures: the reference with every header, the server, and (when asked) the reference with the body alone. */
interface Round {
  bare: Figures;
  server: Figures;
  bareBody?: Figures;
}

/**
 * One round: bare then server in even rounds, server then bare in odd ones, so neither side is always the one
 * measured first (a machine whose speed drifts within a round favours neither); the body-only reference,
 * for information, comes last.
 */
async function measureRound(
  round: number,
  run: { bare: () => Promise<Figures>; server: () => Promise<Figures>; bareBody?: () => Promise<Figures> },
): Promise<Round> {
  let bare: Figures;
  let server: Figures;
  if (round % 2 === 0) {
    bare = await run.bare();
    server = await run.server();
  } else {
    server = await run.server();
    bare = await run.bare();
  }
  return run.bareBody ? { bare, server, bareBody: await run.bareBody() } : { bare, server };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The built server on `dataDir` at LOG_LEVEL=info, its log in a file (as a service manager keeps it). */
async function startLoggingServer(dataDir: string, logFile: string) {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--expose-gc', serverBundle], {
    env: serverEnv(dataDir, { LOG_LEVEL: 'info' }),
    cwd: projectRoot,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  for (let waited = 0; ; waited += 100) {
    const match = /Site ready at http:\/\/localhost:(\d+)/.exec(fs.readFileSync(logFile, 'utf8'));
    if (match) return { child, base: `http://127.0.0.1:${match[1]}` };
    if (child.exitCode !== null || waited > 300_000) throw new Error(`server did not start:\n${fs.readFileSync(logFile, 'utf8')}`);
    await sleep(100);
  }
}

/** scripts/bare-fastify-server.mjs serving `routes` in a process of its own. */
async function startBareServer(routes: Replies, work: string, name: string): Promise<Side> {
  const spec = path.join(work, `${name}.json`);
  const encoded = Object.fromEntries(
    Object.entries(routes).map(([route, reply]) => [route, { ...reply, body: reply.body.toString('base64') }]),
  );
  fs.writeFileSync(spec, JSON.stringify({ routes: encoded }));
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts/bare-fastify-server.mjs'), spec], { cwd: projectRoot });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    cpu: () => cpuOf(child.pid ?? 0),
    stop: () => stopChild(child),
  };
}

/** A process being measured: where it answers, its CPU time so far, how it stops. */
interface Side {
  base: string;
  cpu: () => number;
  stop: () => Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

type Replies = Record<string, { body: Buffer; headers: Record<string, string> }>;

/** The exact reply each route gives (gzip where the server compresses), with the headers Node does not add itself. */
async function captureReplies(base: string, routes: string[]): Promise<Replies> {
  const replies: Replies = {};
  for (const route of routes) {
    await fetch(base + route).then((reply) => reply.arrayBuffer()); // rendered and cached
    replies[route] = await new Promise((resolve, reject) => {
      http
        .get(base + route, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) {
              // Node writes these itself for every reply
              if (['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) continue;
              headers[name] = String(value);
            }
            resolve({ body: Buffer.concat(chunks), headers });
          });
        })
        .once('error', reject);
    });
  }
  return replies;
}

/** Requests before a side is measured, so every process runs optimized code (a fresh one would spend its first run compiling). */
const WARM_REQUESTS = 2_000;

/** `count` requests to `url` over one keep-alive connection (the cache filled, the hot path compiled). */
async function warm(url: string, count: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let sent = 0; sent < count; sent++) {
      await new Promise<void>((resolve, reject) => {
        http.get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => res.resume().once('end', resolve)).once('error', reject);
      });
    }
  } finally {
    agent.destroy();
  }
}

export async function benchServing(options: {
  dataDir: string;
  seconds: number;
  rounds: number;
  /** a part of ROUTES (default all) */
  routes?: string[];
  /** false leaves nginx out */
  nginx: boolean;
  /** a second bare route (another process with every header) stands in for the server: what the measurement gives for two equal sides */
  calibrate?: boolean;
  /** also a bare route with the body's type and encoding alone (what the headers cost), in every round */
  bodyOnly?: boolean;
}): Promise<void> {
  const routes = options.routes ?? ROUTES;
  const roundCount = options.rounds;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serving-'));
  const logFiles: string[] = [];
  const startServer = async (): Promise<Side> => {
    const logFile = path.join(work, `server-${logFiles.length + 1}.log`);
    logFiles.push(logFile);
    const { child, base } = await startLoggingServer(options.dataDir, logFile);
    return { base, cpu: () => cpuOf(child.pid ?? 0), stop: () => stopChild(child) };
  };
  const running = new Set<Side>();
  const started = async (side: Promise<Side>) => {
    const ready = await side;
    running.add(ready);
    return ready;
  };
  const stop = async (side: Side) => {
    running.delete(side);
    await side.stop();
  };
  try {
    // the replies the bare routes copy, read from a first server: with every header the server sends (bare),
    // and with the body's type and encoding alone (bareBody)
    const first = await started(startServer());
    const replies = await captureReplies(first.base, routes);
    await stop(first);
    const typeAndEncodingOnly = Object.fromEntries(
      Object.entries(replies).map(([route, reply]) => [
        route,
        {
          body: reply.body,
          headers: Object.fromEntries(
            Object.entries(reply.headers).filter(([name]) => name === 'content-type' || name === 'content-encoding'),
          ),
        },
      ]),
    );

    const measuredSide = options.calibrate ? 'a second bare route (--calibrate)' : 'server';
    console.log(
      `\nserving the same bytes, ${hasWrk ? 'wrk -t2 -c10' : 'autocannon, 10 connections'}, Accept-Encoding: gzip, ${options.seconds} s per run, ` +
        `server at LOG_LEVEL=info with its access log; medians of ${roundCount} alternating rounds (goal: ratio >= ${GOAL})\n` +
        'bare: a bare Fastify route (a process of its own) with the same body and headers' +
        (options.bodyOnly ? '; body only: the same body with its type and encoding alone' : '') +
        `\nevery round starts each process afresh, warmed with ${WARM_REQUESTS} requests a route, and turns the order` +
        (options.calibrate ? `; the measured side is ${measuredSide}` : '') +
        '\n',
    );
    console.log(
      'route'.padEnd(14),
      'bare req/s'.padStart(11),
      'server req/s'.padStart(13),
      'ratio'.padStart(6),
      'bare µs'.padStart(8),
      'server µs'.padStart(10),
      'CPU ratio'.padStart(10),
      ...(options.bodyOnly ? ['body only: req/s'.padStart(17), 'ratio'.padStart(6), 'CPU ratio'.padStart(10)] : []),
    );
    // each round goes over every route, so a minute of a noisy or drifting machine falls on all routes alike;
    // and each round has processes of its own: two identical bare processes measured side by side kept a
    // difference of up to 20% for minutes (code and heap placed differently), so one pair of processes for
    // every round would carry that difference into every ratio (decision 0032)
    const measured = routes.map((route) => ({ route, rounds: new Array<Round>() }));
    for (let round = 0; round < roundCount; round++) {
      const server = await started(options.calibrate ? startBareServer(replies, work, 'stand-in') : startServer());
      const bare = await started(startBareServer(replies, work, 'bare'));
      const bareBody = options.bodyOnly ? await started(startBareServer(typeAndEncodingOnly, work, 'bare-body')) : null;
      const sides = bareBody ? [server, bare, bareBody] : [server, bare];
      for (const side of sides) for (const route of routes) await warm(side.base + route, WARM_REQUESTS);
      for (const { route, rounds } of measured) {
        rounds.push(
          await measureRound(round, {
            bare: () => measure(bare.base + route, options.seconds, bare.cpu),
            server: () => measure(server.base + route, options.seconds, server.cpu),
            ...(bareBody ? { bareBody: () => measure(bareBody.base + route, options.seconds, bareBody.cpu) } : {}),
          }),
        );
      }
      for (const side of sides) await stop(side);
    }
    for (const { route, rounds } of measured) printRow(route, rounds);
    // how far single rounds stray from the median: the noise the median is taken over
    const spread = ({ route, rounds }: (typeof measured)[number]) => {
      const ratios = rounds.map((round) => round.server.rate / round.bare.rate);
      return `${route} ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
    };
    console.log(`(req/s ratio of single rounds, lowest-highest: ${measured.map(spread).join(', ')})`);
    if (!options.calibrate) {
      let lines = 0;
      for (const file of logFiles) lines += await countLines(file);
      console.log(`(the servers wrote ${lines} log lines)`);
    }
    if (options.nginx) {
      const upstream = await started(startServer());
      await warm(upstream.base + '/', WARM_REQUESTS);
      const home = replies['/'] ?? (await captureReplies(upstream.base, ['/']))['/'];
      await benchNginx(upstream.base, home, options.seconds, work, roundCount);
    }
  } finally {
    for (const side of running) await side.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Lines of a file read in chunks: on a fast machine the access log passes the 512 MB a string may hold. */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of fs.createReadStream(file)) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return lines;
}

function printRow(label: string, rounds: { bare: Figures; server: Figures; bareBody?: Figures }[]) {
  const rateRatio = (other: (round: (typeof rounds)[number]) => Figures) =>
    median(rounds.map((round) => round.server.rate / other(round).rate)).toFixed(2);
  const cpuRatio = (other: (round: (typeof rounds)[number]) => Figures) =>
    median(rounds.map((round) => other(round).cpuUs / round.server.cpuUs)).toFixed(2);
  const columns = [
    label.padEnd(14),
    median(rounds.map((r) => r.bare.rate))
      .toFixed(0)
      .padStart(11),
    median(rounds.map((r) => r.server.rate))
      .toFixed(0)
      .padStart(13),
    rateRatio((r) => r.bare).padStart(6),
    median(rounds.map((r) => r.bare.cpuUs))
      .toFixed(1)
      .padStart(8),
    median(rounds.map((r) => r.server.cpuUs))
      .toFixed(1)
      .padStart(10),
    cpuRatio((r) => r.bare).padStart(10),
  ];
  const withBody = rounds.every((round) => round.bareBody);
  if (withBody) {
    const body = (r: (typeof rounds)[number]) => r.bareBody ?? r.bare;
    columns.push(
      median(rounds.map((r) => body(r).rate))
        .toFixed(0)
        .padStart(17),
      rateRatio(body).padStart(6),
      cpuRatio(body).padStart(10),
    );
  }
  console.log(...columns);
}

/**
 * nginx serving the home page's gzip bytes as a static file, with the headers the server gives it (static)
 * and without them (body only), against its proxy_cache (docs/deploy.md) in front of the server.
 */
async function benchNginx(
  upstream: string,
  home: { body: Buffer; headers: Record<string, string> },
  seconds: number,
  work: string,
  roundCount: number,
): Promise<void> {
  if (!fs.existsSync('/usr/sbin/nginx') && !fs.existsSync('/usr/bin/nginx')) {
    console.log('\n(nginx not measured: not installed; apt-get install nginx-light)');
    return;
  }
  const site = path.join(work, 'static');
  fs.mkdirSync(site);
  fs.writeFileSync(path.join(site, 'index.html.gz'), home.body);
  fs.writeFileSync(path.join(site, 'index.html'), '');
  const cacheDir = path.join(work, 'cache');
  const [staticPort, bodyOnlyPort, cachePort] = [await freePort(), await freePort(), await freePort()];
  // the server's headers as nginx would add them (its own ETag off: the server's is added instead)
  const sameHeaders = Object.entries(home.headers)
    .filter(([name]) => name !== 'content-type' && name !== 'content-encoding')
    .map(([name, value]) => `add_header ${name} "${value.replaceAll('"', '\\"')}";`)
    .join(' ');
  const config = [
    `server { listen 127.0.0.1:${staticPort}; root ${site}; gzip_static on; default_type text/html; etag off; location / { index index.html; ${sameHeaders} } }`,
    `server { listen 127.0.0.1:${bodyOnlyPort}; root ${site}; gzip_static on; default_type text/html; location / { index index.html; } }`,
    documentedCacheConfig(upstream, cachePort, cacheDir),
  ].join('\n');
  const nginx = await startNginx(config, cachePort);
  try {
    const worker = Number(fs.readFileSync(`/proc/${nginx.child.pid}/task/${nginx.child.pid}/children`, 'utf8').trim().split(' ')[0]);
    const nginxCpu = () => cpuOf(worker);
    for (let i = 0; i < 2; i++) await fetch(`http://127.0.0.1:${cachePort}/`, { headers: { 'accept-encoding': 'gzip' } });
    if (cachedKeys(cacheDir).length === 0) throw new Error('nginx stored nothing for the home page');
    console.log(
      `\nthe home page through nginx (one worker), ${seconds} s per run, medians of ${roundCount} alternating rounds (goal: ratio >= ${GOAL})\n`,
    );
    console.log(
      'what'.padEnd(14),
      'static req/s'.padStart(13),
      'cache req/s'.padStart(12),
      'ratio'.padStart(6),
      'static µs'.padStart(10),
      'cache µs'.padStart(9),
      'CPU ratio'.padStart(10),
      'body only: req/s'.padStart(17),
      'ratio'.padStart(6),
      'CPU ratio'.padStart(10),
    );
    const rounds: Round[] = [];
    for (let round = 0; round < roundCount; round++) {
      rounds.push(
        await measureRound(round, {
          bare: () => measure(`http://127.0.0.1:${staticPort}/`, seconds, nginxCpu),
          server: () => measure(`http://127.0.0.1:${cachePort}/`, seconds, nginxCpu),
          bareBody: () => measure(`http://127.0.0.1:${bodyOnlyPort}/`, seconds, nginxCpu),
        }),
      );
    }
    printRow('nginx /', rounds);
  } finally {
    await nginx.stop();
  }
}
