/**
 * In-memory cache of public list replies. Every write invalidates its resource;
 * a load that started before an invalidation is not stored.
 */
import crypto from 'node:crypto';
import { COMPRESS_THRESHOLD, encodeOnce, type ReadyReply } from '../prepared-body';

export interface CachedList<T> {
  records: T[];
  /** Its JSON reply, serialized, named and compressed once per load (compressed when large enough to be worth it). */
  reply: ReadyReply;
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
      const body = Buffer.from(JSON.stringify(reply));
      const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
      const encodings = body.length >= COMPRESS_THRESHOLD ? await encodeOnce(body) : null;
      const headers = { etag, 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' };
      const ready: ReadyReply = { status: 200, headers, etag, identity: body, gzip: encodings?.gzip ?? null, br: encodings?.br ?? null };
      const entry: CachedList<R> = { records, reply: ready };
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
