/**
 * The audit log in backups: an archive holds it, a restore adds its entries to the target's (the
 * log is never deleted from, not even by --force), and an archive taken before the log existed
 * (no tables/audit_events.ndjson) still restores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../backup/archive-format';
import { restoreFromFile } from '../backup/restore';
import { backupToFile, createRecord, databaseDump, readEntries, writeEntries } from '../test/backup-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

let source: TestApp;
let work: string;
let archive: string;

beforeAll(async () => {
  source = await createTestApp();
  await createRecord(source, await source.login(), 'property', 'audited');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-backup-'));
  archive = path.join(work, 'site.tar.gz');
  await backupToFile(source.services, archive);
});
afterAll(async () => {
  await source.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const restore = (target: TestApp, file: string, force: boolean) =>
  restoreFromFile({ db: target.services.database.db, storage: target.services.storage }, file, {
    force,
    workDir: path.join(work, `work-${Math.random().toString(16).slice(2)}`),
  });

describe('audit log in backups', () => {
  it('the archive holds the entries; --force keeps the target’s own and adds the archive’s (twice: once each)', async () => {
    const archived = (await databaseDump(source.services.database)).audit_events;
    expect(archived.map((row) => (row as { kind: string }).kind).sort()).toEqual(['content.created', 'sign-in.succeeded']);
    const target = await createTestApp();
    try {
      await createRecord(target, await target.login(), 'property', 'target');
      const own = (await databaseDump(target.services.database)).audit_events;
      expect(own).toHaveLength(2);
      await restore(target, archive, true);
      await restore(target, archive, true);
      const after = (await databaseDump(target.services.database)).audit_events;
      expect(after).toHaveLength(own.length + archived.length);
      expect(after).toEqual(expect.arrayContaining([...own, ...archived]));
    } finally {
      await target.close();
    }
  });

  it('an archive taken before the audit log existed restores, with no entries', async () => {
    const entries = (await readEntries(archive)).filter((entry) => entry.name !== 'tables/audit_events.ndjson');
    const manifestEntry = entries.find((entry) => entry.name === 'manifest.json')!;
    const manifest = JSON.parse(manifestEntry.data.toString()) as Omit<Manifest, 'counts'> & { counts: Partial<Manifest['counts']> };
    delete manifest.tables.audit_events;
    delete manifest.counts.auditEvents;
    manifest.files = manifest.files.filter((file) => file.path !== 'tables/audit_events.ndjson');
    manifestEntry.data = Buffer.from(JSON.stringify(manifest));
    const old = path.join(work, 'before-audit.tar.gz');
    await writeEntries(old, entries);

    const target = await createTestApp();
    try {
      const result = await restore(target, old, false);
      expect(result.archive.tables.get('audit_events')).toEqual([]);
      const dump = await databaseDump(target.services.database);
      expect(dump.property).toHaveLength(1);
      expect(dump.audit_events).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
