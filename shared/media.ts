/**
 * The media library (issue 27, docs/decisions/0048): its entries, their uses and the reply schemas of /api/media, read
 * (as types) by the admin's library screen.
 */
import { z } from './zod';

export const MEDIA_SORTS = ['newest', 'oldest', 'name', 'size'] as const;
export const MEDIA_USED_FILTERS = ['all', 'used', 'unused'] as const;
const MEDIA_USE_KINDS = ['item', 'draft', 'version', 'about', 'site-settings'] as const;
export const MEDIA_PAGE_SIZE = 48;

const mediaUseSchema = z.object({
  kind: z.enum(MEDIA_USE_KINDS),
  resource: z.string().optional(),
  itemId: z.string().optional(),
  title: z.string(),
  href: z.string().meta({ description: 'The admin screen that shows the use' }),
});

const mediaEntrySchema = z.object({
  id: z.string(),
  url: z.string().meta({ description: 'The stored image (/uploads/…), as records name it' }),
  name: z.string(),
  alt: z.string(),
  focusX: z.number().int(),
  focusY: z.number().int(),
  tags: z.array(z.string()),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int().meta({ description: 'Size of the stored full-size WebP' }),
  uploadedAt: z.string().meta({ description: 'ISO 8601' }),
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  useCount: z.number().int(),
});

export const mediaListReply = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(mediaEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
export const mediaEntryReply = z.object({
  success: z.literal(true),
  data: mediaEntrySchema.extend({ uses: z.array(mediaUseSchema) }),
});
export const mediaSavedReply = z.object({ success: z.literal(true), message: z.string(), data: mediaEntrySchema });
export const mediaUploadedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ items: z.array(mediaEntrySchema) }),
});
export const mediaInUseReply = z.object({ success: z.literal(false), message: z.string(), uses: z.array(mediaUseSchema) });

export type MediaEntry = z.infer<typeof mediaEntrySchema>;
export type MediaUse = z.infer<typeof mediaUseSchema>;
