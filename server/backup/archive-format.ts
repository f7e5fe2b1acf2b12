/**
 * The site backup archive, format "bangalore-site-backup" version 1: a .tar.gz holding
 *   images/<name>           every stored file, byte for byte (first: streamed from storage)
 *   tables/<table>.ndjson   one JSON object per row, keyed by column name (row_to_json in UTC:
 *                           times as ISO strings, dates as YYYY-MM-DD, JSON columns nested)
 *   manifest.json           last, because image checksums are known only once they are streamed:
 *                           format, version, creation time, counts, and size and SHA-256 per file.
 * Plain data, so an archive of the embedded database restores into PostgreSQL and back.
 * See docs/decisions/0011-backups.md.
 */
import path from 'node:path';
import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BackupCounts } from '../../shared/backup';
import { allRenditionUrls, isUploadedImageUrl } from '../../shared/image-urls';
import { z } from '../../shared/zod';
import { SECRET_KEY } from '../auth/tokens';
import { RESOURCE_KEYS } from '../../shared/resources';
import { resourceTables } from '../db/resource-tables';
import { JOB_KINDS } from '../jobs/job-kinds';
import * as schema from '../db/schema';
import { webhookAttempts } from '../webhooks/webhook-delivery.job';

export const ARCHIVE_FORMAT = 'bangalore-site-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

/** Settings key of the record of the last backup taken (when, what it held). */
export const LAST_BACKUP_KEY = 'last_backup';

/**
 * What a table's rows count as in the manifest; 'jobs' (pending jobs of kinds other than renditions), 'notes' (the pipeline's), 'versions'
 * (the content history: its rows are in `tables`), 'visits' (visit counts) and 'media' (the library's entries) are not counted.
 */
type Group =
  'records' | 'messages' | 'admins' | 'settings' | 'imageJobs' | 'auditEvents' | 'jobs' | 'versions' | 'visits' | 'notes' | 'media';
/** The groups the manifest does not count. */
type Uncounted = 'jobs' | 'versions' | 'visits' | 'notes' | 'media';

/** True for the tables whose rows the manifest and the backup summary count. */
const UNCOUNTED: readonly Group[] = ['jobs', 'versions', 'visits', 'notes', 'media'] satisfies Uncounted[];
export const isCounted = (table: ArchiveTable): table is ArchiveTable & { group: Exclude<Group, Uncounted> } =>
  !UNCOUNTED.includes(table.group);

export interface ArchiveTable {
  name: string;
  table: PgTable;
  group: Group;
  primaryKey: string;
  columns: Column[];
  /** Added to the format after archives were already taken: an archive without its file restores with no rows. */
  addedLater?: true;
  /** Append-only (the audit log): a restore adds the archive's rows to the ones the target has (same id: kept once) and deletes none. */
  appendOnly?: true;
}

const describe = (table: PgTable, group: Group, flags: Pick<ArchiveTable, 'addedLater' | 'appendOnly'> = {}): ArchiveTable => {
  const columns = Object.values(getTableColumns(table));
  const primary = columns.find((column) => column.primary);
  if (!primary) throw new Error(`${getTableName(table)} has no single-column primary key`);
  return { name: getTableName(table), table, group, primaryKey: primary.name, columns, ...flags };
};

/** Every table an archive holds, in the order they are written and restored. */
export const ARCHIVE_TABLES: ArchiveTable[] = [
  // every content resource's table, from its definition
  ...RESOURCE_KEYS.map((key) => describe(resourceTables[key], 'records')),
  // accounts before enquiries: an enquiry names its owner (the pipeline's owner_id)
  describe(schema.admins, 'admins'),
  describe(schema.contactMessages, 'messages'),
  // the pipeline's notes on enquiries (docs/decisions/0040); absent from older archives
  describe(schema.enquiryNotes, 'notes', { addedLater: true }),
  // two-factor sign-in travels with its accounts (its encryption key is a setting that travels too), counted as settings
  describe(schema.adminTotp, 'settings'),
  describe(schema.adminRecoveryCodes, 'settings'),
  describe(schema.settings, 'settings'),
  // webhooks and their secrets are the site's settings (a restored site keeps telling its receivers); absent from older archives
  describe(schema.webhooks, 'settings', { addedLater: true }),
  // the pending background jobs of the kinds a restored site should still do (the renditions' are counted as imageJobs);
  // a kind added later is absent from older archives
  ...JOB_KINDS.filter((kind) => kind.backup === 'kept').map((kind) =>
    kind.table === schema.imageJobs ? describe(kind.table, 'imageJobs') : describe(kind.table, 'jobs', { addedLater: true }),
  ),
  // visit counts are the site's history (no personal data: counts per day, page, referring host and campaign); absent from older archives
  describe(schema.visitCounts, 'visits', { addedLater: true }),
  describe(schema.dailyVisitors, 'visits', { addedLater: true }),
  // the audit log: a restored site keeps its history (see docs/decisions/0020-audit-log.md)
  describe(schema.auditEvents, 'auditEvents', { addedLater: true, appendOnly: true }),
  // the versions of content, About and Site settings (docs/decisions/0038); their images are among the stored files
  describe(schema.contentVersions, 'versions', { addedLater: true }),
  // the media library's entries (docs/decisions/0048), after the accounts that uploaded them; absent from older archives
  describe(schema.media, 'media', { addedLater: true }),
  // their earlier URLs, after the entries they name (docs/decisions/0048); absent from older archives
  describe(schema.mediaAliases, 'media', { addedLater: true }),
];

/**
 * Per-process or short-lived state a restored site starts without (sessions and sign-in or reset tokens end; counters start again),
 * and the jobs of the kinds that belong to the replaced site (the mail outbox: a restored copy would send its pending mails a second time).
 */
export const LEFT_OUT_TABLES: PgTable[] = [
  schema.adminSessions,
  schema.accountTokens,
  schema.loginAttempts,
  schema.rateLimits,
  // the attempts of webhook deliveries, which are left out with their kind (a restored copy would deliver the replaced site's events again)
  webhookAttempts,
  // today's visitor hashes and the day's salt never leave their day (and their instance's database)
  schema.visitorHashes,
  schema.visitSalts,
  ...JOB_KINDS.filter((kind) => kind.backup === 'left out').map((kind) => kind.table),
];

/** Settings rows that belong to one installation: its token signing key, and the record of its own backups. */
export const LEFT_OUT_SETTINGS: readonly string[] = [SECRET_KEY, LAST_BACKUP_KEY];

/** True for a settings row that a backup leaves out and a restore does not bring back. */
export const isLeftOutSetting = (row: Row): boolean => LEFT_OUT_SETTINGS.some((key) => key === row.key);

export const tableEntry = (name: string) => `tables/${name}.ndjson`;
export const imageEntry = (name: string) => `images/${name}`;

/** A storage name as the storage layer accepts it: flat, no path, no leading dot. */
const STORAGE_NAME = /^[a-z0-9][a-z0-9_.-]*$/;
const TABLE_ENTRY = /^tables\/([a-z_]+)\.ndjson$/;
const IMAGE_ENTRY = /^images\/(.+)$/;

export type EntryKind = { kind: 'manifest' } | { kind: 'table'; table: ArchiveTable } | { kind: 'image'; name: string } | null;

/** What an entry name stands for; null for anything a site backup never holds (and a path that could escape). */
export function classifyEntry(entryName: string): EntryKind {
  if (entryName === MANIFEST_ENTRY) return { kind: 'manifest' };
  const table = TABLE_ENTRY.exec(entryName);
  if (table) {
    const known = ARCHIVE_TABLES.find((candidate) => candidate.name === table[1]);
    return known ? { kind: 'table', table: known } : null;
  }
  const image = IMAGE_ENTRY.exec(entryName);
  if (image && STORAGE_NAME.test(image[1]) && !image[1].includes('..')) return { kind: 'image', name: image[1] };
  return null;
}

const count = z.number().int().nonnegative();

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime(),
  /** Engine the archive was taken from (for people; restore does not depend on it). */
  source: z.enum(['pglite', 'postgres']),
  counts: z.object({
    records: count,
    messages: count,
    admins: count,
    settings: count,
    imageJobs: count,
    images: count,
    imageBytes: count,
    /** Audit log entries; archives taken before the audit log have none. */
    auditEvents: count.default(0),
  }),
  /** Rows per table. */
  tables: z.record(z.string(), count),
  files: z.array(z.object({ path: z.string().min(1), size: count, sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** Images records named that were already missing from storage when the backup was taken. */
  missingImages: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;

export type Row = Record<string, unknown>;
export type TableRows = Map<string, Row[]>;

export function countRows(tables: TableRows, images: number, imageBytes: number): BackupCounts {
  const counts: BackupCounts = { records: 0, messages: 0, admins: 0, settings: 0, imageJobs: 0, images, imageBytes, auditEvents: 0 };
  for (const table of ARCHIVE_TABLES.filter(isCounted)) counts[table.group] += tables.get(table.name)?.length ?? 0;
  return counts;
}

/**
 * Storage names the rows cannot do without: the images content records name (their other
 * renditions may still be queued; an alias's are redirected) and the sources of queued renditions. The About content's
 * image is typed by hand and may point anywhere, so settings do not count.
 */
export function requiredImageNames(tables: TableRows): Set<string> {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (isUploadedImageUrl(value)) names.add(path.posix.basename(value));
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const table of ARCHIVE_TABLES) {
    if (table.group !== 'records' && table.group !== 'imageJobs') continue;
    for (const row of tables.get(table.name) ?? []) {
      walk(Object.values(row));
      if (table.group === 'imageJobs' && typeof row.source === 'string') names.add(row.source);
    }
  }
  // a record naming an earlier URL of a library image (an alias) needs none of its files: /uploads redirects it
  for (const alias of tables.get(getTableName(schema.mediaAliases)) ?? []) {
    if (typeof alias.url === 'string') for (const url of allRenditionUrls(alias.url)) names.delete(path.posix.basename(url));
  }
  return names;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why a column value cannot be stored in that column, or null when it can. */
function valueProblem(column: Column, value: unknown): string | null {
  if (value === null) return column.notNull ? 'is empty but required' : null;
  switch (column.columnType) {
    case 'PgUUID':
      return typeof value === 'string' && UUID.test(value) ? null : 'is not a UUID';
    case 'PgText':
      return typeof value === 'string' && !value.includes('\u0000') ? null : 'is not text';
    case 'PgTimestamp':
      return typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'is not an ISO time';
    case 'PgDateString':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'is not a date';
    case 'PgInteger':
      return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 2 ** 31 - 1 ? null : 'is not an integer';
    case 'PgBoolean':
      return typeof value === 'boolean' ? null : 'is not true or false';
    case 'PgJsonb':
      return JSON.stringify(value).includes('\\u0000') ? 'holds a NUL character' : null;
    // the schema's arrays are all of text (an account's permissions, a library image's tags)
    case 'PgArray':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && !item.includes('\u0000'))
        ? null
        : 'is not a list of text';
    default:
      return `has a column type this version cannot restore (${column.columnType})`;
  }
}

/** Why a row cannot be restored into its table, or null when it can. */
export function rowProblem(table: ArchiveTable, values: Row): string | null {
  for (const key of Object.keys(values)) {
    if (!table.columns.some((column) => column.name === key)) return `has a column "${key}" that ${table.name} does not have`;
  }
  for (const column of table.columns) {
    // a column added by a later migration takes its default when an older archive is restored
    if (!(column.name in values)) {
      if (column.notNull && !column.hasDefault) return `lacks the column "${column.name}"`;
      continue;
    }
    const problem = valueProblem(column, values[column.name]);
    if (problem) return `"${column.name}" ${problem}`;
  }
  return null;
}

/** The UTC file name a download gets: site-backup-2025-01-31T12-00-00Z.tar.gz (no colons, for Windows). */
export function archiveFileName(takenAt: Date): string {
  return `site-backup-${takenAt
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}

/** A refusal with a message for people (a damaged archive, a non-empty target, a bad argument). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
