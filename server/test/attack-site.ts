/** A site on one data folder for the attack replay (server/test/attack-replay.ts): stopped and started again with other settings. */
import net from 'node:net';
import { startServer, type ServerProcess } from './server-process';

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A site on one data folder that can be stopped and started again with other settings (the attack spans restarts). */
export class Site {
  server: ServerProcess | null = null;
  log = '';
  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(env: Record<string, string> = {}) {
    this.server = await startServer({
      dataDir: this.dataDir,
      env: { PORT: String(this.port), PUBLIC_URL: this.base, LOG_LEVEL: 'info', TRUST_PROXY: '1', ...env },
    });
  }

  async stop() {
    if (!this.server) return;
    this.server.child.kill('SIGTERM');
    await this.server.exited;
    this.log += this.server.output();
    this.server = null;
  }

  /** A JSON call as a script would make it (Bearer token, no browser headers unless given). */
  async call(method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    // identity: a reply cut off mid-stream is read as far as it got, not thrown as a decompression error
    const headers: Record<string, string> = { 'accept-encoding': 'identity', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const reply = await fetch(`${this.base}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const text = await reply.text().catch(() => '');
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON (an image, a page): the status is what counts
    }
    return { status: reply.status, json, headers: reply.headers, text };
  }
}
