/**
 * Drafts of content items (docs/decisions/0039): an item's state as the admin lists it, the replies of the
 * draft routes and their messages, read by the server's route schemas and (as types) by the admin's screens.
 */
import { revisionShape } from './edit-conflicts';
import { itemScheduleSchema } from './schedules';
import { z } from './zod';

/**
 * An item's state: `published` (visitors see the row, no newer draft), `changed` (published, with a draft newer
 * than it), `draft` (never published, or unpublished: visitors see it nowhere), `scheduled` (a publish or an
 * unpublish is set for a time: docs/decisions/0042).
 */
export const CONTENT_STATES = ['published', 'changed', 'draft', 'scheduled'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/** The state of an item from its row's `published`, whether its newest version is a draft and whether a change is scheduled. */
export function contentState(published: boolean, newestIsDraft: boolean, scheduled = false): ContentState {
  if (scheduled) return 'scheduled';
  if (!published) return 'draft';
  return newestIsDraft ? 'changed' : 'published';
}

/** The state and the draft an admin list carries beside each record. */
export const draftFieldsShape = {
  published: z.boolean().meta({ description: 'False while the item is a draft never published, or unpublished: visitors see it nowhere' }),
  state: z.enum(CONTENT_STATES).meta({
    description:
      '`published`; `changed`: published, with a newer draft; `draft`: never published or unpublished; `scheduled`: a publish or unpublish is set for a time (see `schedule` and `published`)',
  }),
  draft: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: 'The newest draft’s fields and images when it is newer than the published state (the form opens it); else null' }),
  schedule: itemScheduleSchema.nullable(),
  ...revisionShape,
};

/** The reply of a publish, an unpublish, a draft saved or discarded. */
export const draftWrittenReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    id: z.string(),
    state: z.enum(CONTENT_STATES),
    /** The version written (a draft's or the published one's); null when none was (unpublish, discard). */
    number: z.number().int().nullable(),
    ...revisionShape,
  }),
});
export type DraftWrittenReply = z.infer<typeof draftWrittenReply>;

/** The draft routes' messages. */
export const draftMessages = {
  draftSaved: 'Draft saved',
  draftCreated: (noun: string) => `${noun} saved as a draft`,
  published: (noun: string) => `${noun} published`,
  unpublished: (noun: string) => `${noun} unpublished: visitors no longer see it`,
  nothingToPublish: (noun: string) => `This ${noun.toLowerCase()} is published and has no draft: there is nothing to publish.`,
  alreadyUnpublished: (noun: string) => `This ${noun.toLowerCase()} is not published.`,
  discarded: 'Draft discarded',
  noDraft: 'There is no draft to discard.',
  noDraftToPublish: 'There is no draft to publish.',
  neverPublished: 'This item was never published: its draft is all it has. Move it to the trash instead.',
  restoredAsDraft: (number: number) => `Version ${number} restored as a draft`,
  autosaveQuery: 'Send autosave=true or leave it out.',
} as const;
