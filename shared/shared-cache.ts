/** What a shared cache (a CDN, nginx's proxy_cache) may do with a public reply: the server's pages and lists and the sitemap say the same (decision 0032). */

/** The two settings (server/env.ts: CACHE_SHARED_SECONDS, CACHE_STALE_SECONDS). */
export interface SharedCacheSettings {
  cacheSharedSeconds: number;
  cacheStaleSeconds: number;
}

/** Keep it `shared` seconds, then serve it stale `stale` more while asking again; browsers always ask again (by ETag). */
export function sharedCacheControl(settings: SharedCacheSettings): string {
  return `public, max-age=0, s-maxage=${settings.cacheSharedSeconds}, stale-while-revalidate=${settings.cacheStaleSeconds}`;
}
