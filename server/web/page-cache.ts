/**
 * Rendered public pages as prepared bytes: each page is stored once per content version with its
 * gzip and br encodings and its ETag, so a cache hit costs a lookup and a write of ready bytes.
 * Keyed by path plus the query parameters pages read; any other parameter (utm_source, fbclid…)
 * shares the page of the plain path.
 */
import crypto from 'node:crypto';
import { COMPRESS_THRESHOLD, encodeOnce, type ReadyReply } from '../prepared-body';
import type { ContentVersion } from '../resources/content-version';
import { splitLanguage } from '../../shared/languages';

/**
 * The query parameters that change what a cacheable URL answers, per page: the gallery's category and
 * pages shown, the project filters, the contact page's no-JS confirmation, the project form's project. Any other page ignores them,
 * so `/?category=…` cannot add entries. React Router's own (_routes and index on .data requests, paths
 * and version on /__manifest) count everywhere.
 */
const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/gallery': ['category', 'page'],
  '/project/exterior': ['category', 'status'],
  '/contact': ['sent'],
  // the project form: one page per project (an unknown project is a redirect, never kept), and its confirmation
  '/enquire': ['project', 'sent'],
};
const ROUTER_QUERY_PARAMS: readonly string[] = ['_routes', 'index', 'paths', 'version'];

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml))/;

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** False when the render showed an error state (or is otherwise not for sharing): served once, not kept. */
  shareable: boolean;
}

/** A page as a ready reply: its headers are those of every reply of it, ETag and Vary included. */
export interface PreparedPage extends ReadyReply {
  etag: string;
  /** An HTML page (what a visit counts), not a data reply, robots.txt or the sitemap. */
  html: boolean;
}

interface Entry {
  version: number;
  page: PreparedPage;
  bytes: number;
  /** The lookup count at its last hit (or when stored). */
  used: number;
  /** When its render began (Date.now()). */
  renderedAt: number;
  /** How long its render and preparation took, in ms (wall time: an upper bound of the serving thread's). */
  renderMs: number;
  /** Requests it answered since it was stored… */
  hits: number;
  /** …and those its predecessor answered: together, how much visitors are reading the page. */
  earlierHits: number;
}

/**
 * A page visitors are reading (answered HOT_PAGE_HITS times since its render) is rendered again at most once
 * per `burstRenderInterval` while content changes in a burst (ContentVersion.inBurst): eight staff uploading
 * photos would otherwise have the home page rendered after each save, on the thread that answers every
 * visitor. The interval is a hundred times the page's last render (so such renders take at most about 1 % of
 * that thread, and a visitor's p99 does not wait behind them), at least BURST_RENDER_INTERVAL_MS and at most
 * MAX_BURST_RENDER_INTERVAL_MS (the default CACHE_SHARED_SECONDS: no later than a shared cache in front would
 * show it). Requests meanwhile get the page as last rendered. A page nobody is reading, or any page outside a
 * burst, shows a change on its very next request (staff reading their own edit, tests reading a page right
 * after a write).
 */
export const BURST_RENDER_INTERVAL_MS = 1000;
export const MAX_BURST_RENDER_INTERVAL_MS = 10_000;
const BURST_RENDER_SHARE = 100;

/** How long after a render that took `renderMs` a hot page is rendered again during a burst. */
export function burstRenderInterval(renderMs: number): number {
  return Math.min(MAX_BURST_RENDER_INTERVAL_MS, Math.max(BURST_RENDER_INTERVAL_MS, renderMs * BURST_RENDER_SHARE));
}
export const HOT_PAGE_HITS = 20;

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
  /** Counts lookups: an entry's `used` is the count at its last hit, so eviction takes the least recently used. */
  private clock = 0;
  /** Pages rendered for the cache so far (hits render nothing): the cache's misses. */
  renders = 0;
  /** Lookups answered without a render (joining a render under way counts as a hit), for metrics. */
  hits = 0;
  /** Of those, stale pages served because a burst of changes put their render off. */
  deferred = 0;

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
    // a page reads the same parameters in every language (/kn/gallery as /gallery)
    const read = PAGE_QUERY_PARAMS[splitLanguage(pathname.replace(/\.data$/, '')).path] ?? [];
    const kept = [...new URLSearchParams(search)].filter(([name]) => read.includes(name) || ROUTER_QUERY_PARAMS.includes(name));
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
    // stamped rather than moved to the Map's end: a hit is every cached reply's path, an eviction is rare
    entry.used = ++this.clock;
    entry.hits += 1;
    return entry.page;
  }

  /**
   * The page a request for this key gets without waiting, counted as a hit: the current one or, while it is
   * being rendered again or its render is put off in a burst, the one rendered last. Null when the request has
   * to render it or wait for its render (then nothing is counted: `getOrRender` does). What is answered before
   * the router (early-replies.ts) is exactly this, so a burst of uploads does not send visitors through Fastify.
   */
  ready(key: string): PreparedPage | null {
    const current = this.get(key);
    if (current) {
      this.hits += 1;
      return current;
    }
    const stale = this.pages.get(key);
    if (!stale) return null;
    const rendering = this.pending.has(key);
    const now = Date.now();
    const putOff =
      !rendering &&
      stale.hits + 1 + stale.earlierHits >= HOT_PAGE_HITS &&
      now - stale.renderedAt < burstRenderInterval(stale.renderMs) &&
      this.version.inBurst(now);
    if (!rendering && !putOff) return null;
    // asked while stale counts as read too: in a burst a page is stale most of the time
    stale.hits += 1;
    this.hits += 1;
    if (putOff) this.deferred += 1;
    return stale.page;
  }

  /**
   * The page for a key, rendered (once for concurrent callers) and prepared on a miss. A rendered page
   * is kept when it is shareable and answered 200; one rendered across a change is kept as stale, as is
   * a page rendered before the last change, until a new render replaces it.
   */
  getOrRender(key: string, render: () => Promise<RenderedPage>): PreparedPage | Promise<PreparedPage> {
    // a page ready is answered at once, without a promise: it is every cached reply's path
    const ready = this.ready(key);
    if (ready) return ready;
    const stale = this.pages.get(key);
    if (stale) stale.hits += 1;
    // a render under way with no earlier page to give meanwhile: wait for it
    const running = this.pending.get(key);
    if (running) {
      this.hits += 1;
      return running;
    }
    return this.renderAndKeep(key, render);
  }

  private async renderAndKeep(key: string, render: () => Promise<RenderedPage>): Promise<PreparedPage> {
    const version = this.version.current;
    const renderedAt = Date.now();
    this.renders += 1;
    const pending = render().then(async (rendered) => {
      const keep = rendered.shareable && rendered.status === 200;
      // a page served once is compressed on its way out instead (as much work, and no br at quality 9)
      const page = await prepare(rendered, keep);
      // a page rendered across a write is kept too, under the version it was rendered for: never served as
      // current, it is the newest stale copy (what requests get while the next render runs, or in a burst)
      if (keep) this.store(key, version, page, renderedAt, Date.now() - renderedAt);
      // e.g. the record is gone (404): its old page must not be served as stale either
      else if (this.version.current === version) this.drop(key);
      return page;
    });
    this.pending.set(key, pending);
    try {
      return await pending;
    } finally {
      this.pending.delete(key);
    }
  }

  private store(key: string, version: number, page: PreparedPage, renderedAt: number, renderMs: number): void {
    const bytes = page.identity.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
    if (bytes > this.limits.maxBytes) return;
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    // how much visitors read it: since this render, and between the previous render and this one
    const earlierHits = old?.hits ?? 0;
    while (this.pages.size > 0 && (this.pages.size >= this.limits.maxPages || this.bytes + bytes > this.limits.maxBytes))
      this.evictLeastRecentlyUsed();
    this.pages.set(key, { version, page, bytes, used: ++this.clock, renderedAt, renderMs, hits: 0, earlierHits });
    this.bytes += bytes;
  }

  private evictLeastRecentlyUsed(): void {
    let oldest: [string, Entry] | null = null;
    for (const candidate of this.pages) if (!oldest || candidate[1].used < oldest[1].used) oldest = candidate;
    if (oldest) this.remove(...oldest);
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
  const html = rendered.headers['content-type']?.startsWith('text/html') ?? false;
  return { status: rendered.status, headers, etag, identity: body, html, gzip: encoded?.gzip ?? null, br: encoded?.br ?? null };
}
