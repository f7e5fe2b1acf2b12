/**
 * A real S3-protocol server (s3rver) on loopback for tests: a random free port, a temporary
 * directory and a bucket; the settings to reach it, and ways to stop it (an outage) and start it
 * again on the same port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Env, S3Settings } from '../env';
import { projectRoot } from '../paths';

const CHILD_SCRIPT = path.join(projectRoot, 'server', 'test', 's3rver-child.mjs');
/** s3rver accepts only its own account's signatures. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  bucket: string;
  endpoint: string;
  /** Overrides for createTestApp: images in this bucket. */
  env: Pick<Env, 's3'>;
  /** The same as environment variables, for a server process. */
  processEnv: Record<string, string>;
  /** A client on the bucket, to look at its objects. */
  client: S3Client;
  /** Every object name in the bucket, sorted. */
  objectNames(): Promise<string[]>;
  /** Stops the server, keeping its objects: the bucket becomes unreachable (connection refused). */
  halt(): Promise<void>;
  /** Starts it again on the same port, with the same objects. */
  restart(): Promise<void>;
  /** Stops it and removes its objects. */
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'site-media'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  let child: ChildProcess | null = null;
  let port = 0;

  const launch = async () => {
    const started = spawn(process.execPath, ['--openssl-legacy-provider', CHILD_SCRIPT, directory, String(port)], {
      cwd: projectRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child = started;
    port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk;
        const line = /^\{.*\}$/m.exec(output);
        if (line) resolve((JSON.parse(line[0]) as { port: number }).port);
      };
      started.stdout!.on('data', onData);
      started.stderr!.on('data', (chunk: Buffer) => (output += chunk));
      started.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening: ${output}`)));
    });
  };
  const halt = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await launch();
  const endpoint = `http://127.0.0.1:${port}`;
  const s3: S3Settings = { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS };
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'; // as the server does: see s3-storage.ts
  const client = new S3Client({
    endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    bucket,
    endpoint,
    env: { s3 },
    processEnv: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: s3.region,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    client,
    async objectNames() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        names.push(...(page.Contents ?? []).map((object) => object.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names.sort();
    },
    halt,
    restart: async () => {
      await halt();
      await launch();
    },
    async stop() {
      client.destroy();
      await halt();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
