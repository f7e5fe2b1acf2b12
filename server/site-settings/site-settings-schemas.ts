/** The request and reply schemas of /api/site-settings. */
import { siteSettingsReply, siteSettingsSavedReply, siteSettingsSchema } from '../../shared/site-settings-schema';
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
      response: { 200: siteSettingsReply, ...errorReplies() },
    },
  },
  save: {
    schema: {
      tags,
      summary: 'Replace the site settings (Admins and Editors)',
      security: [{ bearer: [] }],
      body: siteSettingsSchema,
      response: {
        200: siteSettingsSavedReply,
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
