/**
 * The media library (issue 27, docs/decisions/0048): its entries, their uses and the request and reply schemas of
 * /api/media, read by the server's route schemas and (as types) by the admin's library screen.
 */
import { ALT_MAX } from './image-details';
import { RESOURCE_KEYS } from './resources';
import { z } from './zod';
import { TRANSLATED_LANGUAGES } from './languages';
import { noNul } from './text-input';

export const MEDIA_SORTS = ['newest', 'oldest', 'name', 'size'] as const;
export const MEDIA_USED_FILTERS = ['all', 'used', 'unused'] as const;
const MEDIA_USE_KINDS = ['item', 'draft', 'version', 'about', 'site-settings'] as const;
/** What `where=` keeps the images of: a resource's records, or one of the two documents. */
export const MEDIA_WHERE = [...RESOURCE_KEYS, 'about', 'site-settings'] as const;
export const MEDIA_PAGE_SIZE = 48;
/** Most URLs one list request may ask for (`url`, repeated). */
const MEDIA_URLS_MAX = 100;
const MEDIA_PAGE_SIZE_MAX = 200;
/** Longest name an entry keeps (a longer file name is cut) or a change may send. */
export const MEDIA_NAME_MAX = 200;
/** Longest tag, search; most tags an entry has. */
export const MEDIA_LIMITS = { name: MEDIA_NAME_MAX, tag: 50, tags: 30, query: 200 } as const;

export const mediaMessages = {
  badQuery: `Use q (at most ${MEDIA_LIMITS.query} characters), used (all, used or unused), where (a resource, about or site-settings), sort (newest, oldest, name or size), page (from 1), pageSize (1 to ${MEDIA_PAGE_SIZE_MAX}) and url (repeated, at most ${MEDIA_URLS_MAX})`,
  notFound: 'Image not found',
  inUse: 'This image is in use',
  invalidChange: `Send any of name (1 to ${MEDIA_LIMITS.name} characters), alt (at most ${ALT_MAX}), tags (at most ${MEDIA_LIMITS.tags}, each 1 to ${MEDIA_LIMITS.tag} characters) and focusX, focusY (whole numbers 0 to 100) and translations ({ "kn": { "alt": "…" } }, each alt at most ${ALT_MAX}; "" removes it)`,
  noFiles: 'Choose one or more images to upload (the field `files`)',
  oneFile: 'Choose one image to replace this one with (the field `file`)',
  replaced: 'Image replaced',
  uploaded: (count: number) => (count === 1 ? 'Image uploaded' : `${count} images uploaded`),
  saved: 'Image saved',
  deleted: 'Image moved to the Trash',
} as const;

const mediaUseSchema = z
  .object({
    kind: z
      .enum(MEDIA_USE_KINDS)
      .meta({ description: 'A record (in the Trash too), a draft, a kept version, the About content or the Site settings' }),
    resource: z
      .string()
      .optional()
      .meta({ description: 'The resource key (`gallery`…), `about` or `site-settings` for a version of those' }),
    itemId: z.string().optional().meta({ description: 'The item’s `_id`' }),
    title: z.string().meta({ description: 'What shows the image, in words' }),
    href: z.string().meta({ description: 'The admin screen that shows the use' }),
  })
  .meta({ description: 'Where an image is used' });

const mediaEntrySchema = z
  .object({
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
    uploadedBy: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'null: found by the import, or the account is gone' }),
    useCount: z.number().int().meta({ description: 'Records, drafts, versions and documents that name it' }),
    translations: z
      .record(z.string(), z.object({ alt: z.string() }))
      .meta({ description: 'Its alt text in the other languages: `{ "kn": { "alt": "…" } }` (none: English shows)' }),
  })
  .meta({ description: 'An image of the library' });

/** An entry's alt text in one language, as a change sends it: '' removes it. */
const translatedAlt = z
  .object({
    alt: z
      .string()
      .trim()
      .max(ALT_MAX)
      .refine(...noNul('Alt text')),
  })
  .strict();
/** Per translated language (`kn`), its alt text; a language left out keeps its value, another language is refused. */
const mediaTranslationsChange = z
  .object(Object.fromEntries(TRANSLATED_LANGUAGES.map((code) => [code, translatedAlt.optional()])))
  .strict()
  .meta({ description: 'Alt text in the other languages: `{ "kn": { "alt": "…" } }`; "" removes it (English shows)' });

export const mediaListQuery = z.object({
  q: z.string().max(MEDIA_LIMITS.query).optional().meta({ description: 'Matches name, alt text and tags (any case)' }),
  used: z.enum(MEDIA_USED_FILTERS).default('all'),
  where: z
    .enum(MEDIA_WHERE)
    .optional()
    .meta({ description: 'Only the images a resource’s records (in the Trash too), the About content or the Site settings name' }),
  sort: z.enum(MEDIA_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MEDIA_PAGE_SIZE_MAX).default(MEDIA_PAGE_SIZE),
  url: z
    .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string().max(2000)).min(1).max(MEDIA_URLS_MAX))
    .optional()
    .meta({
      description: `Only the images with these URLs (repeat it, at most ${MEDIA_URLS_MAX}), all on one page: what a form shows of the images it has`,
    }),
});

export const mediaChangeBody = z
  .object({
    name: z.string().trim().min(1).max(MEDIA_LIMITS.name).optional(),
    alt: z.string().trim().max(ALT_MAX).optional(),
    tags: z.array(z.string().trim().min(1).max(MEDIA_LIMITS.tag)).max(MEDIA_LIMITS.tags).optional(),
    focusX: z.number().int().min(0).max(100).optional(),
    focusY: z.number().int().min(0).max(100).optional(),
    translations: mediaTranslationsChange.optional(),
  })
  .strict();

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
export type MediaListQuery = z.infer<typeof mediaListQuery>;
export type MediaChange = z.infer<typeof mediaChangeBody>;
