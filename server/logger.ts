/**
 * The server process's one logger: pino, as Fastify uses it. index.ts makes it before anything
 * else and hands it to the app, so start-up, requests, page renders and the stop write one stream.
 */
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import { loggableError } from './errors';
import { errorCode } from '../shared/narrow';

export type { Logger };

/** LOG_LEVEL's names (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every logged `err` is reduced to what may be logged: never a query, its parameters or a quoted value (errors.ts). */
export const logSerializers = { err: (error: unknown) => ({ stack: '', ...loggableError(error) }) };

/** JSON lines at `level` on stdout (gathered for up to FLUSH_MS: BatchedOutput), or on `stream` (tests read what would be logged). */
export function createLogger(level: LogLevel, stream?: NodeJS.WritableStream): Logger {
  const options = { level, serializers: logSerializers };
  return pino(options, stream ?? BatchedOutput.stdout());
}

/** The batch's size: lines are gathered in one buffer of this many bytes (a longer line is written on its own). */
const BATCH_BYTES = 64 * 1024;
/** Lines are written this long after the first of them at the latest: one system call for a busy moment's lines, not one per turn of the event loop. */
const FLUSH_MS = 50;
/** A pipe that is full (its reader is behind) is tried again after this. */
const FULL_PIPE_WAIT_MS = 1;
/** The most bytes UTF-8 takes for one UTF-16 code unit: a line of n units fits in 3n bytes. */
const MAX_UTF8_BYTES_PER_UNIT = 3;

/**
 * A file descriptor's log output: the lines written within FLUSH_MS go out together in one write, so a
 * busy server makes one system call for many access-log lines instead of one each. Writes are
 * synchronous when they happen, so nothing is ever in flight: flushed when the process exits (after
 * SIGTERM's stop, process.exit, or a fatal error), no line is lost and none is out of order.
 */
export class BatchedOutput {
  /**
   * The lines gathered, encoded as they come into one buffer outside the JavaScript heap: gathered as one
   * string (a chain of hundreds of lines between flushes), they outlived the young generation's collections,
   * which copied them each time (issue 24).
   */
  private readonly batch = Buffer.allocUnsafe(BATCH_BYTES);
  private used = 0;
  private scheduled = false;

  private constructor(private readonly fd: number) {}

  private static forStdout: BatchedOutput | null = null;

  /** The process's one stdout output, flushed on exit. */
  static stdout(): BatchedOutput {
    if (!BatchedOutput.forStdout) {
      const output = new BatchedOutput(1);
      process.on('exit', () => output.flush());
      BatchedOutput.forStdout = output;
    }
    return BatchedOutput.forStdout;
  }

  write(line: string): void {
    const most = line.length * MAX_UTF8_BYTES_PER_UNIT;
    if (most > this.batch.length - this.used) {
      this.flush();
      // longer than a whole batch: written at once, after the lines before it
      if (most > this.batch.length) {
        this.writeAll(Buffer.from(line));
        return;
      }
    }
    this.used += this.batch.write(line, this.used);
    if (!this.scheduled) {
      this.scheduled = true;
      // unref'd: pending lines never keep the process alive (exit flushes them)
      setTimeout(this.flushScheduled, FLUSH_MS).unref();
    }
  }

  private readonly flushScheduled = () => {
    this.scheduled = false;
    this.flush();
  };

  /** Writes every line gathered so far, now. */
  flush(): void {
    if (this.used === 0) return;
    const gathered = this.batch.subarray(0, this.used);
    // emptied first: a write that throws (the disk full) loses this batch, not every later line
    this.used = 0;
    this.writeAll(gathered);
  }

  private writeAll(bytes: Buffer): void {
    while (bytes.length > 0) {
      try {
        bytes = bytes.subarray(fs.writeSync(this.fd, bytes));
      } catch (error) {
        const code = errorCode(error);
        if (code === 'EPIPE') return; // nobody reads the output any more
        if (code !== 'EAGAIN') throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, FULL_PIPE_WAIT_MS);
      }
    }
  }
}

/**
 * Start and stop messages (the URL, the first admin, the stop) are written at info even when
 * LOG_LEVEL=warn trims the access log: an operator and a supervisor must still see them.
 */
export function lifecycleLogger(log: Logger): Logger {
  return log.isLevelEnabled('info') || log.level === 'silent' ? log : log.child({}, { level: 'info' });
}

/**
 * A request's logger, made on its first use (Fastify's `childLoggerFactory`). Fastify gives every request
 * a child of the process logger before any hook runs (pino's child: the bindings serialized, a logger made):
 * on `/healthz` and a cached page that was a fifth of the server's work per request, and most requests never
 * log anything but the access line, which access-log.ts writes from the process logger.
 */
export function deferredRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new DeferredRequestLogger(parent, bindings, options);
}

type LogArguments = [obj: unknown, msg?: string, ...args: unknown[]];

class DeferredRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: LogArguments): void {
    this.logger.fatal(...args);
  }

  error(...args: LogArguments): void {
    this.logger.error(...args);
  }

  warn(...args: LogArguments): void {
    this.logger.warn(...args);
  }

  info(...args: LogArguments): void {
    this.logger.info(...args);
  }

  debug(...args: LogArguments): void {
    this.logger.debug(...args);
  }

  trace(...args: LogArguments): void {
    this.logger.trace(...args);
  }

  silent(...args: LogArguments): void {
    this.logger.silent(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}
