/** The reply schemas of /api/backup and /api/backup/summary (shapes in shared/backup.ts). */
import { z } from '../../shared/zod';
import { errorReplies } from '../api/route-schemas';

const tags = ['Backup'];
const security = [{ bearer: [] }];

const counts = z.object({
  records: z.number().int(),
  messages: z.number().int(),
  admins: z.number().int(),
  settings: z.number().int(),
  imageJobs: z.number().int(),
  images: z.number().int(),
  imageBytes: z.number().int(),
  auditEvents: z.number().int(),
});

export const backupSchemas = {
  summary: {
    schema: {
      tags,
      summary: 'What an archive taken now would hold, and the last backup taken',
      security,
      response: {
        200: z.object({
          success: z.literal(true),
          data: z.object({
            current: counts,
            lastBackup: z
              .object({
                takenAt: z.string(),
                via: z.enum(['download', 'command line']),
                counts,
                archiveBytes: z.number().int(),
              })
              .nullable(),
          }),
        }),
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
