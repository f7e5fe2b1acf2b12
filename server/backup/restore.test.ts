/**
 * Restore on this pass's engine: a round trip gives back every row and byte-identical images; a
 * damaged, truncated or foreign archive is refused with a clear message and changes nothing; a
 * database with content is refused without --force and replaced with it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSampleContent,
  backupToFile,
  createRecord,
  databaseDump,
  exactDump,
  readEntries,
  storageDigests,
  writeEntries,
  type ArchiveEntry,
} from '../test/backup-helpers';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { BackupError, type Manifest } from './archive-format';
import { restoreFromFile } from './restore';

let source: TestApp;
let work: string;
let good: string;

beforeAll(async () => {
  source = await createTestApp();
  await addSampleContent(source, await source.login());
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-test-'));
  good = path.join(work, 'good.tar.gz');
  await backupToFile(source.services, good);
});
afterAll(async () => {
  await source.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const workDir = () => path.join(work, `work-${crypto.randomUUID()}`);
const restore = (target: TestApp, file: string, force = false) =>
  restoreFromFile({ db: target.services.database.db, storage: target.services.storage }, file, { force, workDir: workDir() });

/** `keptAudit`: the target's own audit entries, which a restore keeps beside the archive's (the log is append-only). */
async function expectSameSite(target: TestApp, from: TestApp, keptAudit: { rows: unknown[]; lines: string[] } = { rows: [], lines: [] }) {
  const byId = (a: unknown, b: unknown) => {
    const [x, y] = [a, b].map((row) => (typeof row === 'string' ? (JSON.parse(row) as { id: string }).id : (row as { id: string }).id));
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const expected = await databaseDump(from.services.database);
  expected.audit_events = [...expected.audit_events, ...keptAudit.rows].sort(byId);
  expect(await databaseDump(target.services.database)).toEqual(expected);
  const expectedExact = await exactDump(from.services.database);
  expectedExact.audit_events = [...expectedExact.audit_events, ...keptAudit.lines].sort(byId);
  expect(await exactDump(target.services.database)).toEqual(expectedExact);
  expect(await storageDigests(target.services.storage)).toEqual(await storageDigests(from.services.storage));
}

describe('round trip', () => {
  it("restores every row and every image into an empty database; the archive's admins replace the first-start one", async () => {
    const target = await createTestApp();
    let restarted: TestApp | undefined;
    try {
      await target.services.auth.accounts.addAdmin('first-start@example.com', 'a first start password');
      const result = await restore(target, good);
      expect(result.replacedAdmins).toEqual(['first-start@example.com']);
      expect(result.removedFiles).toBe(0);
      await expectSameSite(target, source);
      // the rows compared above carry the content's Kannada values
      const restoredProperty = (await databaseDump(target.services.database)).property as { translations: unknown }[];
      expect(restoredProperty.map((row) => row.translations)).toContainEqual({ kn: { title: 'ಮನೆ one' } });

      // a fresh start on the restored data serves it: lists, images, the archive's admin login
      await target.stop();
      restarted = await target.restart();
      const gallery = (await restarted.app.inject('/api/gallery')).json() as { data: { images: { url: string }[] }[] };
      expect(gallery.data).toHaveLength(1);
      expect((await restarted.app.inject(gallery.data[0].images[0].url)).statusCode).toBe(200);
      const login = await restarted.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
      expect(login.statusCode).toBe(200);
    } finally {
      await (restarted ?? target).close();
    }
  });
});

describe('an archive taken before the content history (docs/decisions/0038)', () => {
  it('restores with no versions; the next edit starts the history from the restored state', async () => {
    const entry = 'tables/content_versions.ndjson';
    const entries = await readEntries(good);
    expect(entries.some((candidate) => candidate.name === entry)).toBe(true);
    const older = entries
      .filter((candidate) => candidate.name !== entry)
      .map((candidate) => {
        if (candidate.name !== 'manifest.json') return candidate;
        const manifest = JSON.parse(candidate.data.toString()) as Manifest;
        const { content_versions: _versions, ...tables } = manifest.tables;
        const files = manifest.files.filter((file) => file.path !== entry);
        return { ...candidate, data: Buffer.from(JSON.stringify({ ...manifest, tables, files })) };
      });
    const file = path.join(work, 'before-history.tar.gz');
    await writeEntries(file, older);
    const target = await createTestApp();
    try {
      await restore(target, file);
      const { content_versions: versions, ...rows } = await databaseDump(target.services.database);
      const { content_versions: _sourceVersions, ...sourceRows } = await databaseDump(source.services.database);
      expect(versions).toEqual([]);
      expect(rows).toEqual(sourceRows);
      const token = await target.login();
      const [property] = (await target.app.inject('/api/property')).json() as { _id: string; title: string }[];
      const edited = await target.app.inject({
        method: 'PUT',
        url: `/api/property/${property._id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { title: 'Renamed after the restore' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const history = await target.app.inject({
        url: `/api/property/${property._id}/versions`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect((history.json() as { data: { versions: { event: string }[] } }).data.versions.map((version) => version.event)).toEqual([
        'updated',
        'before-history',
      ]);
    } finally {
      await target.close();
    }
  });
});

describe('a bad archive is refused and changes nothing', () => {
  let target: TestApp;
  let before: { rows: unknown; images: Record<string, string> };
  let entries: ArchiveEntry[];

  beforeAll(async () => {
    target = await createTestApp();
    await createRecord(target, await target.login(), 'property', 'target');
    before = { rows: await databaseDump(target.services.database), images: await storageDigests(target.services.storage) };
    entries = await readEntries(good);
  });
  afterAll(() => target.close());

  const write = (name: string, bytes: Buffer | string) => {
    const file = path.join(work, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const repack = async (name: string, change: (entries: ArchiveEntry[]) => ArchiveEntry[]) => {
    const file = path.join(work, name);
    await writeEntries(file, change(entries.map((entry) => ({ ...entry, data: Buffer.from(entry.data) }))));
    return file;
  };
  const manifestOf = (list: ArchiveEntry[]) =>
    JSON.parse(list.find((entry) => entry.name === 'manifest.json')!.data.toString()) as Manifest;
  const withManifest = (list: ArchiveEntry[], manifest: unknown) =>
    list.map((entry) => (entry.name === 'manifest.json' ? { ...entry, data: Buffer.from(JSON.stringify(manifest)) } : entry));

  async function expectRefused(file: string, message: RegExp) {
    // --force: even a restore that would replace everything changes nothing when the archive is bad
    const refusal = await restore(target, file, true).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toMatch(message);
    expect(await databaseDump(target.services.database)).toEqual(before.rows);
    expect(await storageDigests(target.services.storage)).toEqual(before.images);
  }

  it('a truncated archive (cut in the middle, or just before its end)', async () => {
    const bytes = fs.readFileSync(good);
    await expectRefused(write('half.tar.gz', bytes.subarray(0, Math.floor(bytes.length / 2))), /incomplete: it ends too early/);
    await expectRefused(write('almost.tar.gz', bytes.subarray(0, bytes.length - 10)), /incomplete: it ends too early/);
  });

  it('a flipped byte: in the compressed data, or inside an image (checksum)', async () => {
    const bytes = Buffer.from(fs.readFileSync(good));
    bytes[Math.floor(bytes.length / 3)] ^= 0xff;
    await expectRefused(write('flipped.tar.gz', bytes), /damaged|incomplete|not a site backup/);
    const image = await repack('image-flipped.tar.gz', (list) => {
      const entry = list.find((candidate) => candidate.name.startsWith('images/'))!;
      entry.data[Math.floor(entry.data.length / 2)] ^= 0x01;
      return list;
    });
    await expectRefused(image, /damaged: images\/\S+ does not match the checksum/);
  });

  it('a text file, a foreign .tar.gz, another format, a newer version', async () => {
    await expectRefused(
      write('notes.txt', 'These are not the backups you are looking for.\n'),
      /not a site backup: it is not a gzip-compressed/,
    );
    await expectRefused(write('empty.tar.gz', ''), /not a site backup: the file is empty/);
    await expectRefused(
      write('plain.gz', zlib.gzipSync('just some gzipped text, no tar inside it at all, long enough to fill a block'.repeat(20))),
      /not a site backup/,
    );
    const foreign = path.join(work, 'foreign.tar.gz');
    await writeEntries(foreign, [
      { name: 'README.md', data: Buffer.from('# a project') },
      { name: 'src/index.js', data: Buffer.from('1') },
    ]);
    await expectRefused(foreign, /not a site backup: it holds "README.md"/);
    await expectRefused(
      await repack('other-format.tar.gz', (list) => withManifest(list, { ...manifestOf(list), format: 'wordpress-export' })),
      /names the format "wordpress-export"/,
    );
    await expectRefused(
      await repack('newer.tar.gz', (list) => withManifest(list, { ...manifestOf(list), version: 2 })),
      /newer version of the site \(backup format 2\)/,
    );
    await expectRefused(
      await repack('escape.tar.gz', (list) => [{ name: 'images/../../etc/passwd', data: Buffer.from('x') }, ...list]),
      /not a site backup/,
    );
  });

  it('missing pieces: the manifest, an image, a table; rows that do not fit their table', async () => {
    await expectRefused(
      await repack('no-manifest.tar.gz', (list) => list.filter((entry) => entry.name !== 'manifest.json')),
      /has no manifest\.json/,
    );
    await expectRefused(
      await repack('no-image.tar.gz', (list) => {
        const image = list.find((entry) => entry.name.startsWith('images/'))!;
        return list.filter((entry) => entry !== image);
      }),
      /listed in its manifest but not in the archive/,
    );
    // rewritten with a matching checksum: only the row check can catch it
    const badRow = await repack('bad-row.tar.gz', (list) => {
      const table = list.find((entry) => entry.name === 'tables/property.ndjson')!;
      const row = JSON.parse(table.data.toString().split('\n')[0]) as Record<string, unknown>;
      table.data = Buffer.from(`${JSON.stringify({ ...row, id: 'not-a-uuid' })}\n`);
      const manifest = manifestOf(list);
      const file = manifest.files.find((candidate) => candidate.path === table.name)!;
      file.size = table.data.length;
      file.sha256 = crypto.createHash('sha256').update(table.data).digest('hex');
      return withManifest(list, manifest);
    });
    await expectRefused(badRow, /damaged: tables\/property\.ndjson line 1 "id" is not a UUID/);
  });
});

describe('a database with content', () => {
  it('is refused without --force (nothing changed) and replaced with it (the old files removed)', async () => {
    const target = await createTestApp();
    try {
      await createRecord(target, await target.login(), 'property', 'target');
      await createRecord(target, await target.login(), 'team-members', 'target');
      const before = { rows: await databaseDump(target.services.database), images: await storageDigests(target.services.storage) };
      await expect(restore(target, good)).rejects.toThrow(/not empty \(it has 2 content record\(s\)\); nothing was changed\. Add --force/);
      expect(await databaseDump(target.services.database)).toEqual(before.rows);
      expect(await storageDigests(target.services.storage)).toEqual(before.images);

      const ownAudit = { rows: before.rows.audit_events, lines: (await exactDump(target.services.database)).audit_events };
      expect(ownAudit.rows.length).toBeGreaterThan(0); // its sign-ins and records
      const result = await restore(target, good, true);
      expect(result.removedFiles).toBe(Object.keys(before.images).length);
      // everything replaced but the audit log, which keeps the replaced site's entries beside the archive's
      await expectSameSite(target, source, ownAudit);
    } finally {
      await target.close();
    }
  });

  it('a message or the About content alone also count as content', async () => {
    const target = await createTestApp();
    try {
      await target.app.inject({
        method: 'POST',
        url: '/api/user',
        payload: { name: 'V', email: 'v@example.com', number: '98450 12345', message: 'Hi' },
      });
      await expect(restore(target, good)).rejects.toThrow(/1 message\(s\)/);
    } finally {
      await target.close();
    }
  });
});

describe('a gzip bomb', () => {
  const BOMB_BYTES = 200 * 1024 * 1024;
  let target: TestApp;
  beforeAll(async () => {
    target = await createTestApp();
  });
  afterAll(() => target.close());

  /** The site's entries with one image of `BOMB_BYTES` zeros (written as made: never held in memory) that its manifest says is tiny. */
  async function writeBomb(file: string) {
    const entries = await readEntries(good);
    const manifest = JSON.parse(entries.find((entry) => entry.name === 'manifest.json')!.data.toString()) as Manifest;
    manifest.files.push({ path: 'images/bomb.webp', size: 100, sha256: '0'.repeat(64) });
    const pack = tar.pack();
    const done = pipeline(Readable.from(pack, { objectMode: false }), zlib.createGzip(), fs.createWriteStream(file));
    const zeros = Buffer.alloc(1024 * 1024);
    const bomb = pack.entry({ name: 'images/bomb.webp', size: BOMB_BYTES });
    for (let written = zeros.length; written < BOMB_BYTES; written += zeros.length) {
      if (!bomb.write(zeros)) await once(bomb, 'drain');
    }
    bomb.end(zeros);
    await once(bomb, 'finish');
    for (const entry of entries) {
      const data = entry.name === 'manifest.json' ? Buffer.from(JSON.stringify(manifest)) : entry.data;
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.name, size: data.length }, data, (error) => (error ? reject(error) : resolve())),
      );
    }
    pack.finalize();
    await done;
  }

  /** Bytes under `dir`, 0 when it is not there. */
  const folderBytes = (dir: string): number =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .reduce(
            (sum, entry) =>
              sum + (entry.isFile() ? (fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0) : 0),
            0,
          )
      : 0;

  it('is refused with a message before its bytes reach the disk (the work folder stays below the declared size)', async () => {
    const file = path.join(work, 'bomb.tar.gz');
    await writeBomb(file);
    const compressed = fs.statSync(file).size;
    expect(compressed).toBeLessThan(1024 * 1024);
    const declared = (await readEntries(good)).reduce((sum, entry) => sum + entry.data.length, 0) + 100;
    // as `npm run restore` does: the work folder under DATA_DIR/tmp
    const tmp = path.join(target.env.dataDir, 'tmp');
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, folderBytes(tmp))), 10);
    const refusal = await restoreFromFile({ db: target.services.database.db, storage: target.services.storage }, file, {
      force: true,
      workDir: path.join(tmp, `restore-${crypto.randomUUID()}`),
    }).then(
      () => null,
      (error: unknown) => error,
    );
    clearInterval(poll);
    peak = Math.max(peak, folderBytes(tmp));
    console.log(`gzip bomb: ${compressed} bytes inflating to ${BOMB_BYTES}; manifest declares ${declared}; work folder peak ${peak} bytes`);
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toBe(`bomb.tar.gz is damaged: images/bomb.webp holds ${BOMB_BYTES} bytes, its manifest says 100.`);
    expect(peak).toBeLessThanOrEqual(declared);
    expect(await storageDigests(target.services.storage)).toEqual({});
  });
});
