/** The media library's view (search, used/unused, where used, sort, page) as its address holds it, and what its cards show of an image. */
import { mediaCopy } from '../../../shared/copy/admin';
import { isUploadedImageUrl, parseImageUrl, renditionUrl, renditionWidths } from '../../../shared/image-urls';
import {
  MEDIA_PAGE_SIZE,
  MEDIA_SORTS,
  MEDIA_USED_FILTERS,
  MEDIA_WHERE,
  type mediaEntryReply,
  type mediaListReply,
  type MediaEntry,
  type mediaSavedReply,
  type mediaUploadedReply,
} from '../../../shared/media';
import { RESOURCE_KEYS, resources, type ResourceDef, type ResourceKey } from '../../../shared/resources';
import type { z } from '../../../shared/zod';
import { queryReader, viewQuery } from './list-query';

/** The replies of /api/media the screen reads (the server's own schemas). */
export type MediaListReply = z.infer<typeof mediaListReply>;
export type MediaEntryReply = z.infer<typeof mediaEntryReply>;
/** One image opened in full: its entry and where it is used. */
export type MediaDetail = MediaEntryReply['data'];
export type MediaSavedReply = z.infer<typeof mediaSavedReply>;
export type MediaUploadedReply = z.infer<typeof mediaUploadedReply>;

export type MediaView = {
  q: string;
  used: (typeof MEDIA_USED_FILTERS)[number];
  /** Only the images a resource's records or a document name ('': anywhere or nowhere). */
  where: (typeof MEDIA_WHERE)[number] | '';
  sort: (typeof MEDIA_SORTS)[number];
  page: number;
};

/** The first choices: every image, newest first (the query leaves them out, so the plain address is the plain view). */
const FIRST = { used: 'all', sort: 'newest' } as const;

/** The view a query asks for; anything unknown falls back to the first choice (and page 1). */
export function mediaViewOf(params: URLSearchParams): MediaView {
  const read = queryReader(params);
  return {
    q: read.q,
    used: read.choice('used', MEDIA_USED_FILTERS, FIRST.used),
    where: read.choice('where', MEDIA_WHERE, ''),
    sort: read.choice('sort', MEDIA_SORTS, FIRST.sort),
    page: read.page,
  };
}

/** The screen's query for a view: only what differs from the first choices. */
export const mediaViewParams = (view: MediaView) => viewQuery(view, FIRST);

/** GET /api/media for a view (decision 0048's query). */
export function mediaListPath({ q, used, where, sort, page }: MediaView, pageSize = MEDIA_PAGE_SIZE): string {
  const params = new URLSearchParams({ q, used, where, sort, page: String(page), pageSize: String(pageSize) });
  if (!q) params.delete('q');
  if (!where) params.delete('where');
  return `/media?${params}`;
}

/** The "Where used" filter's choices: each resource by its sidebar name, in the sidebar's order, then About and Site settings. */
export const mediaWhereChoices: readonly (readonly [(typeof MEDIA_WHERE)[number], string])[] = [
  ...RESOURCE_KEYS.map((key): [ResourceKey, ResourceDef['admin']['nav']] => [key, resources[key].admin.nav])
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([key, nav]) => [key, mediaCopy.whereResource(nav.label, nav.group)] as const),
  ['about', mediaCopy.whereDocuments.about],
  ['site-settings', mediaCopy.whereDocuments['site-settings']],
];

/** Most URLs one `GET /api/media?url=` names (the API's limit). */
const MEDIA_URLS_MAX = 100;

/**
 * GET /api/media for the library entries of a form's images (`url=`, once each, only our uploads; the first 100), or
 * null when the form has none to ask about.
 */
export function mediaByUrlPath(urls: readonly string[]): string | null {
  const asked = [...new Set(urls.filter(isUploadedImageUrl))].slice(0, MEDIA_URLS_MAX);
  if (asked.length === 0) return null;
  const params = new URLSearchParams(asked.map((url) => ['url', url]));
  params.set('pageSize', String(MEDIA_URLS_MAX));
  return `/media?${params}`;
}

/** The name an image goes by where it has no alt text: its name, else its id. */
export const mediaNameOf = (entry: Pick<MediaEntry, 'id' | 'name'>) => entry.name || entry.id;

/** The smallest WebP rendition at least `minWidth` wide (the stored image when none is, or when the URL is not ours). */
export function renditionOf(url: string, minWidth = 0): string {
  const image = parseImageUrl(url);
  if (!image) return url;
  const widths = renditionWidths(image.width);
  return renditionUrl(image, widths.find((width) => width >= minWidth) ?? widths[widths.length - 1], 'webp');
}

/** Tags typed with commas between them: trimmed, without empty or repeated ones (in any case). */
export function tagsOf(text: string): string[] {
  const tags: string[] = [];
  for (const tag of text.split(',').map((part) => part.trim()))
    if (tag && !tags.some((kept) => kept.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  return tags;
}

/** An image's tags with one more (unchanged when it has it already). */
export const withTag = (tags: readonly string[], tag: string): string[] => tagsOf([...tags, tag].join(','));
