/** The request and reply schemas of /api/site-settings. */
import { siteSettingsSchema } from '../../shared/site-settings-schema';
import { collectErrors } from '../../shared/validation';
import { z } from '../../shared/zod';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['Site settings'];

export const siteSettingsSchemas = {
  get: {
    schema: {
      tags,
      summary: 'The company details every public page shows (public)',
      response: { 200: z.object({ success: z.literal(true), data: siteSettingsSchema }), ...errorReplies() },
    },
  },
  save: {
    schema: {
      tags,
      summary: 'Replace the site settings (Admins and Editors)',
      security: [{ bearer: [] }],
      body: siteSettingsSchema,
      response: {
        200: z.object({ success: z.literal(true), message: z.string(), data: siteSettingsSchema }),
        ...errorReplies(400, 401),
      },
    },
    // every problem, the first one as the message
    schemaErrorFormatter: invalidRequest((issues) => {
      const { errors } = collectErrors(new z.ZodError(issues));
      return new ClientError(400, errors[0], errors);
    }),
  },
};
