/**
 * Writes a site backup (format in archive-format.ts) to a stream while the site keeps serving.
 * Every table is read inside one read-only REPEATABLE READ transaction, into memory (the data is
 * small, and PGlite has one connection: no transaction stays open while images stream). Then every
 * stored file is streamed from storage, one at a time, hashing as it goes; the tables and the
 * manifest come last. A record deleted meanwhile may take its image with it before it is read:
 * then the tables are read again, and the files that snapshot names that are not yet in the
 * archive are added, until the rows and the files agree.
 */
import crypto from 'node:crypto';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { queryRows, type Db } from '../db/client';
import { settings } from '../db/schema';
import type { Storage } from '../storage/storage';
import type { LastBackup } from '../../shared/backup';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_TABLES,
  ARCHIVE_VERSION,
  BackupError,
  countRows,
  imageEntry,
  LAST_BACKUP_KEY,
  isLeftOutSetting,
  MANIFEST_ENTRY,
  requiredImageNames,
  tableEntry,
  type Manifest,
  type Row,
  type TableRows,
} from './archive-format';
import { asError, isRecord } from '../../shared/narrow';

export interface BackupSource {
  db: Db;
  kind: 'pglite' | 'postgres';
  storage: Storage;
}

export interface BackupResult {
  manifest: Manifest;
  /** Size of the .tar.gz written. */
  archiveBytes: number;
}

/** Snapshots to try before giving up on a site that changes faster than it can be read. */
const MAX_SNAPSHOTS = 5;
/** Images compress barely at all: a fast level keeps a backup from holding a core for long. */
const GZIP_LEVEL = 1;

interface Snapshot {
  tables: TableRows;
  /** Each row's JSON as the database wrote it, for the NDJSON files. */
  lines: Map<string, string[]>;
}

/** Reads every archived table in one consistent, read-only snapshot. */
export async function readSnapshot(db: Db): Promise<Snapshot> {
  return db.transaction(
    async (tx) => {
      // row_to_json writes times in the session's zone: UTC makes the archive the same from any server
      await tx.execute(sql`set local timezone = 'UTC'`);
      const tables: TableRows = new Map();
      const lines = new Map<string, string[]>();
      for (const table of ARCHIVE_TABLES) {
        const result = await queryRows<{ row: string }>(
          tx,
          sql`select row_to_json(t)::text as "row" from ${sql.identifier(table.name)} t order by ${sql.identifier(table.primaryKey)}`,
        );
        const tableLines: string[] = [];
        const rows: Row[] = [];
        for (const { row } of result) {
          const parsed: unknown = JSON.parse(row);
          if (!isRecord(parsed)) throw new Error(`row_to_json gave ${table.name} a row that is not an object`);
          if (table.name === 'settings' && isLeftOutSetting(parsed)) continue;
          tableLines.push(row);
          rows.push(parsed);
        }
        tables.set(table.name, rows);
        lines.set(table.name, tableLines);
      }
      return { tables, lines };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export interface PreparedBackup {
  readonly startedAt: Date;
  /** Streams the archive into `output` (ended when done); rejects if writing fails or the output goes away. */
  writeTo(output: Writable): Promise<BackupResult>;
}

/** Takes the first snapshot now (so a database failure is a plain error reply), then streams on demand. */
export async function prepareBackup(source: BackupSource): Promise<PreparedBackup> {
  const startedAt = new Date();
  const first = await readSnapshot(source.db);
  return { startedAt, writeTo: (output) => writeArchive(source, first, startedAt, output) };
}

async function writeArchive(source: BackupSource, first: Snapshot, startedAt: Date, output: Writable): Promise<BackupResult> {
  const pack = tar.pack();
  let archiveBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      archiveBytes += chunk.length;
      done(null, chunk);
    },
  });
  // tar-stream's pack is a streamx stream: node's pipeline reads it as an async iterable
  const piping = pipeline(Readable.from(pack, { objectMode: false }), zlib.createGzip({ level: GZIP_LEVEL }), counter, output);
  // whichever fails first ends both: a reader that went away stops the reading of images
  const producing = produce(source, first, startedAt, pack).catch((error: unknown) => {
    pack.destroy(asError(error));
    throw error;
  });
  const [manifest] = await Promise.all([producing, piping]);
  return { manifest, archiveBytes };
}

async function produce(source: BackupSource, first: Snapshot, startedAt: Date, pack: tar.Pack): Promise<Manifest> {
  const files: Manifest['files'] = [];
  const streamed = new Map<string, number>();
  let snapshot = first;
  let missingBefore: string[] | null = null;
  let missingImages: string[] = [];
  for (let attempt = 1; ; attempt += 1) {
    if (attempt > 1) snapshot = await readSnapshot(source.db);
    const stored = (await source.storage.list()).map((file) => file.name).sort();
    for (const name of stored) {
      if (streamed.has(name)) continue;
      const file = await source.storage.read(name);
      if (!file) continue; // removed since the listing: a later snapshot no longer names it
      const sha256 = await appendStream(pack, imageEntry(name), file.size, file.stream);
      files.push({ path: imageEntry(name), size: file.size, sha256 });
      streamed.set(name, file.size);
    }
    const missing = [...requiredImageNames(snapshot.tables)].filter((name) => !streamed.has(name)).sort();
    if (!missing.length) break;
    // named by two snapshots in a row and never stored: missing before the backup began, not taken away during it
    if (missingBefore && missing.every((name) => missingBefore!.includes(name))) {
      missingImages = missing;
      break;
    }
    if (attempt >= MAX_SNAPSHOTS) {
      throw new BackupError(
        'The site changed too much while the backup was taken (images were removed as they were read). Please try again.',
      );
    }
    missingBefore = missing;
  }

  const tableCounts: Record<string, number> = {};
  for (const table of ARCHIVE_TABLES) {
    const lines = snapshot.lines.get(table.name) ?? [];
    const body = Buffer.from(lines.length ? `${lines.join('\n')}\n` : '');
    await appendBuffer(pack, tableEntry(table.name), body, startedAt);
    files.push({ path: tableEntry(table.name), size: body.length, sha256: sha256(body) });
    tableCounts[table.name] = lines.length;
  }
  const imageBytes = [...streamed.values()].reduce((sum, size) => sum + size, 0);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: startedAt.toISOString(),
    source: source.kind,
    counts: countRows(snapshot.tables, streamed.size, imageBytes),
    tables: tableCounts,
    files,
    missingImages,
  };
  await appendBuffer(pack, MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), startedAt);
  pack.finalize();
  return manifest;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

function appendBuffer(pack: tar.Pack, name: string, body: Buffer, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: body.length, mtime, mode: 0o644 }, body, (error) => (error ? reject(error) : resolve()));
  });
}

/** Adds one entry from a stream of exactly `size` bytes, with backpressure; returns its SHA-256. */
async function appendStream(pack: tar.Pack, name: string, size: number, source: Readable): Promise<string> {
  const hash = crypto.createHash('sha256');
  try {
    await new Promise<void>((resolve, reject) => {
      const target: EntrySink = pack.entry({ name, size, mode: 0o644 }, (error) => (error ? reject(error) : resolve()));
      (async () => {
        for await (const chunk of source) {
          hash.update(chunk);
          if (!target.write(chunk)) await drained(target);
        }
        target.end();
      })().catch((error: unknown) => {
        target.destroy(asError(error));
        reject(error);
      });
    });
  } finally {
    source.destroy();
  }
  return hash.digest('hex');
}

/** The part of tar-stream's entry stream used here (its streamx typings want an argument for end(), which is optional at run time). */
interface EntrySink {
  write(chunk: Buffer): boolean;
  end(data?: unknown): unknown;
  destroy(error?: Error): void;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

function drained(sink: EntrySink): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      sink.off('drain', onDrain);
      sink.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The archive stream was closed'));
    sink.on('drain', onDrain);
    sink.on('close', onClose);
  });
}

/** Keeps when the last backup was taken and what it held, for the Backups screen. */
export async function recordLastBackup(db: Db, result: BackupResult, via: LastBackup['via']): Promise<LastBackup> {
  const value: LastBackup = { takenAt: result.manifest.createdAt, via, counts: result.manifest.counts, archiveBytes: result.archiveBytes };
  await db
    .insert(settings)
    .values({ key: LAST_BACKUP_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}
