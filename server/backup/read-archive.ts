/**
 * Reads and verifies a whole site backup into a work directory before anything is changed: the
 * gzip and tar structure, only entries a site backup holds, the manifest's format and version,
 * every file's size and SHA-256, every image the rows need, and every row against its table's
 * columns. Anything wrong is a BackupError saying what, so a damaged, truncated or foreign file is
 * refused while the database and storage are still untouched.
 *
 * Two passes, because the manifest comes last (archive-format.ts): the first reads the tar headers
 * and the manifest and writes nothing, so every entry's size is checked against the manifest and the
 * free disk before a byte reaches it; the second writes, never more than the manifest declares.
 * Both count what gunzip makes, so a small file that inflates without end (a gzip bomb) is cut off.
 */
import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import tar, { type ExtractEvents } from 'tar-stream';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_TABLES,
  ARCHIVE_VERSION,
  BackupError,
  classifyEntry,
  countRows,
  manifestSchema,
  MANIFEST_ENTRY,
  requiredImageNames,
  rowProblem,
  tableEntry,
  type Manifest,
  type Row,
  type TableRows,
} from './archive-format';
import { errorCode, isRecord, propertyOf } from '../../shared/narrow';

export interface VerifiedArchive {
  manifest: Manifest;
  tables: TableRows;
  /** Directory holding every image of the archive under its storage name. */
  imageDir: string;
  imageNames: string[];
}

/** A manifest is a few hundred bytes per file; anything near this is not ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

interface ExtractedFile {
  size: number;
  sha256: string;
}

/** Verifies `file` completely, extracting it into `workDir` (which must be empty or missing). */
export async function verifyArchive(file: string, workDir: string): Promise<VerifiedArchive> {
  const label = path.basename(file);
  const stat = await fs.stat(file).catch(() => null);
  if (!stat) throw new BackupError(`Cannot read ${file}: there is no such file.`);
  if (!stat.isFile()) throw new BackupError(`${file} is not a file.`);
  if (stat.size === 0) throw new BackupError(`${label} is not a site backup: the file is empty.`);

  const imageDir = path.join(workDir, 'images');
  const tableDir = path.join(workDir, 'tables');
  await fs.mkdir(imageDir, { recursive: true });
  await fs.mkdir(tableDir, { recursive: true });
  const manifest = await readManifest(file, label, await freeBytes(workDir));
  const extracted = await extract(file, label, manifest, imageDir, tableDir);
  for (const entry of manifest.files) {
    if (extracted.get(entry.path)?.sha256 !== entry.sha256) {
      throw new BackupError(`${label} is damaged: ${entry.path} does not match the checksum in its manifest.`);
    }
  }

  const tables: TableRows = new Map();
  for (const table of ARCHIVE_TABLES) {
    const entry = tableEntry(table.name);
    if (!extracted.has(entry) && table.addedLater && manifest.tables[table.name] === undefined) {
      // an archive taken before this table was added to the format
      tables.set(table.name, []);
      continue;
    }
    if (!extracted.has(entry)) throw new BackupError(`${label} is incomplete: it has no ${entry}.`);
    const rows = parseRows(await fs.readFile(path.join(tableDir, `${table.name}.ndjson`), 'utf8'), table, `${label} is damaged: ${entry}`);
    if (rows.length !== manifest.tables[table.name]) {
      throw new BackupError(
        `${label} is damaged: ${entry} has ${rows.length} rows, its manifest says ${manifest.tables[table.name] ?? 0}.`,
      );
    }
    tables.set(table.name, rows);
  }

  const imageNames = [...extracted.keys()].filter((name) => name.startsWith('images/')).map((name) => name.slice('images/'.length));
  const present = new Set(imageNames);
  const excused = new Set(manifest.missingImages);
  const absent = [...requiredImageNames(tables)].filter((name) => !present.has(name) && !excused.has(name));
  if (absent.length) {
    throw new BackupError(
      `${label} is incomplete: its records name ${absent.length} image(s) it does not hold (${absent.slice(0, 3).join(', ')}).`,
    );
  }
  const imageBytes = imageNames.reduce((sum, name) => sum + extracted.get(`images/${name}`)!.size, 0);
  const counts = countRows(tables, imageNames.length, imageBytes);
  if (JSON.stringify(counts) !== JSON.stringify(manifest.counts)) {
    throw new BackupError(`${label} is damaged: its contents do not match the counts in its manifest.`);
  }
  return { manifest, tables, imageDir, imageNames };
}

/** Bytes a tar stream spends beside its files' bytes: a header and padding per entry, the end blocks and the last record's padding. */
const tarOverhead = (entries: number) => (entries + 1) * 1024 + 10 * 1024;
/** What gunzip may run ahead of the tar reader (its buffers) before the count is held against it. */
const READ_AHEAD = 1024 * 1024;

/** Free bytes where `dir` lies (the work directory, under DATA_DIR/tmp). */
async function freeBytes(dir: string): Promise<number> {
  const { bavail, bsize } = await fs.statfs(dir);
  return bavail * bsize;
}

/** One file of the tar stream (tar-stream does not export its name). */
type Entry = ExtractEvents['entry'][1];

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

/**
 * Reads every entry of the .tar.gz in order, handing each to `onEntry` with its kind. Refuses what
 * a site backup never holds, and stops gunzip once it has made more than `allowed()` bytes.
 */
async function readEntries(
  file: string,
  label: string,
  allowed: () => number,
  onEntry: (entry: Entry, kind: NonNullable<ReturnType<typeof classifyEntry>>) => Promise<void>,
): Promise<void> {
  const input = createReadStream(file);
  const gunzip = zlib.createGunzip();
  const entries = tar.extract();
  let inflated = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > allowed() + READ_AHEAD) {
        done(new BackupError(`${label} is damaged: it holds more data than its entries declare.`));
      } else done(null, chunk);
    },
  });
  for (const stream of [input, gunzip, counter]) stream.on('error', (error: Error) => entries.destroy(error));
  input.pipe(gunzip).pipe(counter).pipe(entries);
  const seen = new Set<string>();
  try {
    for await (const entry of entries) {
      const name = entry.header.name;
      const kind = classifyEntry(name);
      if (!kind || (entry.header.type ?? 'file') !== 'file') {
        throw new BackupError(`${label} is not a site backup: it holds "${name.slice(0, 200)}", which a site backup never does.`);
      }
      if (seen.has(name)) throw new BackupError(`${label} is damaged: it holds ${name} twice.`);
      seen.add(name);
      await onEntry(entry, kind);
    }
  } catch (error) {
    throw readFailure(error, label);
  } finally {
    input.destroy();
    gunzip.destroy();
    counter.destroy();
  }
}

/**
 * The first pass: the manifest, and every entry's declared size held against it, writing nothing.
 * Declared sizes are also held against the free disk as they come, so a header claiming more than
 * fits is refused at once.
 */
async function readManifest(file: string, label: string, free: number): Promise<Manifest> {
  const declared = new Map<string, number>();
  let declaredTotal = 0;
  let manifestText: string | null = null;
  await readEntries(
    file,
    label,
    () => declaredTotal + tarOverhead(declared.size + 1),
    async (entry, kind) => {
      const size = entry.header.size ?? 0;
      if (kind.kind === 'manifest') {
        if (size > MAX_MANIFEST_BYTES) throw new BackupError(`${label} is not a site backup: its ${MANIFEST_ENTRY} is far too large.`);
        declaredTotal += size;
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(bytesOf(chunk));
        manifestText = Buffer.concat(chunks).toString('utf8');
        return;
      }
      declared.set(entry.header.name, size);
      declaredTotal += size;
      if (declaredTotal > free) {
        throw new BackupError(
          `${label} cannot be checked here: its files need more than ${megabytes(declaredTotal)} and the disk has ${megabytes(free)} free.`,
        );
      }
      // the bytes are read (gunzip must pass them) but go nowhere
      for await (const _chunk of entry);
    },
  );
  if (manifestText === null) {
    throw new BackupError(
      `${label} is incomplete or not a site backup: it has no ${MANIFEST_ENTRY}, which a site backup ends with (a copy that was cut short loses it).`,
    );
  }
  const manifest = parseManifest(manifestText, label);
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    listed.add(entry.path);
    const size = declared.get(entry.path);
    if (size === undefined)
      throw new BackupError(`${label} is incomplete: ${entry.path} is listed in its manifest but not in the archive.`);
    if (size !== entry.size) {
      throw new BackupError(`${label} is damaged: ${entry.path} holds ${size} bytes, its manifest says ${entry.size}.`);
    }
  }
  for (const name of declared.keys()) {
    if (!listed.has(name)) throw new BackupError(`${label} is damaged: ${name} is in the archive but not in its manifest.`);
  }
  return manifest;
}

/** The second pass: writes each file the manifest lists, never more bytes than it declares for it (nor in all). */
async function extract(
  file: string,
  label: string,
  manifest: Manifest,
  imageDir: string,
  tableDir: string,
): Promise<Map<string, ExtractedFile>> {
  const sizes = new Map(manifest.files.map((entry) => [entry.path, entry.size]));
  const total = manifest.files.reduce((sum, entry) => sum + entry.size, 0);
  const extracted = new Map<string, ExtractedFile>();
  await readEntries(
    file,
    label,
    () => total + MAX_MANIFEST_BYTES + tarOverhead(sizes.size + 1),
    async (entry, kind) => {
      const name = entry.header.name;
      if (kind.kind === 'manifest') {
        for await (const _chunk of entry);
        return;
      }
      // the file changed since the first pass
      const size = sizes.get(name);
      if (size === undefined || entry.header.size !== size) {
        throw new BackupError(`${label} is damaged: ${name} does not match its manifest.`);
      }
      const target = kind.kind === 'table' ? path.join(tableDir, `${kind.table.name}.ndjson`) : path.join(imageDir, kind.name);
      extracted.set(name, await copyWithDigest(entry, target, size, `${label} is damaged: ${name} is longer than its manifest says.`));
    },
  );
  return extracted;
}

/** Says in words why the bytes could not be read as a .tar.gz. */
function readFailure(error: unknown, label: string): Error {
  if (error instanceof BackupError) return error;
  const code = errorCode(error);
  const message = String(propertyOf(error, 'message') ?? '');
  if (code === 'Z_DATA_ERROR' && /header/i.test(message)) {
    return new BackupError(`${label} is not a site backup: it is not a gzip-compressed (.tar.gz) file.`);
  }
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(message)) {
    return new BackupError(`${label} is incomplete: it ends too early (the file was cut short, e.g. by an interrupted download or copy).`);
  }
  if (code === 'Z_DATA_ERROR') return new BackupError(`${label} is damaged: its compressed data is corrupt.`);
  if (/tar header|tar/i.test(message)) return new BackupError(`${label} is not a site backup: it is not a tar archive inside the gzip.`);
  return error instanceof Error ? error : new Error(String(error));
}

/** Writes `source` to `target` with its SHA-256; more than `maxBytes` is refused before it is written. */
/** A chunk of an archive entry: tar-stream hands its bytes as Buffers. */
function bytesOf(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  throw new TypeError(`An archive entry gave ${typeof chunk} instead of bytes`);
}

async function copyWithDigest(source: AsyncIterable<unknown>, target: string, maxBytes: number, tooLong: string): Promise<ExtractedFile> {
  const hash = crypto.createHash('sha256');
  const output = createWriteStream(target);
  let size = 0;
  try {
    for await (const read of source) {
      const chunk = bytesOf(read);
      size += chunk.length;
      if (size > maxBytes) throw new BackupError(tooLong);
      hash.update(chunk);
      if (!output.write(chunk)) await once(output, 'drain');
    }
    output.end();
    await once(output, 'finish');
  } catch (error) {
    output.destroy();
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

function parseManifest(text: string, label: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(`${label} is damaged: its ${MANIFEST_ENTRY} is not valid JSON.`);
  }
  const format = propertyOf(value, 'format');
  const version = propertyOf(value, 'version');
  if (format !== ARCHIVE_FORMAT) {
    throw new BackupError(
      `${label} is not a site backup: its ${MANIFEST_ENTRY} names the format "${String(format).slice(0, 100)}", not "${ARCHIVE_FORMAT}".`,
    );
  }
  if (typeof version === 'number' && version > ARCHIVE_VERSION) {
    throw new BackupError(
      `${label} was made by a newer version of the site (backup format ${version}); this version reads format ${ARCHIVE_VERSION}. Update the site first.`,
    );
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `${label} is damaged: its ${MANIFEST_ENTRY} is not valid (${issue.path.join('.') || 'top level'}: ${issue.message}).`,
    );
  }
  return parsed.data;
}

function parseRows(text: string, table: (typeof ARCHIVE_TABLES)[number], where: string): Row[] {
  const rows: Row[] = [];
  const keys = new Set<string>();
  let columns: string | null = null;
  const primaryIsUuid = table.columns.find((column) => column.name === table.primaryKey)?.columnType === 'PgUUID';
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line, index) => {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new BackupError(`${where} line ${index + 1} is not valid JSON.`);
    }
    if (!isRecord(row)) throw new BackupError(`${where} line ${index + 1} is not a JSON object.`);
    const problem = rowProblem(table, row);
    if (problem) throw new BackupError(`${where} line ${index + 1} ${problem}.`);
    const values = row;
    // every row of a table fills the same columns: they are inserted as one set
    const rowColumns = Object.keys(values).sort().join(',');
    if (columns !== null && rowColumns !== columns)
      throw new BackupError(`${where} line ${index + 1} has other columns than the rows before it.`);
    columns = rowColumns;
    // PostgreSQL compares UUIDs regardless of case
    const raw = String(values[table.primaryKey]);
    const key = primaryIsUuid ? raw.toLowerCase() : raw;
    if (keys.has(key)) throw new BackupError(`${where} line ${index + 1} repeats the ${table.primaryKey} of an earlier row.`);
    keys.add(key);
    rows.push(values);
  });
  return rows;
}
