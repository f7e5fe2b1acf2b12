/**
 * The reply envelopes every route shares (DESIGN.md): the server documents its replies with these,
 * and the admin's calls take their reply types from them (z.infer), so both read one description.
 */
import { z } from './zod';

/** Every failure: `{ success: false, message, errors? }`. */
export const errorReply = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(z.string()).optional(),
  })
  .meta({ id: 'ErrorReply', description: 'Every failure: the message to show, and the list of problems when there are several.' });

/** `{ success: true, message }`, the reply of a change that returns nothing else. */
export const messageReply = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'MessageReply', description: 'A change that returns nothing else.' });

export type MessageReply = z.infer<typeof messageReply>;
export type ErrorReply = z.infer<typeof errorReply>;
