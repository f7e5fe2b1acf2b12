/**
 * The library's earlier URLs (docs/decisions/0048): a replaced file's old URL, or an upload merged into the entry with
 * the same bytes, stays an alias of its entry. Records keep naming it; what shows it shows the entry's current URL.
 */
import { eq, inArray } from 'drizzle-orm';
import { allRenditionUrls } from '../../shared/image-urls';
import type { Db } from '../db/client';
import { media, mediaAliases } from '../db/schema';

/** Every alias and the current URL of its entry (in the Trash too: its files stay while it is there), read from the database. */
export async function mediaAliasMap(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ alias: mediaAliases.url, current: media.url })
    .from(mediaAliases)
    .innerJoin(media, eq(media.id, mediaAliases.mediaId));
  return new Map(rows.map((row) => [row.alias, row.current]));
}

/** Of these URLs, those that are aliases. */
export async function aliasesAmong(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: mediaAliases.url })
    .from(mediaAliases)
    .where(inArray(mediaAliases.url, [...urls]));
  return new Set(rows.map((row) => row.url));
}

/**
 * Where a request for `/uploads/<name>` goes when `storedUrl` (the image the name is a rendition of) is an alias: the
 * rendition at the same place among the current URL's renditions (`allRenditionUrls`: the stored URL first, then
 * by width, AVIF before WebP), else the current URL itself; null when `storedUrl` is no alias or has no such rendition.
 */
export async function aliasRedirect(db: Db, storedUrl: string, requested: string): Promise<string | null> {
  const place = allRenditionUrls(storedUrl).indexOf(requested);
  if (place < 0) return null;
  const [row] = await db
    .select({ current: media.url })
    .from(mediaAliases)
    .innerJoin(media, eq(media.id, mediaAliases.mediaId))
    .where(eq(mediaAliases.url, storedUrl));
  if (!row) return null;
  return allRenditionUrls(row.current)[place] ?? row.current;
}
