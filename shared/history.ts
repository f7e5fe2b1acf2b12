/**
 * The history of content items, the About content and the Site settings (docs/decisions/0038): the replies of
 * the versions routes, read by the server's route schemas and (as types) by the admin's History screen.
 */
import { z } from './zod';

/** A version's state: the live state when saved, or (next step) a draft newer than the published one. */
export const VERSION_STATUSES = ['published', 'draft'] as const;

/** What made a version. 'before-history': the state an item had when its first change after history began was saved. */
export const VERSION_EVENTS = [
  'created',
  'updated',
  'restored-from-trash',
  'version-restored',
  'saved',
  'before-history',
  'published',
] as const;
export type VersionEvent = (typeof VERSION_EVENTS)[number];

/** Versions a list page holds at most. */
export const VERSION_PAGE_MAX = 100;

const author = z
  .object({ id: z.string().nullable(), name: z.string().nullable() })
  .meta({ description: 'Who saved it, as the account was then; both null for the system (or a state saved before history was kept).' });

const versionSummarySchema = z.object({
  number: z.number().int().meta({ description: 'Increases by one with each version of the item; never reused.' }),
  status: z.enum(VERSION_STATUSES),
  event: z.enum(VERSION_EVENTS),
  restoredFrom: z.number().int().nullable().meta({ description: 'The version a restore brought back.' }),
  author,
  at: z.string().meta({ description: 'ISO time' }),
  changedFields: z.array(z.string()).meta({ description: 'Fields that differ from the version before.' }),
  /** Whether this version is the live state (the newest published one). */
  current: z.boolean(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const versionListReply = z.object({
  success: z.literal(true),
  data: z.object({
    versions: z.array(
      versionSummarySchema.extend({
        changedLabels: z
          .array(z.string())
          .meta({ description: 'changedFields as the editor names them ("Title", "Title (Kannada)"), in the same order.' }),
      }),
    ),
    total: z.number().int(),
    /** `before` of the next (older) page; null on the last page. */
    next: z.number().int().nullable(),
  }),
});
export type VersionListReply = z.infer<typeof versionListReply>;
export type ListedVersion = VersionListReply['data']['versions'][number];

export const versionReply = z.object({
  success: z.literal(true),
  data: versionSummarySchema.extend({
    snapshot: z.record(z.string(), z.unknown()).meta({ description: 'The fields and images as they were.' }),
  }),
});

/** A run of words of a text difference: kept, added (`<ins>`) or removed (`<del>`). */
const textPart = z.object({ value: z.string(), added: z.boolean().optional(), removed: z.boolean().optional() });

const fieldComparisonSchema = z.object({
  field: z.string(),
  label: z.string(),
  changed: z.boolean(),
  kind: z.enum(['text', 'images']),
  /** text: the words of both sides, marked. */
  parts: z.array(textPart).optional(),
  /** images: their URLs on each side. */
  before: z.array(z.string()).optional(),
  after: z.array(z.string()).optional(),
});
export type FieldComparison = z.infer<typeof fieldComparisonSchema>;

export const compareReply = z.object({
  success: z.literal(true),
  data: z.object({
    from: versionSummarySchema,
    to: versionSummarySchema,
    fields: z.array(fieldComparisonSchema),
  }),
});
export type CompareReply = z.infer<typeof compareReply>;

export const restoreVersionBody = z
  .object({
    as: z
      .enum(VERSION_STATUSES)
      .default('published')
      .meta({ description: '`published`: live at once. `draft`: a new draft, the live state unchanged.' }),
  })
  .default({ as: 'published' });

export const restoredReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ number: z.number().int() }),
});

export const purgedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ removed: z.number().int() }),
});

/** The history's messages (API and screen). */
export const historyMessages = {
  versionNotFound: (number: number) => `Version ${number} not found`,
  badVersionNumber: 'A version number is a whole number from 1.',
  badPage: `Send before= a version number and limit= from 1 to ${VERSION_PAGE_MAX}.`,
  compareQuery: 'Send from= and to=: the numbers of the two versions to compare.',
  restoreBody: 'Send {"as": "published"} or {"as": "draft"}.',
  versionUnfit: 'This version no longer fits today’s rules and cannot be restored.',
  imagesMissing: (count: number) =>
    `This version cannot be restored: ${count === 1 ? 'its image is' : `${count} of its images are`} no longer stored.`,
  restored: (number: number) => `Version ${number} restored and published`,
  purged: (removed: number) => `History purged: ${removed} earlier ${removed === 1 ? 'version' : 'versions'} removed`,
  adminOnly: 'Only an Admin may purge history.',
} as const;
