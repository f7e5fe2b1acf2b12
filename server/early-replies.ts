/**
 * Replies answered before Fastify's router (decision 0052): an anonymous GET or HEAD whose whole reply is
 * already prepared (a cached public page, a warm public list, /healthz) is written at once, with its complete
 * header set computed once per prepared reply, its access-log line, its metrics count and its visit. Fastify's
 * own work per request (its request and reply objects, the hooks every route runs) was more than a third of
 * what such a reply cost. Anything else (a miss, a query, Authorization, a request while the server stops)
 * goes through Fastify, whose routes send the same prepared replies with the same headers (tested side by
 * side in early-replies.test.ts). `app.inject()` never comes here: it calls Fastify's handler directly.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import { preferredEncoding, type ReadyReply } from './prepared-body';
import { completeHeaders } from './reply-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where routes add the prepared replies answered before the router. */
    early: EarlyReplies;
  }
}

/** Who asked: what a source may count (the visit counter), read only if it does. */
export interface Asker {
  headers: IncomingMessage['headers'];
  /** The client's address as Fastify's `request.ip` gives it (TRUST_PROXY applied). */
  address(): string | undefined;
}

export interface EarlySource<R extends ReadyReply = ReadyReply> {
  /** The route's pattern as Fastify names it (the label of its metrics); without one, each path is a route of its own. */
  route?: string;
  /** Headers over each reply's own, as the source's Fastify route adds them to `sendReady` (its cache policy). */
  headers?: Readonly<Record<string, string>>;
  /** The prepared reply for this exact request target (path, no query), or null to leave it to Fastify. */
  find(target: string): R | null;
  /** Called after a GET answered 200 with the reply's bytes (with what `find` gave). */
  sent?(target: string, reply: R, asker: Asker): void;
}

/** What an answered request reports (the access log, the metrics). */
export type AnswerObserver = (id: string, method: string, route: string, path: string, status: number, ms: number) => void;

/**
 * A prepared reply as written here: its header lists for writeHead and its bodies per encoding, computed once.
 * One class for the replies of every source (pages, lists, the probe), so the loads of the hot path see one shape.
 */
class WrittenReply {
  constructor(
    readonly status: number,
    readonly etag: string | null,
    readonly identityHeaders: string[],
    readonly identity: Buffer,
    readonly gzipHeaders: string[] | null,
    readonly gzip: Buffer | null,
    readonly brHeaders: string[] | null,
    readonly br: Buffer | null,
    readonly notModifiedHeaders: string[],
  ) {}
}

/** Request ids as Fastify's default makes them ("req-1", "req-2"…), from one counter for both paths. */
const MAX_SMALL_INTEGER = 2 ** 31 - 1;

export class EarlyReplies {
  private readonly sources: EarlySource[] = [];
  private readonly observers: AnswerObserver[] = [];
  private readonly written = new WeakMap<ReadyReply, WrittenReply>();
  private lastId = 0;
  /** Set when the server begins to stop: Fastify then answers every request (with Connection: close). */
  private stopping = false;

  constructor(private readonly clientAddress: (req: IncomingMessage) => string | undefined) {}

  /** Sources are asked in the order they were added; the first reply found is sent. */
  add<R extends ReadyReply>(source: EarlySource<R>): void {
    this.sources.push(source);
  }

  observe(observer: AnswerObserver): void {
    this.observers.push(observer);
  }

  stop(): void {
    this.stopping = true;
  }

  /** Fastify's `genReqId`: the ids of both paths come from one counter. */
  readonly nextRequestId = (): string => {
    this.lastId = (this.lastId + 1) & MAX_SMALL_INTEGER;
    return `req-${this.lastId.toString(36)}`;
  };

  /** Fastify's `serverFactory`: its handler is called for every request not answered here. */
  readonly serverFactory = (handler: RequestListener, options: { http?: http.ServerOptions | null }): http.Server =>
    // Fastify's own settings for the server it would make (keepAliveTimeout 72 s, the rest Node's)
    Object.assign(
      http.createServer(options.http ?? {}, (req, res) => {
        if (!this.answer(req, res)) handler(req, res);
      }),
      { keepAliveTimeout: 72_000 },
    );

  /** True when the request was answered here. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || this.stopping) return false;
    const target = req.url;
    // a request with credentials gets a personal reply (reply-headers.ts); a query may change the page
    if (target === undefined || target.includes('?') || req.headers.authorization !== undefined) return false;
    const started = performance.now();
    for (const source of this.sources) {
      const reply = source.find(target);
      if (reply === null) continue;
      const written = this.writtenOf(reply, source);
      const asked = req.headers;
      let status = written.status;
      if (status === 200 && written.etag !== null && asked['if-none-match'] === written.etag) {
        status = 304;
        res.writeHead(304, written.notModifiedHeaders).end();
      } else {
        const encoding = written.gzip !== null || written.br !== null ? preferredEncoding(asked['accept-encoding']) : null;
        let body = written.identity;
        if (encoding === 'br' && written.br !== null && written.brHeaders !== null) {
          res.writeHead(status, written.brHeaders);
          body = written.br;
        } else if (encoding === 'gzip' && written.gzip !== null && written.gzipHeaders !== null) {
          res.writeHead(status, written.gzipHeaders);
          body = written.gzip;
        } else res.writeHead(status, written.identityHeaders);
        res.end(method === 'HEAD' ? undefined : body);
        if (status === 200 && method === 'GET' && source.sent) source.sent(target, reply, this.askerOf(req));
      }
      if (this.observers.length > 0) {
        const ms = performance.now() - started;
        const id = this.nextRequestId();
        for (const observer of this.observers) observer(id, method, source.route ?? target, target, status, ms);
      }
      return true;
    }
    return false;
  }

  private askerOf(req: IncomingMessage): Asker {
    return { headers: req.headers, address: () => this.clientAddress(req) };
  }

  /** Computed once per reply: a reply is found by one source only (a page, a list or the probe). */
  private writtenOf(reply: ReadyReply, source: EarlySource): WrittenReply {
    let written = this.written.get(reply);
    if (!written) {
      const all = completeHeaders(source.headers ? { ...reply.headers, ...source.headers } : reply.headers);
      const list = (extra: Record<string, string>) => Object.entries({ ...all, ...extra }).flat();
      written = new WrittenReply(
        reply.status,
        reply.etag,
        list({ 'content-length': String(reply.identity.length) }),
        reply.identity,
        reply.gzip ? list({ 'content-encoding': 'gzip', 'content-length': String(reply.gzip.length) }) : null,
        reply.gzip,
        reply.br ? list({ 'content-encoding': 'br', 'content-length': String(reply.br.length) }) : null,
        reply.br,
        Object.entries(all).flat(),
      );
      this.written.set(reply, written);
    }
    return written;
  }
}

/** The client's address as Fastify's `request.ip` computes it for the app's `trustProxy` setting. */
export function clientAddressFor(
  trust: boolean | string[] | ((address: string, hop: number) => boolean),
): (req: IncomingMessage) => string | undefined {
  if (trust === false) return (req) => req.socket.remoteAddress;
  const trusted = trust === true ? () => true : typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (req) => {
    const addresses = proxyAddr.all(req, trusted);
    return addresses[addresses.length - 1];
  };
}
