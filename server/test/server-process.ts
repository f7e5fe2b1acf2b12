/**
 * The built server (dist/server.js) as a real process on loopback, for tests and the fault drill:
 * start it on a data folder, wait until it listens, log in, stop or kill it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { projectRoot } from '../paths';
import { copyMigratedDatabase } from './snapshot-path';

export const SERVER_ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' };
export const serverBundle = path.join(projectRoot, 'dist', 'server.js');
export const adminCliBundle = path.join(projectRoot, 'dist', 'admin-cli.js');

export interface ServerProcess {
  child: ChildProcess;
  /** PID of the server itself (not of a wrapper around it) */
  pid: number;
  port: number;
  base: string;
  /** everything printed so far, stdout and stderr */
  output(): string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
  login(): Promise<string>;
}

export interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  /**
   * Run the server under a parent that never reaps it (`sh -c 'node … & exec sleep'`), so after a
   * SIGKILL it stays a zombie, as it does under a careless supervisor.
   */
  underNonReapingParent?: boolean;
  readyTimeoutMs?: number;
}

export function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    // what npm start sets, so memory measured here is what a real start uses
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '65536',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: SERVER_ADMIN.email,
    ADMIN_PASSWORD: SERVER_ADMIN.password,
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    ...extra,
  };
}

/** A data folder whose embedded database is already migrated (a copy of the test run's migrated one when there is one). */
export async function prepareDataDir(prefix = 'site-process-'): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (copyMigratedDatabase(path.join(dataDir, 'db'))) return dataDir;
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.close();
  return dataDir;
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  if (!fs.existsSync(serverBundle)) throw new Error('dist/server.js is missing: run "npm run build" first');
  const env = serverEnv(options.dataDir, options.env);
  const child = options.underNonReapingParent
    ? spawn('sh', ['-c', `node --expose-gc "${serverBundle}" & echo "server-pid $!"; exec sleep 86400`], { env, cwd: projectRoot })
    : spawn(process.execPath, ['--expose-gc', serverBundle], { env, cwd: projectRoot }); // as npm start runs it
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  let port = 0;
  let exitedEarly: number | string | undefined;
  void exited.then((code) => (exitedEarly = code));
  while (!port) {
    const match = /Site ready at http:\/\/localhost:(\d+)/.exec(text);
    if (match) port = Number(match[1]);
    else if (exitedEarly !== undefined && !options.underNonReapingParent) throw new StartFailed(exitedEarly, text);
    else if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${text}`);
    } else await sleep(50);
  }
  const pid = options.underNonReapingParent ? Number(/server-pid (\d+)/.exec(text)?.[1]) : child.pid!;
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    pid,
    port,
    base,
    output: () => text,
    exited,
    async login() {
      const reply = await fetch(`${base}/api/admins/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(SERVER_ADMIN),
      });
      if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${await reply.text()}`);
      return ((await reply.json()) as { token: string }).token;
    },
  };
}

export class StartFailed extends Error {
  constructor(
    readonly code: number | string,
    readonly output: string,
  ) {
    super(`server exited with ${code} before it was ready:\n${output}`);
  }
}

/** Runs the built server or admin CLI to its end (for "refused to start" checks). */
export function runToEnd(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env, cwd: projectRoot });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(file)} still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** 'R', 'S', 'Z' (zombie)… from /proc, or null when no such process exists. */
export function processState(pid: number): string | null {
  try {
    return /\) (\S)/.exec(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RawRequest {
  socket: net.Socket;
  /** sends the bytes not sent yet */
  sendRest(): void;
  /** the status code of the answer, or null when the connection closed without one */
  status: Promise<number | null>;
  /** resolves when the connection is closed (by either side), with ms since it opened */
  closed: Promise<number>;
}

/**
 * A request over a raw socket that sends its head and only the first `sendBytes` of its body, so a
 * test can stall it (a client on a dead line) or finish it later.
 */
export function rawRequest(port: number, head: string, body: Buffer, sendBytes = body.length): RawRequest {
  const opened = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {}); // a reset is one of the outcomes under test; `closed` reports it
  let answer = '';
  const status = new Promise<number | null>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) resolve(Number(match[1]));
    });
    socket.once('close', () => resolve(null));
  });
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  socket.write(`${head}content-length: ${body.length}\r\n\r\n`);
  socket.write(body.subarray(0, sendBytes));
  return { socket, sendRest: () => socket.write(body.subarray(sendBytes)), status, closed };
}

/** The head of a POST to our API with a bearer token (no content-length: rawRequest adds it). */
export function postHead(path: string, token: string, contentType: string): string {
  return `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\ncontent-type: ${contentType}\r\n`;
}
