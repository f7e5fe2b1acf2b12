/**
 * What the serving thread and the embedded database's thread (server/db/pglite-thread.ts) say to each other, and
 * the little of PostgreSQL's wire protocol the thread must read itself: where one message ends, and whether a
 * reply leaves the session inside a transaction. Everything else is PGlite's and node-postgres's business.
 */
import type { MessagePort } from 'node:worker_threads';
import { isRecord, propertyOf } from '../../shared/narrow';

/** What the thread is started with. */
export interface ThreadStart {
  dataDir: string | undefined;
  /** postgresql.conf lines. */
  conf: string[];
  /** PGlite's WebAssembly, compiled once per process and shared with each thread (compiling it is most of a start). */
  wasmModule: WebAssembly.Module;
}

/** From the serving thread: a new connection's port, or the end of the database. */
export type ThreadRequest = { type: 'connect'; port: MessagePort } | { type: 'close' };

/** From the database's thread: open, closed, or broken for good (its message says why). */
export type ThreadReply = { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string };

/** On a connection's port, this value instead of bytes: the client is gone. */
export const END_OF_CONNECTION = 'end';

export function isEndOfConnection(data: unknown): boolean {
  return data === END_OF_CONNECTION;
}

export function parseThreadStart(value: unknown): ThreadStart {
  const dataDir = propertyOf(value, 'dataDir');
  const conf = propertyOf(value, 'conf');
  const wasmModule = propertyOf(value, 'wasmModule');
  if (
    (dataDir !== undefined && typeof dataDir !== 'string') ||
    !Array.isArray(conf) ||
    !conf.every((line) => typeof line === 'string') ||
    !(wasmModule instanceof WebAssembly.Module)
  ) {
    throw new Error('The embedded database thread was started without its settings');
  }
  return { dataDir, conf, wasmModule };
}

export function parseThreadRequest(value: unknown): ThreadRequest | null {
  if (!isRecord(value)) return null;
  if (value.type === 'close') return { type: 'close' };
  const port = value.port;
  if (value.type === 'connect' && isMessagePort(port)) return { type: 'connect', port };
  return null;
}

export function parseThreadReply(value: unknown): ThreadReply | null {
  if (!isRecord(value)) return null;
  if (value.type === 'ready' || value.type === 'closed') return { type: value.type };
  if (value.type === 'failed' && typeof value.message === 'string') return { type: 'failed', message: value.message };
  return null;
}

function isMessagePort(value: unknown): value is MessagePort {
  return typeof value === 'object' && value !== null && 'postMessage' in value && 'on' in value && 'close' in value;
}

/**
 * Splits a connection's bytes into whole protocol messages: the first message of a connection (the startup
 * packet) is a length and a body; every later one a type byte, then a length that counts itself and the body.
 */
export function frameMessages(
  unframed: Uint8Array,
  data: Uint8Array,
  startup: boolean,
): { messages: Uint8Array[]; rest: Uint8Array; startup: boolean } {
  let bytes = unframed.length ? joined(unframed, data) : data;
  const messages: Uint8Array[] = [];
  for (;;) {
    const lengthAt = startup ? 0 : 1;
    if (bytes.length < lengthAt + 4) break;
    const length = lengthAt + new DataView(bytes.buffer, bytes.byteOffset + lengthAt, 4).getInt32(0);
    if (bytes.length < length) break;
    messages.push(bytes.subarray(0, length));
    bytes = bytes.subarray(length);
    startup = false;
  }
  // a copy of a partial message only: the chunk it came in is not kept for it
  return { messages, rest: bytes.length ? bytes.slice() : new Uint8Array(0), startup };
}

function joined(first: Uint8Array, second: Uint8Array): Uint8Array {
  const whole = new Uint8Array(first.length + second.length);
  whole.set(first, 0);
  whole.set(second, first.length);
  return whole;
}

const READY_FOR_QUERY = 'Z'.charCodeAt(0);

/**
 * The transaction status of the session when `reply` ends with ReadyForQuery ('I' idle, 'T' in a transaction,
 * 'E' in a failed one), or null when it does not end with one.
 */
export function readyStatus(reply: Uint8Array): 'I' | 'T' | 'E' | null {
  if (reply.length < 6) return null;
  const at = reply.length - 6;
  const length = new DataView(reply.buffer, reply.byteOffset + at + 1, 4).getInt32(0);
  if (reply[at] !== READY_FOR_QUERY || length !== 5) return null;
  const status = String.fromCharCode(reply[at + 5]);
  return status === 'I' || status === 'T' || status === 'E' ? status : null;
}
