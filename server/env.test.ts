/** Settings a value of which we cannot read stops the start with a message: TRUST_PROXY, the S3_* settings, LOG_LEVEL, NODE_ENV. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseS3Settings, parseTrustProxy, readEnv } from './env';

describe('readEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads LOG_LEVEL (info when unset) and refuses a level the logger does not know', () => {
    vi.stubEnv('LOG_LEVEL', '');
    expect(readEnv().logLevel).toBe('info');
    vi.stubEnv('LOG_LEVEL', 'warn');
    expect(readEnv().logLevel).toBe('warn');
    vi.stubEnv('LOG_LEVEL', 'verbose');
    expect(() => readEnv()).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
  });

  it('runs Vite inside only with NODE_ENV=development, and refuses a NODE_ENV it does not know', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(readEnv().development).toBe(true);
    for (const value of ['production', 'test', '']) {
      vi.stubEnv('NODE_ENV', value);
      expect(readEnv().development).toBe(false);
    }
    vi.stubEnv('NODE_ENV', 'staging');
    expect(() => readEnv()).toThrow('NODE_ENV must be one of production, development, test, got "staging"');
  });
});

describe('parseTrustProxy', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const raw of [undefined, '', '  ', 'false', '0']) expect(parseTrustProxy(raw)).toBe(false);
  });

  it('reads "true" as one hop, never as "trust every hop"', () => {
    expect(parseTrustProxy('true')).toBe(1);
  });

  it('reads a number of hops', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
  });

  it('reads a list of proxy addresses and CIDRs, IPv4 and IPv6', () => {
    expect(parseTrustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12,::1, fd00::/8')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8']);
  });

  it('refuses anything else, naming the entry', () => {
    for (const raw of ['yes', 'loopback', '10.0.0.256', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '1.5', '-1', '10.0.0.1, nginx']) {
      expect(() => parseTrustProxy(raw)).toThrow(/^TRUST_PROXY must be a number of proxy hops or a list of proxy addresses\/CIDRs, got "/);
    }
  });
});

describe('parseS3Settings', () => {
  const bucketEnv = { S3_BUCKET: 'site-media' };

  it('keeps images on local disk when S3_BUCKET is unset or empty', () => {
    expect(parseS3Settings({})).toBeNull();
    expect(parseS3Settings({ S3_BUCKET: ' ', AWS_ACCESS_KEY_ID: 'key' })).toBeNull();
  });

  it("reads the bucket with its defaults: AWS in us-east-1, virtual-host style, the SDK's own credentials", () => {
    expect(parseS3Settings(bucketEnv)).toEqual({
      bucket: 'site-media',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('reads an S3-compatible server with path-style access and key credentials', () => {
    const settings = parseS3Settings({
      ...bucketEnv,
      S3_ENDPOINT: 'http://127.0.0.1:4569/',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(settings).toEqual({
      bucket: 'site-media',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret', sessionToken: undefined },
    });
  });

  it.each([
    [{ S3_BUCKET: 'Site_Media' }, /^S3_BUCKET must be a bucket name .*, got "Site_Media"$/],
    [{ S3_BUCKET: 'ab' }, /^S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'a..b' }, /^S3_BUCKET must be a bucket name/],
    [{ ...bucketEnv, S3_ENDPOINT: '127.0.0.1:4569' }, /^S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL .*, got "127.0.0.1:4569"$/],
    [{ ...bucketEnv, S3_ENDPOINT: 'ftp://host' }, /^S3_ENDPOINT must be an http/],
    [{ ...bucketEnv, S3_ENDPOINT: 'http://user:pass@host' }, /^S3_ENDPOINT must be an http/],
    [{ ...bucketEnv, S3_REGION: 'EU Central' }, /^S3_REGION must be a region name such as us-east-1, got "EU Central"$/],
    [{ ...bucketEnv, S3_FORCE_PATH_STYLE: 'yes' }, /^S3_FORCE_PATH_STYLE must be true or false, got "yes"$/],
    [{ ...bucketEnv, AWS_ACCESS_KEY_ID: 'key' }, /^AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/],
    [{ ...bucketEnv, AWS_SECRET_ACCESS_KEY: 'secret' }, /^AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:4569', S3_FORCE_PATH_STYLE: 'true' }, /^S3_ENDPOINT, S3_FORCE_PATH_STYLE set without S3_BUCKET/],
  ])('refuses %j, saying which setting and why', (env, message) => {
    expect(() => parseS3Settings(env)).toThrow(message);
  });
});

describe('the built server', () => {
  it('refuses to start with a TRUST_PROXY it cannot read, and says why', () => {
    const server = path.resolve('dist/server.js');
    expect(fs.existsSync(server), 'run "npm run build" first').toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-env-'));
    try {
      const result = spawnSync(process.execPath, [server], {
        env: { ...process.env, TRUST_PROXY: 'everyone', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).not.toBe(0);
      // one JSON line of the server's logger, at fatal
      const line = JSON.parse(result.stdout.trim().split('\n').pop()!);
      expect(line).toMatchObject({
        level: 60,
        msg: 'Cannot start: TRUST_PROXY must be a number of proxy hops or a list of proxy addresses/CIDRs, got "everyone"',
      });
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
