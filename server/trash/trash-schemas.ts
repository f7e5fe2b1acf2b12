/** The request and reply schemas of the trash routes (/api/trash; the item's shape in shared/trash.ts). */
import { trashListReply } from '../../shared/trash';
import { z } from '../../shared/zod';
import { errorReplies, messageReply } from '../api/route-schemas';

const tags = ['Trash'];
const security = [{ bearer: [] }];

const itemParams = z.object({
  resource: z.string().max(100).meta({ description: 'The resource key, or `enquiries`' }),
  id: z.string().max(100).meta({ description: 'The item’s `_id` (a UUID)' }),
});

export const trashSchemas = {
  list: {
    schema: {
      tags,
      summary: 'Deleted items of every resource, newest deletion first',
      description: `Signed-in staff. Enquiries are listed for Admins only. Items stay TRASH_DAYS days, then are deleted forever.`,
      security,
      response: {
        200: trashListReply,
        ...errorReplies(401),
      },
    },
  },
  restore: {
    schema: {
      tags,
      summary: 'Bring an item back from the trash, exactly as it was (images included)',
      description: 'Enquiries: Admins only (403 for an Editor).',
      security,
      params: itemParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 403, 404) },
    },
  },
  deleteForever: {
    schema: {
      tags,
      summary: 'Delete an item in the trash forever, with its image files',
      description: 'Enquiries: Admins only (403 for an Editor).',
      security,
      params: itemParams,
      response: { 200: messageReply, ...errorReplies(400, 401, 403, 404) },
    },
  },
};
