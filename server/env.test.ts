// engine-independent: reads settings; opens no database
/** Settings a value of which we cannot read stops the start with a message: TRUST_PROXY, the S3_* settings, the mail settings, LOG_LEVEL, NODE_ENV, SITE_TIMEZONE. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseS3Settings, parseTrustProxy, readEnv } from './env';
import { parseMailSettings } from './mail/mail-settings';

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

  it('reads SITE_TIMEZONE (Asia/Kolkata when unset) and refuses a zone Intl does not know', () => {
    vi.stubEnv('SITE_TIMEZONE', '');
    expect(readEnv().siteTimeZone).toBe('Asia/Kolkata');
    vi.stubEnv('SITE_TIMEZONE', 'Europe/London');
    expect(readEnv().siteTimeZone).toBe('Europe/London');
    vi.stubEnv('SITE_TIMEZONE', 'India/Bangalore');
    expect(() => readEnv()).toThrow(
      'SITE_TIMEZONE must be an IANA time zone name such as Asia/Kolkata or Europe/London, got "India/Bangalore"',
    );
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

describe('parseMailSettings', () => {
  const site = 'https://www.example.in';

  it('sends no mail when SMTP_URL is unset or empty', () => {
    expect(parseMailSettings({}, site)).toBeNull();
    expect(parseMailSettings({ SMTP_URL: ' ' }, site)).toBeNull();
  });

  it('reads smtp:// with a percent-encoded login, smtps:// on 465 by default, and the From from PUBLIC_URL when MAIL_FROM is unset', () => {
    expect(parseMailSettings({ SMTP_URL: 'smtp://alerts%40example.in:p%40ss%3Aw%2Frd@mail.example.in:587' }, site)).toEqual({
      smtp: { host: 'mail.example.in', port: 587, secure: false, auth: { user: 'alerts@example.in', pass: 'p@ss:w/rd' } },
      from: 'Website <no-reply@example.in>',
      notify: [],
    });
    expect(parseMailSettings({ SMTP_URL: 'smtps://mail.example.in' }, site)?.smtp).toEqual({
      host: 'mail.example.in',
      port: 465,
      secure: true,
      auth: undefined,
    });
    expect(parseMailSettings({ SMTP_URL: 'smtp://[::1]:2525' }, site)?.smtp).toMatchObject({ host: '::1', port: 2525 });
    expect(parseMailSettings({ SMTP_URL: 'smtp://localhost' }, 'http://localhost:3000')?.from).toBe('Website <no-reply@localhost>');
  });

  it('reads NOTIFY_EMAIL as one or more addresses and MAIL_FROM as an address or "Name <address>"', () => {
    const settings = parseMailSettings(
      {
        SMTP_URL: 'smtp://mail.example.in',
        NOTIFY_EMAIL: ' owner@example.in, sales@example.in,,owner@example.in ',
        MAIL_FROM: ' Asha Interiors  <site@example.in> ',
      },
      site,
    );
    expect(settings?.notify).toEqual(['owner@example.in', 'sales@example.in']);
    expect(settings?.from).toBe('Asha Interiors <site@example.in>');
    expect(parseMailSettings({ SMTP_URL: 'smtp://mail.example.in', MAIL_FROM: 'site@example.in' }, site)?.from).toBe('site@example.in');
  });

  it.each([
    [
      { SMTP_URL: 'mail.example.in:587' },
      /^SMTP_URL must be smtp:\/\/user:password@host:port or smtps:\/\/…; the scheme must be smtp or smtps, got "mail.example.in:587"$/,
    ],
    [{ SMTP_URL: 'http://mail.example.in' }, /^SMTP_URL must be .*; the scheme must be smtp or smtps, got "http:\/\/mail.example.in\/"$/],
    [{ SMTP_URL: 'smtp://' }, /^SMTP_URL must be .*; (it is not a URL|the host is missing)/],
    [{ SMTP_URL: 'smtp://mail.example.in:587/inbox' }, /^SMTP_URL must be .*; it takes no path, query or fragment/],
    [{ SMTP_URL: 'smtp://mail.example.in?pool=true' }, /^SMTP_URL must be .*; it takes no path, query or fragment/],
    [{ SMTP_URL: 'smtp://mail.example.in:99999' }, /^SMTP_URL must be .*; it is not a URL/],
    [
      { SMTP_URL: 'smtp://user:p%zzss@mail.example.in' },
      /^SMTP_URL must be .*; the user name or password is not correctly percent-encoded, got "smtp:\/\/user:\*\*\*@mail.example.in"$/,
    ],
    [
      { SMTP_URL: 'smtp://mail.example.in', NOTIFY_EMAIL: 'owner@example.in; sales@example.in' },
      /^NOTIFY_EMAIL must be one or more e-mail addresses, comma separated; "owner@example.in; sales@example.in" is not one$/,
    ],
    [{ SMTP_URL: 'smtp://mail.example.in', NOTIFY_EMAIL: 'owner' }, /^NOTIFY_EMAIL must be .*; "owner" is not one$/],
    [
      { SMTP_URL: 'smtp://mail.example.in', MAIL_FROM: 'Website' },
      /^MAIL_FROM must be an e-mail address or "Name <address>", got "Website"$/,
    ],
    [{ SMTP_URL: 'smtp://mail.example.in', MAIL_FROM: 'Web "site" <a@example.in>' }, /^MAIL_FROM must be/],
    [{ SMTP_URL: 'smtp://mail.example.in', MAIL_FROM: 'Web\r\nBcc: x@y.in <a@example.in>' }, /^MAIL_FROM must be/],
    [{ NOTIFY_EMAIL: 'owner@example.in' }, /^NOTIFY_EMAIL set without SMTP_URL: set SMTP_URL to send mail, or unset NOTIFY_EMAIL$/],
    [{ NOTIFY_EMAIL: 'owner@example.in', MAIL_FROM: 'a@example.in' }, /^NOTIFY_EMAIL, MAIL_FROM set without SMTP_URL/],
  ])('refuses %j, saying which setting and why', (env, message) => {
    expect(() => parseMailSettings(env, site)).toThrow(message);
  });

  it('never repeats the SMTP password in a message', () => {
    for (const url of [
      'smtp://alerts:Secret123@mail.example.in/x',
      'ftp://alerts:Secret123@mail.example.in',
      'smtp://alerts:Secret123@mail example.in',
    ]) {
      let message = '';
      try {
        parseMailSettings({ SMTP_URL: url }, site);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^SMTP_URL must be/);
      expect(message).not.toContain('Secret123');
    }
  });

  it('is read by readEnv, whose start stops on a bad value', () => {
    vi.stubEnv('SMTP_URL', 'smtp://mail.example.in');
    vi.stubEnv('NOTIFY_EMAIL', 'owner@example.in');
    vi.stubEnv('PUBLIC_URL', 'https://example.in/');
    expect(readEnv().mail).toMatchObject({ notify: ['owner@example.in'], from: 'Website <no-reply@example.in>' });
    vi.stubEnv('NOTIFY_EMAIL', 'not an address');
    expect(() => readEnv()).toThrow('NOTIFY_EMAIL must be one or more e-mail addresses, comma separated; "not an address" is not one');
    vi.unstubAllEnvs();
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
  it('refuses to start with a SITE_TIMEZONE it does not know, and says why', () => {
    const server = path.resolve('dist/server.js');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-env-'));
    try {
      const result = spawnSync(process.execPath, [server], {
        env: { ...process.env, SITE_TIMEZONE: 'Asia/Bangalore', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).not.toBe(0);
      const line = JSON.parse(result.stdout.trim().split('\n').pop()!);
      expect(line).toMatchObject({
        level: 60,
        msg: 'Cannot start: SITE_TIMEZONE must be an IANA time zone name such as Asia/Kolkata or Europe/London, got "Asia/Bangalore"',
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with an SMTP_URL it cannot use, without printing its password', () => {
    const server = path.resolve('dist/server.js');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-env-'));
    try {
      const result = spawnSync(process.execPath, [server], {
        env: { ...process.env, SMTP_URL: 'smtp://alerts:Secret123@mail.example.in/inbox', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).not.toBe(0);
      const line = JSON.parse(result.stdout.trim().split('\n').pop()!);
      expect(line).toMatchObject({
        level: 60,
        msg: 'Cannot start: SMTP_URL must be smtp://user:password@host:port or smtps://…; it takes no path, query or fragment, got "smtp://alerts:***@mail.example.in/inbox"',
      });
      expect(result.stdout + result.stderr).not.toContain('Secret123');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
