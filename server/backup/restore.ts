/**
 * Loads a verified site backup into a database of either kind and the configured storage.
 * Images first, then every row in one transaction: a crash leaves at worst files no record names,
 * which the start sweep removes. A database with content (any record, message or About content)
 * is refused unless `force`; admin accounts alone do not count, because a first start creates one,
 * and the archive's accounts replace them. With `force`, the replaced site's files the archive does
 * not hold are removed once the new rows are committed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { admins, settings } from '../db/schema';
import type { Storage } from '../storage/storage';
import { ABOUT_CONTENT_KEY } from '../about/about-service';
import { SECRET_KEY } from '../auth/tokens';
import { ARCHIVE_TABLES, BackupError, isLeftOutSetting, type Row } from './archive-format';
import { verifyArchive, type VerifiedArchive } from './read-archive';

export interface RestoreTarget {
  db: Db;
  storage: Storage;
}

interface ExistingContent {
  records: number;
  messages: number;
  aboutContent: boolean;
}

export interface RestoreResult {
  archive: VerifiedArchive;
  /** Accounts the target had that the archive's accounts replaced. */
  replacedAdmins: string[];
  /** Files of the replaced site removed after the restore (force only). */
  removedFiles: number;
}

/** Rows per INSERT: far below any statement size limit, few round trips. */
const INSERT_BATCH = 200;
/** Uploads to a bucket at once; local storage just renames. */
const PUT_CONCURRENCY = 4;

/** What the target holds that a restore would replace. */
async function existingContent(db: Db): Promise<ExistingContent> {
  let records = 0;
  for (const table of ARCHIVE_TABLES.filter((candidate) => candidate.group === 'records')) {
    records += await countOf(db, table.name);
  }
  const messages = await countOf(db, 'contact_messages');
  const [about] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, ABOUT_CONTENT_KEY)).limit(1);
  return { records, messages, aboutContent: Boolean(about) };
}

async function countOf(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(row.n);
}

const isEmpty = (content: ExistingContent) => content.records === 0 && content.messages === 0 && !content.aboutContent;

/** Refuses a target with content unless forced, verifies the archive in `workDir`, then restores it. */
export async function restoreFromFile(
  target: RestoreTarget,
  file: string,
  options: { force: boolean; workDir: string; onStep?: (message: string) => void },
): Promise<RestoreResult> {
  const content = await existingContent(target.db);
  if (!options.force && !isEmpty(content)) {
    const what = [
      content.records ? `${content.records} content record(s)` : '',
      content.messages ? `${content.messages} message(s)` : '',
      content.aboutContent ? 'About content' : '',
    ].filter(Boolean);
    throw new BackupError(
      `The target database is not empty (it has ${what.join(', ')}); nothing was changed. Add --force to replace everything in it with the backup.`,
    );
  }
  try {
    options.onStep?.(`Checking ${path.basename(file)} (every file and checksum) before changing anything...`);
    const archive = await verifyArchive(file, options.workDir);
    options.onStep?.(`Copying ${archive.imageNames.length} image(s) into storage, then the records in one transaction...`);
    return await restoreArchive(target, archive, options.force);
  } finally {
    await fs.rm(options.workDir, { recursive: true, force: true });
  }
}

/** Restores a verified archive; its image files are moved out of the archive's image directory. */
async function restoreArchive(target: RestoreTarget, archive: VerifiedArchive, force: boolean): Promise<RestoreResult> {
  const previousFiles = force ? (await target.storage.list()).map((file) => file.name) : [];
  await putImages(target.storage, archive);

  const replacedAdmins = await target.db.transaction(async (tx) => {
    const before = (await tx.select({ email: admins.email }).from(admins)).map((row) => row.email);
    for (const table of ARCHIVE_TABLES) {
      // the audit log is never deleted from (the database refuses it): the archive's entries are added below
      if (table.appendOnly) continue;
      if (table.name === 'settings') {
        // the installation keeps its token signing key; the record of its last backup described the replaced site
        await tx.execute(sql`delete from ${sql.identifier(table.name)} where key <> ${SECRET_KEY}`);
      } else {
        // deleting admins also ends their sessions (foreign key on delete cascade)
        await tx.execute(sql`delete from ${sql.identifier(table.name)}`);
      }
    }
    for (const table of ARCHIVE_TABLES) {
      const rows = (archive.tables.get(table.name) ?? []).filter((row) => table.name !== 'settings' || !isLeftOutSetting(row));
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await tx.execute(insertRows(table.name, rows.slice(start, start + INSERT_BATCH), table.appendOnly ? table.primaryKey : undefined));
      }
    }
    const kept = new Set((archive.tables.get('admins') ?? []).map((row) => String(row.email)));
    return before.filter((email) => !kept.has(email));
  });

  let removedFiles = 0;
  if (force) {
    const restored = new Set(archive.imageNames);
    for (const name of previousFiles) {
      if (restored.has(name)) continue;
      await target.storage.remove(name);
      removedFiles += 1;
    }
  }
  return { archive, replacedAdmins, removedFiles };
}

/**
 * One INSERT of rows given as JSON: the database itself turns ISO times, dates and nested JSON into
 * column values. With `keepExisting` (the key column), a row the target already has stays as it is.
 */
function insertRows(tableName: string, rows: Row[], keepExisting?: string) {
  const columns = Object.keys(rows[0]).map((name) => sql.identifier(name));
  const list = sql.join(columns, sql`, `);
  const table = sql.identifier(tableName);
  const conflict = keepExisting ? sql` on conflict (${sql.identifier(keepExisting)}) do nothing` : sql``;
  return sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json)${conflict}`;
}

async function putImages(storage: Storage, archive: VerifiedArchive): Promise<void> {
  const queue = [...archive.imageNames];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      await storage.put(name, path.join(archive.imageDir, name));
    }
  };
  await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));
}
