/**
 * npm run backup / npm run restore as the operator meets them, on the embedded database (the kind
 * whose lock they must respect): arguments, the lock of a running server, a backup to a folder, a
 * restore into a new data directory, and refusals as one clear line with exit code 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupSummary } from '../../shared/backup';
import { readEnv } from '../env';
import { addSampleContent, databaseDump, storageDigests } from '../test/backup-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { backupCommand, restoreCommand, type CommandOutput } from './commands';

let site: TestApp;
let work: string;

beforeAll(async () => {
  site = await createTestApp({}, undefined, { databaseKind: 'pglite' });
  await addSampleContent(site, await site.login());
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'));
});
afterAll(async () => {
  await site.close();
  fs.rmSync(work, { recursive: true, force: true });
});

function output(): CommandOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, log: (line) => lines.push(line), error: (line) => errors.push(line) };
}

describe('arguments', () => {
  it.each([
    ['backup', []],
    ['backup', ['a.tar.gz', 'b.tar.gz']],
    ['backup', ['--force']],
    ['restore', []],
    ['restore', ['a.tar.gz', '--forse']],
  ])('%s %j: the usage line, exit code 2', async (command, args) => {
    const out = output();
    const code = await (command === 'backup' ? backupCommand : restoreCommand)(args, site.env, out);
    expect(code).toBe(2);
    expect(out.errors).toEqual([expect.stringMatching(new RegExp(`^Usage: npm run ${command} -- FILE`))]);
  });

  it('backup into a folder that does not exist', async () => {
    const out = output();
    expect(await backupCommand([path.join(work, 'missing', 'x.tar.gz')], site.env, out)).toBe(1);
    expect(out.errors[0]).toMatch(/^Backup failed: cannot write .*x\.tar\.gz: the folder .*missing does not exist\.$/);
  });

  it('restore of a file that does not exist', async () => {
    const out = output();
    expect(await restoreCommand([path.join(work, 'nope.tar.gz')], site.env, out)).toBe(1);
    expect(out.errors[0]).toMatch(/^Cannot restore: .*nope\.tar\.gz does not exist\.$/);
  });
});

describe('the embedded database of a running server', () => {
  it('is refused by both commands, saying what to do instead', async () => {
    const backupOut = output();
    expect(await backupCommand([path.join(work, 'x.tar.gz')], site.env, backupOut)).toBe(1);
    expect(backupOut.errors[0]).toMatch(
      /in use by another process.*Stop it first\. To back up a running site, use Download on the admin's Backups screen/,
    );
    expect(fs.existsSync(path.join(work, 'x.tar.gz'))).toBe(false);

    fs.writeFileSync(path.join(work, 'some.tar.gz'), 'x');
    const restoreOut = output();
    expect(await restoreCommand([path.join(work, 'some.tar.gz')], site.env, restoreOut)).toBe(1);
    expect(restoreOut.errors[0]).toMatch(
      /in use by another process.*Stop it first\. A restore replaces what the server serves, so it runs with the server stopped\./,
    );
  });
});

describe('with the server stopped', () => {
  let archive: string;
  const newDataDir = path.join(os.tmpdir(), `backup-cli-target-${process.pid}`);
  afterAll(() => fs.rmSync(newDataDir, { recursive: true, force: true }));

  it('backup writes site-backup-<UTC time>.tar.gz into a folder and records it', async () => {
    await site.stop();
    const out = output();
    expect(await backupCommand([work], site.env, out)).toBe(0);
    expect(out.errors).toEqual([]);
    expect(out.lines[0]).toMatch(
      /^Wrote .*site-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz: 4 records, 1 message, 1 admin account, \d+ images \(.+\); archive .+ in [\d.]+ s\.$/,
    );
    const written = fs.readdirSync(work).filter((name) => name.startsWith('site-backup-'));
    expect(written).toHaveLength(1);
    archive = path.join(work, written[0]);
    expect(fs.readdirSync(work).some((name) => name.endsWith('.partial'))).toBe(false);

    site = await site.restart();
    const summary = await site.app.inject({
      method: 'GET',
      url: '/api/backup/summary',
      headers: { authorization: `Bearer ${await site.login()}` },
    });
    expect((summary.json() as { data: BackupSummary }).data.lastBackup).toMatchObject({
      via: 'command line',
      archiveBytes: fs.statSync(archive).size,
    });
  });

  it('restore loads it into a new data directory, refuses to load it again without --force, replaces with it', async () => {
    const env = { ...readEnv(), dataDir: newDataDir, databaseUrl: undefined };
    const out = output();
    expect(await restoreCommand([archive], env, out)).toBe(0);
    expect(out.errors).toEqual([]);
    expect(out.lines.join('\n')).toMatch(
      /Restored the backup taken .* \(from an embedded database\) into the embedded database in .*\n {2}4 records, 1 message, 1 admin account, \d+ images/,
    );
    expect(out.lines.at(-1)).toMatch(
      /^Done in [\d.]+ s\. Start the server now\. A server that was running on this database meanwhile serves stale pages: restart it\.$/,
    );

    const again = output();
    expect(await restoreCommand([archive], env, again)).toBe(1);
    expect(again.errors[0]).toMatch(
      /^Restore refused: The target database is not empty \(it has 4 content record\(s\), 1 message\(s\), About content\); nothing was changed\. Add --force/,
    );
    const forced = output();
    expect(await restoreCommand([archive, '--force'], env, forced)).toBe(0);

    const restored = await createTestApp(
      { dataDir: newDataDir },
      { dataDir: newDataDir, schemaName: 'unused' },
      { databaseKind: 'pglite' },
    );
    try {
      const { audit_events: restoredAudit, ...restoredRows } = await databaseDump(restored.services.database);
      const { audit_events: siteAudit, ...siteRows } = await databaseDump(site.services.database);
      expect(restoredRows).toEqual(siteRows);
      // the audit log as the archive has it: the site's sign-in after the backup is not in it
      expect(restoredAudit.length).toBeGreaterThan(0);
      expect(siteAudit).toEqual(expect.arrayContaining(restoredAudit));
      expect(await storageDigests(restored.services.storage)).toEqual(await storageDigests(site.services.storage));
    } finally {
      await restored.stop();
    }
  });

  it('a damaged archive is refused in one line, exit code 1', async () => {
    const env = { ...readEnv(), dataDir: path.join(work, 'other'), databaseUrl: undefined };
    const text = path.join(work, 'notes.txt');
    fs.writeFileSync(text, 'hello');
    const out = output();
    expect(await restoreCommand([text], env, out)).toBe(1);
    expect(out.errors).toEqual(['Restore refused: notes.txt is not a site backup: it is not a gzip-compressed (.tar.gz) file.']);
  });
});
