/**
 * Debian's nginx on loopback, for tests and the bench: a main configuration around the http-level
 * part of docs/deploy.md's proxy_cache configuration (read from that file, so what is documented is
 * what runs), or around any other server block.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../paths';
import { sleep } from './server-process';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];
const CONFIG_MARKER = '<!-- nginx-cache-config';

/** The nginx binary; an error when none is installed (CI installs nginx-light: .ci/run). */
function nginxBinary(): string {
  const found = NGINX_CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`nginx is not installed (looked for ${NGINX_CANDIDATES.join(', ')}): apt-get install nginx-light`);
  return found;
}

/** docs/deploy.md's proxy_cache configuration, pointed at `upstream`, listening on `port`, caching in `cacheDir`. */
export function documentedCacheConfig(upstream: string, port: number, cacheDir: string): string {
  const doc = fs.readFileSync(path.join(projectRoot, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf(CONFIG_MARKER)))?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block after the nginx-cache-config marker');
  return block
    .replace('/var/cache/nginx/site', cacheDir)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('http://127.0.0.1:3000', upstream);
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface NginxProcess {
  child: ChildProcess;
  dir: string;
  stop(): Promise<void>;
}

/** Starts nginx (one worker, in the foreground) with `httpConfig` inside http { }, and waits until it listens on `port`. */
export async function startNginx(httpConfig: string, port: number): Promise<NginxProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${dir}/${kind}-temp;`);
  const config = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    `http {\n  access_log off;\n  ${temp.join('\n  ')}\n${httpConfig}\n}`,
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child = spawn(nginxBinary(), ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}${readIfThere(path.join(dir, 'error.log'))}`);
    if (await listening(port)) break;
    if (Date.now() > deadline) throw new Error(`nginx not listening on ${port}: ${output}`);
    await sleep(50);
  }
  return {
    child,
    dir,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function readIfThere(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** The keys of every entry in an nginx cache directory (each file's "KEY: " line). */
export function cachedKeys(cacheDir: string): string[] {
  if (!fs.existsSync(cacheDir)) return [];
  const keys: string[] = [];
  for (const entry of fs.readdirSync(cacheDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const head = fs.readFileSync(path.join(entry.parentPath, entry.name)).subarray(0, 4096).toString('latin1');
    const key = /\nKEY: ([^\n]*)\n/.exec(head)?.[1];
    if (key) keys.push(key);
  }
  return keys;
}
