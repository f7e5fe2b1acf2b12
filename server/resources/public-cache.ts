/**
 * In-memory cache of public list replies. Every write invalidates its resource;
 * a load that started before an invalidation is not stored.
 */
import crypto from 'node:crypto';
import { COMPRESS_THRESHOLD, encodeOnce, type Encoding } from '../prepared-body';

export interface CachedList<T> {
  records: T[];
  body: string;
  etag: string;
  /** The body compressed once, when loaded; null when it is too small to be worth it. */
  encodings: Record<Encoding, Buffer> | null;
  /** The reply's headers that follow from the body, made once per load rather than per request. */
  headers: Readonly<Record<string, string>>;
}

/** Lists of records of type `R` (the content service keeps every resource's records as plain objects). */
export class PublicCache<R> {
  private readonly entries = new Map<string, CachedList<R>>();
  private readonly loading = new Map<string, Promise<CachedList<R>>>();
  private readonly versions = new Map<string, number>();
  /** Lookups answered without a load (joining a load under way counts as a hit), for metrics. */
  hits = 0;
  /** Lookups that started a load, for metrics. */
  misses = 0;

  async get(key: string, load: () => Promise<{ records: R[]; reply: unknown }>): Promise<CachedList<R>> {
    const hit = this.entries.get(key) ?? this.loading.get(key);
    if (hit) {
      this.hits += 1;
      return hit;
    }
    this.misses += 1;
    const version = this.versions.get(key) ?? 0;
    const pending = load().then(async ({ records, reply }) => {
      const body = JSON.stringify(reply);
      const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
      const encodings = Buffer.byteLength(body) >= COMPRESS_THRESHOLD ? await encodeOnce(Buffer.from(body)) : null;
      const headers = { etag, 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' };
      const entry: CachedList<R> = { records, body, etag, encodings, headers };
      if ((this.versions.get(key) ?? 0) === version) this.entries.set(key, entry);
      return entry;
    });
    this.loading.set(key, pending);
    try {
      return await pending;
    } finally {
      if (this.loading.get(key) === pending) this.loading.delete(key);
    }
  }

  /** The stored list when there is one, without a promise: a warm public list is sent in the same tick as its request. */
  peek(key: string): CachedList<R> | undefined {
    const hit = this.entries.get(key);
    if (hit) this.hits += 1;
    return hit;
  }

  invalidate(key: string): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
    this.entries.delete(key);
    this.loading.delete(key);
  }
}
