/** The request and reply schemas of /api/site-settings. */
import { siteSettingsReply, siteSettingsSavedReply, siteSettingsSchema } from '../../shared/site-settings-schema';
import { baseRevisionHeaders, editConflictMessages, editConflictReply } from '../../shared/edit-conflicts';
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
      summary: 'Replace the site settings (accounts with the settings area: Admins)',
      description:
        'With `Base-Revision` (the `revision` of `GET …/draft` or of the last save’s reply), refused (409, nothing changed, `conflict` says by whom and what) when the document has changed since. The reply’s `revision` is the base of the next save.',
      security: [{ bearer: [] }],
      headers: baseRevisionHeaders,
      body: siteSettingsSchema,
      response: {
        200: siteSettingsSavedReply,
        ...errorReplies(400, 401),
        409: editConflictReply,
      },
    },
    // every problem, the first one as the message
    schemaErrorFormatter: invalidRequest((issues, part) => {
      if (part === 'headers') return new ClientError(400, editConflictMessages.badBase);
      const { errors } = collectErrors(new z.ZodError(issues));
      return new ClientError(400, errors[0], errors);
    }),
  },
};
