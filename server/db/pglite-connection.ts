/**
 * The serving thread's side of the embedded database: starts its thread (server/db/pglite-thread.ts) and makes the
 * connections node-postgres uses to reach it, each a stream over a MessagePort in place of a socket. See
 * docs/decisions/0054.
 */
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { END_OF_CONNECTION, parseThreadReply, type ThreadReply, type ThreadStart } from './pglite-protocol';

/** A running thread with PGlite in it. */
export class EmbeddedDatabaseThread {
  /** Why the thread can no longer answer, once it cannot. */
  private failure: string | null = null;
  private readonly connections = new Set<ThreadConnection>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (value: unknown) => {
      const reply = parseThreadReply(value);
      if (reply?.type === 'failed') this.failure = `failed: ${reply.message}`;
    });
    worker.on('error', (error) => {
      this.failure ??= `failed: ${error.message}`;
    });
    worker.on('exit', (code) => {
      this.failure ??= `stopped (its thread ended with code ${code})`;
      for (const connection of this.connections) connection.destroy(this.unreachable());
    });
  }

  /** Starts the thread and resolves once PGlite in it is open (its data folder read, or made). */
  static async start(settings: Omit<ThreadStart, 'wasmModule'>): Promise<EmbeddedDatabaseThread> {
    const thread = new EmbeddedDatabaseThread(await startWorker({ ...settings, wasmModule: await pgliteWasm() }));
    const reply = await thread.nextReply();
    if (reply.type !== 'ready') {
      await thread.worker.terminate();
      throw new Error(`The embedded database did not open: ${reply.type === 'failed' ? reply.message : 'it closed'}`);
    }
    // like a socket, an idle thread does not keep the process alive (a connection in use does, through its port)
    thread.worker.unref();
    return thread;
  }

  /** A new connection for node-postgres (its `stream` option). */
  connection(): Duplex {
    return new ThreadConnection(this);
  }

  /** Closes PGlite (what it has written is on disk after this) and ends the thread. */
  async close(): Promise<void> {
    if (this.failure) return;
    this.worker.ref();
    this.worker.postMessage({ type: 'close' });
    const reply = await this.nextReply();
    this.failure = 'closed';
    await this.worker.terminate();
    if (reply.type === 'failed') throw new Error(`The embedded database did not close cleanly: ${reply.message}`);
  }

  /** @internal a port to the thread for a new connection */
  open(connection: ThreadConnection): MessagePort {
    if (this.failure) throw this.unreachable();
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ type: 'connect', port: port2 }, [port2]);
    this.connections.add(connection);
    return port1;
  }

  /** @internal */
  forget(connection: ThreadConnection): void {
    this.connections.delete(connection);
  }

  /** The message errors.ts reads as an unreachable database: the server answers 503. */
  private unreachable(): Error {
    return new Error(`Database is unreachable: the embedded database ${this.failure ?? 'is not open'}`);
  }

  private nextReply(): Promise<ThreadReply> {
    return new Promise((resolve) => {
      const onMessage = (value: unknown) => {
        const reply = parseThreadReply(value);
        if (!reply) return;
        done();
        resolve(reply);
      };
      const onExit = (code: number) => {
        done();
        resolve({ type: 'failed', message: this.failure ?? `its thread ended with code ${code}` });
      };
      const done = () => {
        this.worker.off('message', onMessage);
        this.worker.off('exit', onExit);
      };
      this.worker.on('message', onMessage);
      this.worker.on('exit', onExit);
    });
  }
}

let compiled: Promise<WebAssembly.Module> | null = null;

/** PGlite's WebAssembly, compiled on first use (off the thread, by V8) and kept for every later start. */
function pgliteWasm(): Promise<WebAssembly.Module> {
  compiled ??= fs
    .readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/** The built server starts dist/pglite-thread.js beside it; run from the sources, a bundle of them. */
async function startWorker(start: ThreadStart): Promise<Worker> {
  const here = import.meta.url;
  const script = here.endsWith('.ts') ? await threadScriptFromSources() : new URL('./pglite-thread.js', here);
  return new Worker(script, { workerData: start });
}

let sourceScript: Promise<URL> | null = null;

/**
 * Run from the sources (tests, `npm run dev`, scripts), the thread's TypeScript is bundled with esbuild once per
 * process, into node_modules/.cache where its package imports resolve. tsx in each thread (a worker takes no
 * `--import` flag on Node 20) started an esbuild process per thread: 0.25 s of every start, and the tests start hundreds.
 */
function threadScriptFromSources(): Promise<URL> {
  sourceScript ??= (async () => {
    const { build } = await import('esbuild');
    const entry = fileURLToPath(new URL('./pglite-thread.ts', import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false });
    const code = result.outputFiles[0].contents;
    const folder = fileURLToPath(new URL('../../node_modules/.cache/pglite-thread/', import.meta.url));
    const file = path.join(folder, `${crypto.createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      await fs.mkdir(folder, { recursive: true });
      // other processes may write the same bundle at once: each writes its own file and renames it into place
      const partial = `${file}.${process.pid}`;
      await fs.writeFile(partial, code);
      await fs.rename(partial, file);
    }
    return pathToFileURL(file);
  })();
  return sourceScript;
}

/**
 * One connection to the thread, shaped as the socket node-postgres expects: what node-postgres writes in one turn
 * (a statement's Parse, Bind, Describe, Execute and Sync) goes over as one message, and each answer comes back as one.
 */
class ThreadConnection extends Duplex {
  private port: MessagePort | null = null;
  private unsent: Buffer[] = [];
  private ended = false;

  constructor(private readonly thread: EmbeddedDatabaseThread) {
    super();
  }

  connect(): this {
    try {
      this.port = this.thread.open(this);
    } catch (error) {
      process.nextTick(() => this.destroy(error instanceof Error ? error : new Error(String(error))));
      return this;
    }
    this.port.on('message', (data: unknown) => {
      if (data instanceof Uint8Array) this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    });
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.unsent.push(chunk);
    if (this.unsent.length === 1) queueMicrotask(() => this.send());
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.hangUp();
    callback();
    this.push(null);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.hangUp();
    this.thread.forget(this);
    callback(error);
  }

  private send(): void {
    if (!this.port || this.unsent.length === 0) return;
    // one buffer of its own, transferred: a chunk may be a view into a shared pool, which posting would copy whole
    const whole = new Uint8Array(this.unsent.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of this.unsent) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    this.unsent = [];
    this.port.postMessage(whole, [whole.buffer]);
  }

  private hangUp(): void {
    if (this.ended || !this.port) return;
    this.ended = true;
    this.send();
    this.port.postMessage(END_OF_CONNECTION);
    this.port.close();
  }
}
