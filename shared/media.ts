/**
 * The media library (docs/decisions/0048): one entry per stored image, its uses, and the list's query, as /api/media
 * answers them, for the admin's Media library screen.
 */
import { z } from './zod';

/** Images per page of the library's grid. */
export const MEDIA_PAGE_SIZE = 48;
export const MEDIA_USED_FILTERS = ['all', 'used', 'unused'] as const;
export const MEDIA_SORTS = ['newest', 'oldest', 'name', 'size'] as const;
export type MediaUsedFilter = (typeof MEDIA_USED_FILTERS)[number];
export type MediaSort = (typeof MEDIA_SORTS)[number];

/** One stored image as GET /api/media lists it. */
export interface MediaEntry {
  id: string;
  /** The stored image (/uploads/<key>_<w>x<h>.webp). */
  url: string;
  name: string;
  alt: string;
  focusX: number;
  focusY: number;
  tags: string[];
  width: number;
  height: number;
  /** Size of the stored full-size WebP. */
  bytes: number;
  /** ISO 8601 time of the upload. */
  uploadedAt: string;
  uploadedBy: { id: string; name: string } | null;
  useCount: number;
}

const mediaUseSchema = z.object({
  kind: z.enum(['item', 'draft', 'version', 'about', 'site-settings']),
  resource: z.string().optional(),
  itemId: z.string().optional(),
  title: z.string(),
  href: z.string().meta({ description: 'The admin screen that shows the use' }),
});

/** DELETE /api/media/:id of an image still in use: refused with where it is used. */
export const mediaInUseReply = z.object({ success: z.literal(false), message: z.string(), uses: z.array(mediaUseSchema) });

export type MediaUse = z.infer<typeof mediaUseSchema>;
export interface MediaListReply {
  items: MediaEntry[];
  total: number;
  page: number;
  pageSize: number;
}
export type MediaDetailReply = MediaEntry & { uses: MediaUse[] };
export interface MediaUploadReply {
  items: MediaEntry[];
}
