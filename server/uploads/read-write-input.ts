/**
 * Reads a write request (multipart form or JSON) into text fields and uploaded
 * files streamed to temporary files. Nothing here touches the database or storage.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { apiMessages } from '../../shared/api-messages';
import { containsNul } from '../../shared/text-input';
import { parseJsonList } from '../../shared/validation';
import { ClientError, isDiskFull } from '../errors';

export interface UploadedFile {
  field: string;
  path: string;
  bytes: number;
  /** The file name the browser sent: the media library names the image by it (none: by its stored key). */
  name?: string;
}

export interface WriteInput {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

export interface ReadOptions {
  /** Multipart file fields this resource takes. */
  fileFields: readonly string[];
  tmpDir: string;
  maxImageBytes: number;
}

/** Reads the request; on any error the temporary files are already removed. */
export async function readWriteInput(request: FastifyRequest, options: ReadOptions): Promise<WriteInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, files: [] };
    if (typeof body !== 'object' || Array.isArray(body)) throw new ClientError(400, apiMessages.invalidJson);
    refuseNul(body);
    return { fields: Object.fromEntries(Object.entries(body)), files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    await fsp.mkdir(options.tmpDir, { recursive: true });
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new ClientError(400, apiMessages.unexpectedFile(part.fieldname));
      }
      const target = path.join(options.tmpDir, `upload-${crypto.randomUUID()}`);
      const file: UploadedFile = { field: part.fieldname, path: target, bytes: 0, name: part.filename };
      files.push(file);
      part.file.on('data', (chunk: Buffer) => (file.bytes += chunk.length));
      await pipeline(part.file, fileInWritesOf(target, FILE_WRITE_BYTES));
      if (part.file.truncated) throw new ClientError(413, apiMessages.imageTooLarge(options.maxImageBytes / 1024 / 1024));
      // a browser sends an empty part when no file was chosen
      if (file.bytes === 0 && !part.filename) {
        files.pop();
        await fsp.rm(target, { force: true });
      }
    }
    refuseNul(fields);
  } catch (error) {
    discardRestOfBody(request);
    await removeTempFiles(files);
    throw translateMultipartError(error, options.maxImageBytes);
  }
  return { fields, files };
}

/** An upload is written to its temporary file in pieces of this size, not as the socket's reads of 16-64 KB arrive. */
const FILE_WRITE_BYTES = 1024 * 1024;

/**
 * A file written in pieces of at least `size` bytes, each one `writev` of the chunks as they arrived: each
 * file write is a round trip to libuv's thread pool and back, and a 4 MB photo's hundred of them were 3 % of
 * the serving thread while 8 staff uploaded (issue 24). The chunks are handed over as they are: copying them
 * into one new megabyte first cost a fresh allocation, its page faults and GC pressure per megabyte.
 */
export function fileInWritesOf(target: string, size: number): Writable {
  const opened = fsp.open(target, 'w');
  // a failed open is reported by the first write or by the end, whichever comes first
  opened.catch(() => {});
  let held: Buffer[] = [];
  let heldBytes = 0;
  const writeHeld = async () => {
    const pieces = held;
    const bytes = heldBytes;
    held = [];
    heldBytes = 0;
    const handle = await opened;
    let rest = pieces;
    let left = bytes;
    // libuv writes the buffers in as many system calls as it takes, but a disk filling up midway ends a writev
    // short: the rest is written again, and that write fails with the disk's error (ENOSPC, which makes a 507)
    while (left > 0) {
      const { bytesWritten } = await handle.writev(rest);
      if (bytesWritten === 0) throw new Error(`Could not write the rest of ${target} (${left} bytes)`);
      left -= bytesWritten;
      rest = withoutFirstBytes(rest, bytesWritten);
    }
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < size) return done();
      writeHeld().then(() => done(), done);
    },
    final(done) {
      writeHeld().then(() => done(), done);
    },
    destroy(error, done) {
      opened
        .then(
          (handle) => handle.close(),
          () => {},
        )
        .then(
          () => done(error),
          (closeError: Error) => done(error ?? closeError),
        );
    },
  });
}

/** The buffers after their first `count` bytes (views, no copy). */
function withoutFirstBytes(buffers: Buffer[], count: number): Buffer[] {
  let skipped = 0;
  for (let i = 0; i < buffers.length; i++) {
    if (skipped + buffers[i].length > count) return [buffers[i].subarray(count - skipped), ...buffers.slice(i + 1)];
    skipped += buffers[i].length;
  }
  return [];
}

/** Every text field of a write, including those no schema reads (kept images, image descriptions), and lists sent as JSON text as decoded. */
function refuseNul(fields: object): void {
  const decoded = Object.values(fields).map((value) => [value, parseJsonList(value)]);
  if (!containsNul(decoded)) return;
  const message = apiMessages.textHasNul('Text');
  throw new ClientError(400, message, [message]);
}

/**
 * After a failed read (disk full, a refused part) the parser stops pulling the body and the client,
 * still sending, would never see our answer: read the rest and drop it, as Node does for unread bodies.
 */
function discardRestOfBody(request: FastifyRequest): void {
  if (request.raw.readableEnded) return;
  request.raw.unpipe();
  request.raw.resume();
}

export async function removeTempFiles(files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => fsp.rm(file.path, { force: true })));
}

function translateMultipartError(error: unknown, maxImageBytes: number): unknown {
  // a full disk is the server's condition (507 in the error handler), never the client's malformed upload
  if (error instanceof ClientError || isDiskFull(error)) return error;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ClientError(413, apiMessages.imageTooLarge(maxImageBytes / 1024 / 1024));
    case 'FST_FILES_LIMIT':
      return new ClientError(400, apiMessages.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ClientError(400, apiMessages.tooManyFiles);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ClientError(400, apiMessages.malformedMultipart);
    default:
      // busboy reports truncated or boundary-less bodies as plain errors
      if (error instanceof Error && /multipart|boundary|unexpected end|part terminated/i.test(error.message)) {
        return new ClientError(400, apiMessages.malformedMultipart);
      }
      return error;
  }
}
