/**
 * Failures replied as they are: 4xx for the client's mistakes, 503/507 for conditions that pass
 * (database unreachable, image queue full, disk full). Anything else is a 500 in app.ts.
 */
import { apiMessages } from '../shared/api-messages';
import type { EditConflict } from '../shared/edit-conflicts';
import { propertyOf } from '../shared/narrow';

/** A failure with the status, message and headers its reply carries. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Errors caused by the client's request: replied as 4xx with their message. */
export class ClientError extends HttpError {
  constructor(statusCode: number, message: string, errors?: string[], headers?: Record<string, string>) {
    super(statusCode, message, errors, headers);
    this.name = 'ClientError';
  }
}

/** A save based on a revision that is no longer the newest (409, docs/decisions/0044): its reply carries the change it met. */
export class EditConflictError extends ClientError {
  constructor(
    message: string,
    readonly conflict: EditConflict,
  ) {
    super(409, message);
    this.name = 'EditConflictError';
  }
}

/** 503 with Retry-After: the request was fine, the server cannot serve it right now. */
export function unavailableError(message: string = apiMessages.databaseUnavailable, retryAfterSeconds = 5): HttpError {
  return new HttpError(503, message, undefined, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * The object storage (the S3 bucket) did not answer, refused the connection, timed out or said it
 * is overloaded: passes like a database outage. Thrown by the S3 storage, never by the database.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** True when the error (or one of its causes) is object storage being unavailable. */
export function isStorageUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => cause instanceof StorageUnavailableError);
}

/** Socket error codes of a server that cannot be reached (the database, a bucket): no answer at all. */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down|in recovery)|terminating connection|canceling statement due to statement timeout|Database is unreachable/i;

/** The causes of an error, outermost first (Drizzle wraps the driver's error as `cause`). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = propertyOf(current, 'cause')) chain.push(current);
  return chain;
}

/** True when the error says the database is unreachable, frozen or restarting (not a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  // a bucket's connection errors carry the same codes; the rows were never in question
  if (isStorageUnavailable(error)) return false;
  return causes(error).some((cause) => {
    const code = propertyOf(cause, 'code');
    const message = propertyOf(cause, 'message');
    if (typeof code === 'string' && (NETWORK_ERROR_CODES.has(code) || /^(08|57P)/.test(code))) return true;
    return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
  });
}

/** True when the error is a full disk (or quota), wherever it happened. */
export function isDiskFull(error: unknown): boolean {
  return causes(error).some((cause) => {
    const code = propertyOf(cause, 'code');
    const message = propertyOf(cause, 'message');
    // 53100 is PostgreSQL's disk_full; libvips reports only a message
    return (
      code === 'ENOSPC' ||
      code === 'EDQUOT' ||
      code === '53100' ||
      (typeof message === 'string' && /No space left on device|Disk quota exceeded/i.test(message))
    );
  });
}

/** The reply for a failure that is not the client's fault but passes: 503 or 507; null for a real fault. */
export function passingFailure(error: unknown): HttpError | null {
  if (isDiskFull(error)) return new HttpError(507, apiMessages.diskFull);
  if (isStorageUnavailable(error)) return unavailableError(apiMessages.storageUnavailable);
  if (isDatabaseUnavailable(error)) return unavailableError();
  return null;
}

/**
 * What may be logged of an error (every `err` in a log line passes here: logger.ts): its kind,
 * code, message and stack, never a query or its parameters
 * (Drizzle puts the SQL and its parameters, visitors' names and messages, in its own message,
 * and PostgreSQL quotes a bad value at the end of some of its messages).
 */
export function loggableError(error: unknown): { type: string; code?: string; message: string; stack?: string } {
  const chain = causes(error);
  // the bucket's failure says which operation on which bucket; its cause alone reads like a database outage
  const storage = chain.find((cause) => cause instanceof StorageUnavailableError);
  const innermost = storage ?? chain[chain.length - 1] ?? error;
  const ownType = propertyOf(innermost, 'type');
  const className = propertyOf(propertyOf(innermost, 'constructor'), 'name');
  const name = propertyOf(innermost, 'name');
  // logged twice (a call here, then the logger's serializer): what it made the first time keeps its type
  const type =
    !(innermost instanceof Error) && typeof ownType === 'string'
      ? ownType
      : typeof className === 'string'
        ? className
        : typeof name === 'string'
          ? name
          : 'Error';
  const rawMessage = propertyOf(innermost, 'message');
  const raw = typeof rawMessage === 'string' ? rawMessage : String(innermost);
  const stack = propertyOf(innermost, 'stack');
  const code = propertyOf(innermost, 'code');
  const message = raw
    .replace(/^Failed query:[\s\S]*$/, 'Failed query')
    .replace(/\bparams:[\s\S]*$/i, '')
    .replace(/: ".*"$/s, ': "…"')
    .slice(0, 300);
  const stackFrames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return {
    type,
    ...(typeof code === 'string' ? { code } : {}),
    message,
    ...(stackFrames.length ? { stack: stackFrames.slice(0, 12).join('\n') } : {}),
  };
}
