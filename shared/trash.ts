/** An item in the trash, as GET /api/trash lists it: the server's reply schema and the admin's Trash screen's types. */
import { z } from './zod';

const trashItemSchema = z.object({
  resource: z.string().meta({ description: 'The resource key (e.g. `gallery`), or `enquiries`' }),
  noun: z.string().meta({ description: 'What the item is (“Gallery Item”, “Enquiry”)' }),
  id: z.string().meta({ description: 'The item’s `_id`' }),
  label: z.string().meta({ description: 'Its name (the title field; an enquiry’s sender)' }),
  deletedAt: z.string().meta({ description: 'ISO 8601 time it was moved to the trash' }),
  thumbnail: z.string().nullable().meta({ description: 'URL of its first image (/uploads/…), null when it has none' }),
});

export const trashListReply = z.object({ success: z.literal(true), data: z.array(trashItemSchema), trashDays: z.number().int() });

export type TrashItem = z.infer<typeof trashItemSchema>;
export type TrashListReply = z.infer<typeof trashListReply>;
