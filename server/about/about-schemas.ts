/** The request and reply schemas of /api/about-content. */
import { aboutContentReply, aboutContentSavedReply, aboutContentSchema } from '../../shared/about-content';
import { baseRevisionHeaders, editConflictMessages, editConflictReply } from '../../shared/edit-conflicts';
import { collectErrors } from '../../shared/validation';
import { z } from '../../shared/zod';
import { errorReplies, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['About'];

export const ABOUT_SAVED = 'About Us content saved successfully!';

export const aboutSchemas = {
  get: {
    schema: {
      tags,
      summary: 'The About Us document (public)',
      response: { 200: aboutContentReply, ...errorReplies() },
    },
  },
  save: {
    schema: {
      tags,
      summary: 'Replace the About Us document',
      description:
        'With `Base-Revision` (the `revision` of `GET …/draft` or of the last save’s reply), refused (409, nothing changed, `conflict` says by whom and what) when the document has changed since. The reply’s `revision` is the base of the next save.',
      security: [{ bearer: [] }],
      headers: baseRevisionHeaders,
      body: aboutContentSchema,
      response: {
        200: aboutContentSavedReply,
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
