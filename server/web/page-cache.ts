/**
 * Rendered public pages as prepared bytes: each page is stored once per content version with its
 * gzip and br encodings and its ETag, so a cache hit costs a lookup and a write of ready bytes.
 * Keyed by path plus the query parameters pages read; any other parameter (utm_source, fbclid…)
 * shares the page of the plain path.
 */
import crypto from 'node:crypto';
import { COMPRESS_THRESHOLD, encodeOnce } from '../prepared-body';
import type { ContentVersion } from '../resources/content-version';

/**
 * The query parameters that change what a cacheable URL answers: the gallery and project pages'
 * filters (category, status), the contact page's no-JS confirmation (sent), and React Router's own
 * (_routes and index on .data requests, paths and version on /__manifest).
 */
const PAGE_QUERY_PARAMS: readonly string[] = ['category', 'status', 'sent', '_routes', 'index', 'paths', 'version'];

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml))/;

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** False when the render showed an error state (or is otherwise not for sharing): served once, not kept. */
  shareable: boolean;
}

export interface PreparedPage {
  status: number;
  /** Headers of every reply of this page, ETag and Vary included. */
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

interface Entry {
  version: number;
  page: PreparedPage;
  bytes: number;
}

export interface PageCacheLimits {
  maxPages: number;
  maxBytes: number;
}

const DEFAULT_LIMITS: PageCacheLimits = { maxPages: 300, maxBytes: 64 * 1024 * 1024 };

export class PageCache {
  private readonly pages = new Map<string, Entry>();
  /** Renders under way, so a burst of misses for one page renders it once. */
  private readonly pending = new Map<string, Promise<PreparedPage>>();
  private bytes = 0;
  /** Pages rendered for the cache so far (hits render nothing): the cache's misses. */
  renders = 0;
  /** Lookups answered without a render (joining a render under way counts as a hit), for metrics. */
  hits = 0;

  constructor(
    private readonly version: ContentVersion,
    private readonly limits: PageCacheLimits = DEFAULT_LIMITS,
  ) {}

  /** Only the public site: the admin area's shell is the same for everyone but not worth keeping. */
  static isCacheable(pathname: string): boolean {
    return !/^\/(admin|login|adminhome|api|uploads)/i.test(pathname);
  }

  /** The cache key (and the URL rendered) for a path and query: the page's own parameters, sorted. */
  static key(pathname: string, search: string): string {
    if (search.length <= 1) return pathname;
    const kept = [...new URLSearchParams(search)].filter(([name]) => PAGE_QUERY_PARAMS.includes(name));
    if (kept.length === 0) return pathname;
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `${pathname}?${new URLSearchParams(kept).toString()}`;
  }

  get size(): number {
    return this.pages.size;
  }

  /** The prepared page for a key while content has not changed since it was rendered. */
  get(key: string): PreparedPage | null {
    const entry = this.pages.get(key);
    if (!entry || entry.version !== this.version.current) return null;
    // most recently used goes last, so eviction takes the least recently used
    this.pages.delete(key);
    this.pages.set(key, entry);
    return entry.page;
  }

  /**
   * The page for a key, rendered (once for concurrent callers) and prepared on a miss. A rendered page
   * is kept only when it is shareable, answered 200 and no content changed while it was rendered.
   * A page rendered before the last change stays stored (as stale) until its new render replaces it.
   */
  async getOrRender(key: string, render: () => Promise<RenderedPage>): Promise<PreparedPage> {
    const hit = this.get(key);
    if (hit) {
      this.hits += 1;
      return hit;
    }
    const running = this.pending.get(key);
    if (running) {
      this.hits += 1;
      // the page is being rendered again after a change: requests that arrive meanwhile get the page as
      // it was a moment ago rather than queueing behind the render (the one that started it waits for it)
      return this.pages.get(key)?.page ?? running;
    }
    const version = this.version.current;
    this.renders += 1;
    const pending = render().then(async (rendered) => {
      const keep = rendered.shareable && rendered.status === 200;
      // a page served once is compressed on its way out instead (as much work, and no br at quality 9)
      const page = await prepare(rendered, keep);
      if (this.version.current === version) {
        if (keep) this.store(key, version, page);
        else this.drop(key); // e.g. the record is gone (404): its old page must not be served as stale either
      }
      return page;
    });
    this.pending.set(key, pending);
    try {
      return await pending;
    } finally {
      this.pending.delete(key);
    }
  }

  private store(key: string, version: number, page: PreparedPage): void {
    const bytes = page.identity.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
    if (bytes > this.limits.maxBytes) return;
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    while (this.pages.size >= this.limits.maxPages || this.bytes + bytes > this.limits.maxBytes) {
      const [oldestKey, oldest] = this.pages.entries().next().value!;
      this.remove(oldestKey, oldest);
    }
    this.pages.set(key, { version, page, bytes });
    this.bytes += bytes;
  }

  private drop(key: string): void {
    const entry = this.pages.get(key);
    if (entry) this.remove(key, entry);
  }

  private remove(key: string, entry: Entry): void {
    this.pages.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Names a rendered page by its bytes and, when `encode`, compresses it once (in zlib's worker pool, off the main thread). */
async function prepare(rendered: RenderedPage, encode: boolean): Promise<PreparedPage> {
  const { body } = rendered;
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  const compress = encode && body.length >= COMPRESS_THRESHOLD && COMPRESSIBLE.test(rendered.headers['content-type'] ?? '');
  const encoded = compress ? await encodeOnce(body) : null;
  const headers = { ...rendered.headers, etag, ...(compress ? { vary: 'Accept-Encoding' } : {}) };
  return { status: rendered.status, headers, etag, identity: body, gzip: encoded?.gzip ?? null, br: encoded?.br ?? null };
}
