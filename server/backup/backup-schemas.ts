/** The reply schemas of /api/backup and /api/backup/summary (shapes in shared/backup.ts). */
import { backupSummaryReply } from '../../shared/backup';
import { z } from '../../shared/zod';
import { errorReplies } from '../api/route-schemas';

const tags = ['Backup'];
const security = [{ bearer: [] }];

export const backupSchemas = {
  summary: {
    schema: {
      tags,
      summary: 'What an archive taken now would hold, and the last backup taken',
      security,
      response: {
        200: backupSummaryReply,
        ...errorReplies(401, 403),
      },
    },
  },
  download: {
    schema: {
      tags,
      summary: 'Download the whole site (records, messages, admins, settings, images) as one .tar.gz',
      description: 'One backup at a time: another request meanwhile answers 409. Restore with `npm run restore -- FILE`.',
      security,
      response: {
        200: {
          description: 'The archive, streamed',
          content: { 'application/gzip': { schema: z.string().meta({ format: 'binary' }) } },
        },
        ...errorReplies(401, 403, 409),
      },
    },
  },
};
