/**
 * No silent overwrite (docs/decisions/0044): a save names the revision of the item its editor opened in the
 * `Base-Revision` header; when the item has changed since, it is refused (409) with who changed it, when, and their
 * values. Read by the server's routes and schemas and by the admin's editors.
 */
import { VERSION_STATUSES } from './history';
import { errorReply } from './replies';
import { z } from './zod';

/** The request header a save names its base with (lower case: how Node hands headers over). */
export const BASE_REVISION_HEADER = 'base-revision';

/** A revision: the newest version's number and the milliseconds of its time (an autosave in place moves the time). */
const REVISION_PATTERN = /^\d{1,9}\.\d{1,15}$/;

/** The revision of an item without any version yet (older than its history). */
export const NO_REVISION = '0.0';

/** The revision a version is: what every save (published, draft, autosave) moves. */
export function revisionOf(version: { number: number; at: Date } | null | undefined): string {
  return version ? `${version.number}.${version.at.getTime()}` : NO_REVISION;
}

const revision = z.string().meta({ description: 'The item’s revision now: send it as `Base-Revision` with the next save.' });

/** The `Base-Revision` header of a save: optional, so a client that sends none keeps last-writer-wins. */
export const baseRevisionHeaders = z.looseObject({
  [BASE_REVISION_HEADER]: z.string().regex(REVISION_PATTERN).optional().meta({
    description:
      'The `revision` of the item as the editor opened it (from the manage list or the last save’s reply). When the item has changed since, the save is refused with 409 and changes nothing.',
  }),
});

/** What a refused save is told about the change it would have overwritten. */
export const editConflictSchema = z.object({
  revision,
  number: z.number().int().meta({ description: 'The newest version: the one the save would have overwritten.' }),
  status: z.enum(VERSION_STATUSES),
  author: z
    .object({ id: z.string().nullable(), name: z.string().nullable() })
    .meta({ description: 'Who saved the newest version (both null for the system).' }),
  at: z.string().meta({ description: 'ISO time of the newest version' }),
  changedFields: z
    .array(z.string())
    .meta({ description: 'The places that differ between the version the save was based on and the newest.' }),
  values: z.record(z.string(), z.unknown()).meta({ description: 'The newest version’s fields and images (or the whole document).' }),
});
export type EditConflict = z.infer<typeof editConflictSchema>;

/** The 409 of a save: the error envelope, with `conflict` when the save named a base that is no longer the newest. */
export const editConflictReply = errorReply
  .extend({ conflict: editConflictSchema.optional() })
  .meta({ description: 'Refused, nothing changed: the item was changed since it was opened (see `conflict`).' });
export type EditConflictReply = z.infer<typeof editConflictReply>;

/** `revision` beside a write's other data. */
export const revisionShape = { revision };

export const editConflictMessages = {
  changedBy: (noun: string, who: string | null) =>
    `This ${noun} was changed by ${who ?? 'someone else'} since you opened it. Nothing was saved.`,
  badBase: 'Send Base-Revision as the revision the item had when it was opened (as the manage list or a save gives it), or leave it out.',
} as const;
