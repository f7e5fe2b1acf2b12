/**
 * Per-address limits counted in the database (fixed windows), so every server process on the same
 * database shares one count per address, and two routes that share a limit share its count.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { rateLimits } from './db/schema';
import { ClientError } from './errors';

export interface RateLimit {
  /** Names the count: routes with the same name share it. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429's message and field errors (Retry-After is added). */
  message: string;
  errors?: string[];
}

/** Expired windows are deleted at most this often per limit, so the table holds about one window of addresses. */
const CLEANUP_EVERY_MS = 60_000;

/** An onRequest hook counting each request against the address's window; past `max` it answers 429 with Retry-After. */
export function rateLimitHook(db: Db, limit: RateLimit) {
  let nextCleanup = 0;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const hit = await countHit(db, `${limit.name}:${request.ip}`, limit.windowMs);
    if (Date.now() >= nextCleanup) {
      nextCleanup = Date.now() + CLEANUP_EVERY_MS;
      await db.delete(rateLimits).where(lt(rateLimits.resetsAt, sql`now()`));
    }
    if (hit.count > limit.max) {
      throw new ClientError(429, limit.message, limit.errors, { 'retry-after': String(hit.retryAfterSeconds) });
    }
  };
}

/** Counts one hit on a key of one's own (an e-mail address, say) in a window; false once past `max`. */
export async function withinLimit(db: Db, key: string, max: number, windowMs: number): Promise<boolean> {
  return (await countHit(db, key, windowMs)).count <= max;
}

/** One atomic upsert: concurrent hits each get their own count; a window that has ended starts again at 1. */
async function countHit(db: Db, key: string, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }> {
  const ended = sql`${rateLimits.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetsAt: sql`now() + ${windowMs}::float8 * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetsAt} - now())))::int`,
    });
  return row;
}
