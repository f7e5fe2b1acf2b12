/**
 * Uploaded images in an S3-compatible bucket: one object per file, under the same flat names as
 * on disk, so image URLs stay /uploads/<name> and the server streams them from the bucket.
 * Every wait is bounded: a bucket that does not answer costs a request a few seconds at most and
 * surfaces as StorageUnavailableError (503), never as a hung request or a crash.
 */
import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../env';
import { NETWORK_ERROR_CODES, StorageUnavailableError } from '../errors';
import { assertSafeStorageName, contentTypeOf, isSafeStorageName, type Storage, type StoredFile } from './storage';
import { propertyOf } from '../../shared/narrow';

/** Time to open a connection: a dead or unreachable endpoint is known within this. */
export const S3_CONNECTION_TIMEOUT_MS = 1000;
/** Time from sending a request until the answer's headers (a put's upload included, plus PUT_MS_PER_MB). */
export const S3_REQUEST_TIMEOUT_MS = 3000;
/** Extra time a put gets per megabyte it uploads (at least 1 MB/s to the bucket). */
const PUT_MS_PER_MB = 1000;
/** A body that stops flowing this long is cut (long enough for a slow visitor to drain one image). */
const SOCKET_IDLE_TIMEOUT_MS = 30_000;
/** Pause before the one retry of a request that failed fast (refused, reset, connect timeout, 5xx). */
const RETRY_DELAY_MS = 150;
/** A first attempt failing later than this was a slow one (the server took the request): no retry doubles the wait. */
const RETRY_IF_FAILED_WITHIN_MS = S3_CONNECTION_TIMEOUT_MS + 250;
const LIST_PAGE_SIZE = 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the SDK's warnings go: the server's logger, or the terminal for the command-line tools. */
export type SdkWarningLog = (content: unknown[]) => void;
const toTerminal: SdkWarningLog = (content) => console.warn(...content);

/**
 * The SDK's warnings, less the one every failed put prints (we retry streams ourselves); its log of
 * each failed command goes too: the failure reaches the caller, and the reply's log says it once.
 */
function sdkLogger(warn: SdkWarningLog) {
  return {
    debug: () => {},
    info: () => {},
    warn: (...content: unknown[]) => {
      if (!/non-retryable streaming request/.test(String(content[0]))) warn(content);
    },
    error: () => {},
  };
}

/** The bucket cannot be used at start (missing, refused credentials, unreachable): the message says what to check. */
export class StorageConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageConfigError';
  }
}

export interface S3Storage extends Storage {
  readonly root: null;
  /** Answers when the bucket exists and the credentials may use it; StorageConfigError otherwise. */
  checkBucket(): Promise<void>;
  /** Closes the client's connections. */
  close(): void;
}

export function createS3Storage(settings: S3Settings, warn: SdkWarningLog = toTerminal): S3Storage {
  // the SDK version is pinned in package.json and Node 20 is the runtime we support: its multi-line
  // notice that later SDK releases will need Node 22 would only alarm whoever reads the log
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // retries are ours (withRetry): a put's file stream cannot be replayed by the SDK
    maxAttempts: 1,
    logger: sdkLogger(warn),
    // plain Content-Length uploads with Content-MD5: the SDK's default checksum trailers are unknown to many S3-compatible servers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: S3_CONNECTION_TIMEOUT_MS,
      requestTimeout: S3_REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: 128 },
      httpsAgent: { keepAlive: true, maxSockets: 128 },
    },
  });
  const Bucket = settings.bucket;
  const where = `S3 bucket "${Bucket}" at ${settings.endpoint ?? `AWS region ${settings.region}`}`;

  /** Runs one request, retried once when it failed fast; bucket trouble becomes StorageUnavailableError. */
  async function withRetry<T>(action: string, name: string, request: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      try {
        return await request();
      } catch (error) {
        if (!isBucketTrouble(error)) throw error;
        if (attempt === 1 && Date.now() - started <= RETRY_IF_FAILED_WITHIN_MS) {
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS + Math.random() * RETRY_DELAY_MS));
          continue;
        }
        throw new StorageUnavailableError(`Object storage unavailable: ${action} ${name} in ${where}: ${summarize(error)}`, {
          cause: error,
        });
      }
    }
  }

  return {
    root: null,

    async put(name, fromPath) {
      const Key = assertSafeStorageName(name);
      const { size } = await fs.stat(fromPath);
      const md5 = await fileMd5(fromPath);
      await withRetry('store', name, async () => {
        // a fresh stream per attempt; a read error aborts the request instead of leaving it waiting for bytes
        const body = createReadStream(fromPath);
        const abort = new AbortController();
        let bodyError: unknown;
        body.once('error', (error) => {
          bodyError = error;
          abort.abort();
        });
        try {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key,
              Body: body,
              ContentLength: size,
              ContentMD5: md5,
              ContentType: contentTypeOf(name),
              CacheControl: IMMUTABLE,
            }),
            { abortSignal: abort.signal, requestTimeout: S3_REQUEST_TIMEOUT_MS + Math.ceil((size / 1_048_576) * PUT_MS_PER_MB) },
          );
        } catch (error) {
          throw bodyError ?? error;
        } finally {
          body.destroy();
        }
      });
      // stored: the prepared file goes, as a local put moves it
      await fs.rm(fromPath, { force: true });
    },

    async remove(name) {
      const Key = assertSafeStorageName(name);
      await withRetry('remove', name, () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },

    async read(name) {
      const Key = assertSafeStorageName(name);
      try {
        const object = await withRetry('read', name, () => client.send(new GetObjectCommand({ Bucket, Key })));
        const stream = object.Body;
        // on Node the SDK hands the body as the response stream itself
        if (!(stream instanceof Readable)) throw new Error(`The bucket's reply for ${name} has no readable body`);
        return { stream, size: object.ContentLength ?? 0, etag: object.ETag, modified: object.LastModified };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async list() {
      const files: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await withRetry('list', 'objects', () =>
          client.send(new ListObjectsV2Command({ Bucket, MaxKeys: LIST_PAGE_SIZE, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          // keys in "folders" or of other shapes are not ours to judge, as a dotfile on disk
          if (!object.Key || !isSafeStorageName(object.Key)) continue;
          files.push({ name: object.Key, modified: object.LastModified ?? new Date(), size: object.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },

    async checkBucket() {
      try {
        await withRetry('check', 'bucket', () => client.send(new HeadBucketCommand({ Bucket })));
      } catch (error) {
        throw new StorageConfigError(
          `Cannot use the ${where}: ${bucketCheckReason(error)}. Check S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY.`,
          { cause: error },
        );
      }
    },

    close() {
      client.destroy();
    },
  };
}

/** The bucket did not answer, refused or dropped the connection, timed out, or said it is overloaded. */
function isBucketTrouble(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    return status >= 500 || status === 429;
  }
  const code = propertyOf(error, 'code');
  const name = propertyOf(error, 'name');
  const message = propertyOf(error, 'message');
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
  return name === 'TimeoutError' || (typeof message === 'string' && /socket hang up/i.test(message));
}

function isMissing(error: unknown): boolean {
  // only the key: a missing bucket (NoSuchBucket, also a 404) is a fault, not an absent image
  return error instanceof S3ServiceException && error.name === 'NoSuchKey';
}

function summarize(error: unknown): string {
  const code = propertyOf(error, 'code');
  const name = propertyOf(error, 'name');
  const message = propertyOf(error, 'message');
  const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : '';
  return `${typeof code === 'string' ? code : String(name)}${status}: ${String(message).slice(0, 200)}`;
}

function bucketCheckReason(error: unknown): string {
  if (error instanceof StorageUnavailableError) return `it does not answer (${summarize(error.cause)})`;
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return 'there is no such bucket';
    if (status === 403) return 'access denied (the credentials may not use this bucket)';
    if (status === 301 || status === 400)
      return `the server refused the request (HTTP ${status}; a wrong S3_REGION or S3_FORCE_PATH_STYLE?)`;
    return `the server answered HTTP ${status} ${error.name}`;
  }
  return summarize(error);
}

/** Base64 MD5 of a file: the bucket refuses an upload whose bytes arrived different. */
async function fileMd5(file: string): Promise<string> {
  const hash = crypto.createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('base64');
}
