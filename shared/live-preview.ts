/**
 * A live preview (issue 25): the values of a form not saved yet, sent by the admin's form as it is typed
 * in, and rendered by the server into the public page the item appears on. Nothing is stored.
 */
import { RESOURCE_KEYS, type ResourceKey } from './resources';
import { UUID_PATTERN } from './validation';
import { z } from './zod';

/** One image the form keeps (a stored one: files not uploaded yet are not shown), with its details. */
const previewImage = z.object({
  url: z.string().max(500),
  alt: z.string().max(1000).optional(),
  focusX: z.number().int().min(0).max(100).optional(),
  focusY: z.number().int().min(0).max(100).optional(),
  description: z.string().max(5000).optional(),
});

export const livePreviewRequest = z
  .object({
    resource: z.enum(RESOURCE_KEYS).meta({ description: 'The resource the form edits (its key).' }),
    id: z.string().regex(UUID_PATTERN).meta({ description: 'The item’s `_id`; for an item not saved yet, any new UUID.' }),
    fields: z
      .record(z.string().max(100), z.union([z.string().max(20_000), z.number(), z.array(z.string().max(2000)).max(200)]))
      .meta({ description: 'The form’s text, number and list fields as they are now; a value of the wrong type keeps the stored one.' }),
    images: z.array(previewImage).max(50).meta({ description: 'The stored images the form keeps, in order, with their details.' }),
  })
  .strict();

export type LivePreviewRequest = z.infer<typeof livePreviewRequest>;

/** What a page render is given for a live preview: this resource's list shows the unsaved item. */
export interface LivePreview {
  key: ResourceKey;
  id: string;
  fields: LivePreviewRequest['fields'];
  images: LivePreviewRequest['images'];
}
