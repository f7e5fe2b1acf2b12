/** TRUST_PROXY: which proxies' X-Forwarded-For to believe; a value we cannot read stops the start with a message. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './env';

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
      expect(result.stderr).toContain('TRUST_PROXY must be a number of proxy hops or a list of proxy addresses/CIDRs, got "everyone"');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
