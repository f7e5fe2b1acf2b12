/**
 * The server's side of the image process (server/images/image-child.ts): every decode and encode of the
 * server runs there, one child process started on first use, at a lower priority, holding the decoded
 * pixels. It ends after a while without work and starts again when needed; if it dies, the requests it
 * held fail as any failure does (a write is not made, a background job retries) and the next request
 * starts a new process. See docs/decisions/0050.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from '../../shared/zod';
import { ClientError } from '../errors';
import type { ImageLimits, PendingRendition, PreparedImage } from './image-pipeline';

/** What the server asks of the image process. */
export type ImageJob =
  | { op: 'prepare'; sourcePath: string; stagingDir: string; limits: ImageLimits }
  | { op: 'decode'; sourcePath: string; url: string; limits: ImageLimits }
  | { op: 'encode'; handle: number; rendition: PendingRendition; target: string }
  | { op: 'release'; handle: number }
  | { op: 'niceness' };

/** A job as sent, with the id its reply carries. */
export interface ImageRequest {
  id: number;
  job: ImageJob;
}

/** Its answer: the value, or the error's message (and a client error's status, which the server answers with). */
export type ImageReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; message: string; clientStatus?: number });

/**
 * Without work for this long, the process ends (its memory, about 70 MB, back to the system); the next image starts
 * it again, which adds a few hundred ms to that save: a minute spans the pauses of someone adding photos one by one.
 */
const IDLE_EXIT_MS = 60_000;

/** An upload's first rendition as the process reports it (checked: it crossed a process boundary). */
const preparedReply = z.object({
  url: z.string(),
  files: z.array(z.object({ name: z.string(), path: z.string() })),
  source: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  sha256: z.string(),
});
const handleReply = z.number().int();
const nicenessReply = z.array(z.number().int());

/**
 * The built server forks dist/image-child.js beside it; run from the sources (tests, `npm run dev`), the
 * TypeScript file through tsx.
 */
function childScript(): { path: string; execArgv: string[] } {
  const here = import.meta.url;
  // --expose-gc: it collects once idle after work (server/idle-collector.ts), as the server does
  if (here.endsWith('.ts')) return { path: fileURLToPath(new URL('./image-child.ts', here)), execArgv: ['--expose-gc', '--import', 'tsx'] };
  return { path: fileURLToPath(new URL('./image-child.js', here)), execArgv: ['--expose-gc'] };
}

/** A running image process and what it holds for this side. */
interface Running {
  child: ChildProcess;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Decoded images it holds: it stays while any is held. */
  held: number;
}

export class ImageProcess {
  private running: Running | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /** Decodes, checks and renders one upload into `stagingDir` (image-pipeline's prepareImage). */
  prepare(sourcePath: string, stagingDir: string, limits: ImageLimits): Promise<PreparedImage> {
    return this.ask({ op: 'prepare', sourcePath, stagingDir, limits }).then((value) => preparedReply.parse(value));
  }

  /** Decodes a kept source (a file) for its renditions; release what it gives once they are made. */
  async decode(sourcePath: string, url: string, limits: ImageLimits): Promise<DecodedInChild> {
    const running = this.started();
    const handle = handleReply.parse(await this.ask({ op: 'decode', sourcePath, url, limits }, running));
    running.held += 1;
    let released = false;
    return {
      encode: (rendition, target) => this.ask({ op: 'encode', handle, rendition, target }, running).then(() => undefined),
      release: async () => {
        if (released) return;
        released = true;
        running.held -= 1;
        // a process that has ended took the pixels with it
        if (this.running === running) await this.ask({ op: 'release', handle }, running).catch(() => {});
        this.idleLater();
      },
    };
  }

  /** The niceness of each of the image process's threads (tests and the bench). */
  threadNiceness(): Promise<number[]> {
    return this.ask({ op: 'niceness' }).then((value) => nicenessReply.parse(value));
  }

  /** The process's id, when one runs (the bench adds its memory to the server's). */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  /** Ends the image process now (tests; a server ends it by exiting). */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    const exited = new Promise((resolve) => running.child.once('exit', resolve));
    this.let(running);
    await exited;
  }

  /** Sends a request to `running` (a decoded image's own process) or to the current one, started if need be. */
  private ask(job: ImageJob, running = this.started()): Promise<unknown> {
    if (this.running !== running) return Promise.reject(new Error('The image process ended'));
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    return new Promise((resolve, reject) => {
      running.pending.set(id, { resolve, reject });
      this.keepAliveWhileAsked(running);
      const request: ImageRequest = { id, job };
      running.child.send(request, (error) => {
        if (error) this.settle(running, { id, ok: false, message: `The image process did not take the request: ${error.message}` });
      });
    });
  }

  private started(): Running {
    if (this.running) return this.running;
    const script = childScript();
    const child = fork(script.path, [], {
      execArgv: script.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // neither keeps the server alive while idle (keepAliveWhileAsked): when it exits, the channel closes and the child ends itself
    child.unref();
    child.channel?.unref();
    const running: Running = { child, pending: new Map(), held: 0 };
    child.on('message', (reply: ImageReply) => this.settle(running, reply));
    child.once('exit', (code, signal) => {
      if (this.running === running) this.running = null;
      const error = new Error(`The image process ended (${signal ?? `exit ${code}`})`);
      for (const { reject } of running.pending.values()) reject(error);
      running.pending.clear();
    });
    child.on('error', () => {}); // reported through 'exit' and the failed sends
    this.running = running;
    return running;
  }

  private settle(running: Running, reply: ImageReply): void {
    const waiting = running.pending.get(reply.id);
    if (!waiting) return;
    running.pending.delete(reply.id);
    this.keepAliveWhileAsked(running);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(reply.clientStatus ? new ClientError(reply.clientStatus, reply.message) : new Error(reply.message));
    this.idleLater();
  }

  /**
   * While a reply is awaited the channel keeps this process's event loop alive; idle, it does not. Without this a
   * start that awaits an image before it listens (the demo content's seed) had nothing else keeping it alive and
   * ended with exit 13 (an unsettled top-level await), now and then, when no other I/O happened to be under way.
   */
  private keepAliveWhileAsked(running: Running): void {
    if (running.pending.size > 0) running.child.channel?.ref();
    else running.child.channel?.unref();
  }

  /** With nothing asked and nothing held, the process ends after IDLE_EXIT_MS. */
  private idleLater(): void {
    const running = this.running;
    if (!running || running.pending.size > 0 || running.held > 0 || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.running === running && running.pending.size === 0 && running.held === 0) this.let(running);
    }, IDLE_EXIT_MS);
    this.idleTimer.unref();
  }

  /** Lets go of a process: it ends once the channel closes; the next request starts another. */
  private let(running: Running): void {
    if (this.running === running) this.running = null;
    if (running.child.connected) running.child.disconnect();
  }
}

/** One decoded image in the image process. */
export interface DecodedInChild {
  /** Encodes one rendition into `target`. */
  encode(rendition: PendingRendition, target: string): Promise<void>;
  /** Lets the process drop the pixels. */
  release(): Promise<void>;
}

/** The server process's image process. */
export const imageProcess = new ImageProcess();
