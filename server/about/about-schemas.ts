/** The request and reply schemas of /api/about-content. */
import { aboutContentReply, aboutContentSavedReply, aboutContentSchema } from '../../shared/about-content';
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
      security: [{ bearer: [] }],
      body: aboutContentSchema,
      response: {
        200: aboutContentSavedReply,
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
