// engine-independent: the bucket client against a loopback S3 server; no database
/**
 * The bucket's trouble is bounded and named: a stopped or silent server costs a request a few
 * seconds at most and ends as StorageUnavailableError (503); a bucket that cannot be used at start
 * stops the start with a message that says what to check.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { StorageUnavailableError, isDatabaseUnavailable, passingFailure } from '../errors';
import { startServices } from '../start';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createS3Storage, S3_CONNECTION_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS, StorageConfigError } from './s3-storage';

let s3: S3TestServer;
let scratch: string;

beforeAll(async () => {
  s3 = await startS3Server();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 's3-storage-'));
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function prepared(content: string): string {
  const file = path.join(scratch, `prepared-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(file, content);
  return file;
}

/** How long a failing call took, and what it threw. */
async function failure(call: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  try {
    await call();
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
  throw new Error('expected the call to fail');
}

/** A TCP server that accepts connections and never answers: a frozen bucket. */
async function silentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('S3 storage when the bucket is in trouble', () => {
  it('a stopped server: every operation fails fast as StorageUnavailableError, and works again after the restart', async () => {
    const storage = createS3Storage(s3.env.s3!);
    try {
      await storage.put('before_1x1.webp', prepared('stored before the outage'));
      await s3.halt();
      const source = prepared('during the outage');
      for (const call of [
        () => storage.put('during_1x1.webp', source),
        () => storage.read('before_1x1.webp'),
        () => storage.list(),
        () => storage.remove('before_1x1.webp'),
      ]) {
        const { ms, error } = await failure(call);
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect(ms).toBeLessThan(2000);
        // a 503 with Retry-After, never mistaken for the database's outage
        expect(passingFailure(error)).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
        expect(isDatabaseUnavailable(error)).toBe(false);
      }
      expect(fs.existsSync(source), 'a failed put keeps its prepared file').toBe(true);

      await s3.restart();
      await storage.put('during_1x1.webp', source);
      const body = await storage.read('before_1x1.webp');
      expect(body?.size).toBe('stored before the outage'.length);
      body!.stream.destroy();
    } finally {
      storage.close();
      if (!(await s3.objectNames().catch(() => null))) await s3.restart();
    }
  });

  it('a server that accepts and never answers: given up after the request timeout, not retried', async () => {
    const silent = await silentServer();
    const storage = createS3Storage({ ...s3.env.s3!, endpoint: silent.endpoint });
    try {
      const { ms, error } = await failure(() => storage.read('frozen_1x1.webp'));
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect(ms).toBeGreaterThanOrEqual(S3_REQUEST_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(S3_REQUEST_TIMEOUT_MS + 1000);
    } finally {
      storage.close();
      await silent.close();
    }
  });

  it('refuses an unsafe name before any request, even with the bucket down', async () => {
    const storage = createS3Storage({ ...s3.env.s3!, endpoint: 'http://127.0.0.1:9' });
    try {
      const { ms, error } = await failure(() => storage.read('../../etc/passwd'));
      expect((error as Error).message).toMatch(/^Unsafe storage name/);
      expect(ms).toBeLessThan(50);
    } finally {
      storage.close();
    }
  });
});

describe('checking the bucket at start', () => {
  it('accepts the bucket of the settings', async () => {
    const storage = createS3Storage(s3.env.s3!);
    await expect(storage.checkBucket()).resolves.toBeUndefined();
    storage.close();
  });

  it.each([
    ['a bucket that does not exist', { bucket: 'no-such-bucket' }, /there is no such bucket/],
    ['an endpoint where nothing listens', { endpoint: 'http://127.0.0.1:9' }, /it does not answer \(ECONNREFUSED/],
    ['credentials the server does not know', { credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } }, /access denied|HTTP 403/],
  ])('stops on %s, saying what to check', async (_case, change, reason) => {
    const storage = createS3Storage({ ...s3.env.s3!, ...change });
    try {
      const { ms, error } = await failure(() => storage.checkBucket());
      expect(error).toBeInstanceOf(StorageConfigError);
      expect((error as Error).message).toMatch(/^Cannot use the S3 bucket "[a-z-]+" at http:\/\/127\.0\.0\.1:\d+: /);
      expect((error as Error).message).toMatch(reason);
      expect((error as Error).message).toContain(
        'Check S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY.',
      );
      expect(ms).toBeLessThan(2 * S3_CONNECTION_TIMEOUT_MS + 1000);
    } finally {
      storage.close();
    }
  });
});

describe('starting with a bucket that cannot be used', () => {
  it('stops before the database is opened, with the message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-start-'));
    try {
      const env = { ...readEnv(), dataDir, databaseUrl: undefined, s3: { ...s3.env.s3!, bucket: 'no-such-bucket' } };
      await expect(startServices(env)).rejects.toThrow(
        /^Cannot use the S3 bucket "no-such-bucket" at .*: there is no such bucket\. Check S3_BUCKET/,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
