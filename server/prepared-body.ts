/**
 * Replies prepared once and sent many times (cached pages and public lists): their gzip and br
 * encodings are made once, in zlib's worker pool, and each request picks the one it accepts, by
 * `chooseReady`, whether Fastify's routes send it (`sendReady`) or it is answered before the router
 * (early-replies.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Bodies below this size are sent as they are (compression would save less than its headers). */
export const COMPRESS_THRESHOLD = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Above this size the encodings use lower levels: a 2,000-item list (500 KB) takes 135 ms at br 9 and
 * 22 ms at br 5 for 0.5% more bytes, and the first reader after each write waits for it (decision 0023).
 */
const LARGE_BODY = 64 * 1024;

/** The body's gzip and br encodings, made once. */
export async function encodeOnce(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const large = body.length > LARGE_BODY;
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: large ? 6 : 9 }),
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: large ? 5 : 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  return { gzip: gzipped, br: brotlied };
}

/** Answers for the Accept-Encoding values seen so far: browsers send a handful of distinct ones, and this runs on every cached reply. */
const answered = new Map<string, Encoding | null>();
const MAX_REMEMBERED = 200;
/** Longer values are answered but not remembered (no client's memory of us grows with what it sends). */
const MAX_REMEMBERED_LENGTH = 200;

/** br or gzip when the client takes it (q=0 means refused). */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (header === undefined) return null;
  const known = answered.get(header);
  if (known !== undefined) return known;
  const chosen = chooseEncoding(header);
  if (answered.size < MAX_REMEMBERED && header.length <= MAX_REMEMBERED_LENGTH) answered.set(header, chosen);
  return chosen;
}

function chooseEncoding(header: string): Encoding | null {
  const accepted = header
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/** A reply prepared in full: its bytes in each encoding and the headers that go with them. */
export interface ReadyReply {
  status: number;
  /** Its own headers (type, ETag, Vary, CSP…); the security headers and the defaults are added where it is sent. */
  headers: Readonly<Record<string, string>>;
  /** Answered 304 to a request that holds it (200 replies only); null when the reply has none. */
  etag: string | null;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** What a request gets of a ready reply. */
export type ReadyChoice = 'not-modified' | Encoding | 'identity';

/** 304 when the request holds the reply's ETag, else its bytes in the best encoding the request takes. */
function chooseReady(ready: ReadyReply, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): ReadyChoice {
  if (ready.status === 200 && ready.etag !== null && ifNoneMatch === ready.etag) return 'not-modified';
  const encoding = ready.br || ready.gzip ? preferredEncoding(acceptEncoding) : null;
  return encoding && ready[encoding] ? encoding : 'identity';
}

/** Sends a ready reply from a Fastify route, `headers` (a cache policy) over its own. */
export function sendReady(request: FastifyRequest, reply: FastifyReply, ready: ReadyReply, headers?: Readonly<Record<string, string>>) {
  reply.code(ready.status).headers(ready.headers);
  if (headers) reply.headers(headers);
  const choice = chooseReady(ready, request.headers['if-none-match'], request.headers['accept-encoding']);
  if (choice === 'not-modified') return reply.code(304).send();
  if (choice === 'identity') return reply.send(ready.identity);
  return reply.header('content-encoding', choice).send(ready[choice]);
}
