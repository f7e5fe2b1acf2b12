/** The request and reply schemas of /api/user (the contact form's messages). */
import { contactSchema, contactServerMessages } from '../../shared/contact';
import { collectErrors } from '../../shared/validation';
import { z } from '../../shared/zod';
import { errorReplies, fieldIssues, invalidRequest } from '../api/route-schemas';
import { ClientError } from '../errors';

const tags = ['Messages'];

export const contactSchemas = {
  send: {
    schema: {
      tags,
      summary: 'Send a message (the contact form)',
      description: 'Public, limited per address. A refusal lists every problem in `errors`, each naming its field.',
      body: contactSchema,
      response: {
        201: z.object({ success: z.literal(true), errors: z.array(z.string()).max(0), message: z.string() }),
        ...errorReplies(400, 429),
      },
    },
    schemaErrorFormatter: invalidRequest((issues) => {
      const { errors } = collectErrors(new z.ZodError(fieldIssues(contactSchema, issues)));
      return new ClientError(400, contactServerMessages.validationFailed, errors);
    }),
  },
  list: {
    schema: {
      tags,
      summary: 'Every message, newest first',
      security: [{ bearer: [] }],
      response: {
        200: z.object({
          success: z.literal(true),
          data: z.array(
            z.object({
              _id: z.string(),
              name: z.string(),
              email: z.string(),
              number: z.string(),
              message: z.string(),
              createdAt: z.string(),
            }),
          ),
        }),
        ...errorReplies(401, 403),
      },
    },
  },
};
