/**
 * Rendered public pages, by URL, for as long as no content changes. Pages are stored with a
 * placeholder where the CSP nonce goes; each reply gets a fresh nonce in its place.
 */
import crypto from 'node:crypto';
import type { ContentVersion } from '../resources/content-version';

/** Stands for the nonce in cached pages; random per process, so no content can contain it. */
export const NONCE_PLACEHOLDER = `nonce${crypto.randomBytes(12).toString('hex')}`;

interface CachedPage {
  version: number;
  status: number;
  headers: [string, string][];
  body: string;
}

const MAX_PAGES = 300;

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly version: ContentVersion) {}

  /** Only the public site: the admin area's shell is the same for everyone but not worth keeping. */
  static isCacheable(url: URL): boolean {
    return !/^\/(admin|login|adminhome|api|uploads)/i.test(url.pathname);
  }

  get(key: string, nonce: string): Response | null {
    const page = this.pages.get(key);
    if (!page || page.version !== this.version.current) return null;
    return new Response(page.body.replaceAll(NONCE_PLACEHOLDER, nonce), { status: page.status, headers: page.headers });
  }

  /** Stores a rendered page's body (made with NONCE_PLACEHOLDER) and its status and headers. */
  store(key: string, version: number, response: Response, body: string): void {
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { version, status: response.status, headers: [...response.headers.entries()], body });
  }
}
