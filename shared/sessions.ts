/** One's own sessions as /api/admins/sessions lists them: the server's reply schemas and the account screen's types. */
import { z } from './zod';

const sessionSchema = z.object({
  _id: z.string(),
  device: z.string().meta({ description: 'Browser and system, from the sign-in’s User-Agent' }),
  address: z.string().meta({ description: 'The address the sign-in came from' }),
  startedAt: z.string().meta({ description: 'When the session signed in (ISO 8601)' }),
  lastSeenAt: z.string().meta({ description: 'Its last use, to within about a minute (ISO 8601)' }),
  current: z.boolean().meta({ description: 'True for the session making this request' }),
});

export const sessionListReply = z.object({ success: z.literal(true), data: z.array(sessionSchema) });

export const revokeOthersReply = z.object({ success: z.literal(true), message: z.string(), ended: z.number().int() });

export const keepAliveReply = z.object({
  success: z.literal(true),
  idleSeconds: z.number().int().meta({ description: 'Seconds until the session ends unless used again (SESSION_IDLE_MINUTES)' }),
  absoluteSeconds: z
    .number()
    .int()
    .meta({ description: 'Seconds until the session ends however busy (TOKEN_TTL_HOURS after its sign-in)' }),
});

/** A session as the account screen lists it (and the server's sessions service returns it). */
export type SessionInfo = z.infer<typeof sessionSchema>;
export type SessionListReply = z.infer<typeof sessionListReply>;
export type RevokeOthersReply = z.infer<typeof revokeOthersReply>;
export type KeepAliveReply = z.infer<typeof keepAliveReply>;
