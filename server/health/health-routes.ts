/** /healthz (liveness: no database query) and /readyz (readiness: the database answers within a second). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod';
import type { Services } from '../services';
import { sendAsIs } from '../api/route-schemas';
import type { ReadyReply } from '../prepared-body';

const READY_TIMEOUT_MS = 1000;
const HEALTHY = JSON.stringify({ status: 'ok' });
const tags = ['Operations'];

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // the probe's reply, the same to everyone: answered before the router (early-replies.ts)
  const healthy: ReadyReply = {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    etag: null,
    identity: Buffer.from(HEALTHY),
    gzip: null,
    br: null,
  };
  app.early.add({ route: '/healthz', find: (target) => (target === '/healthz' ? healthy : null) });

  app.get(
    '/healthz',
    {
      compress: false, // a reply of 15 bytes: no compression hooks on a probe's path
      schema: {
        tags,
        summary: 'Liveness: 200 while the process serves (asks nothing of the database)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    // prepared bytes, sent at once: no serializer and no promise on a probe's path
    (_request, reply) => void sendAsIs(reply.type('application/json; charset=utf-8'), HEALTHY),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'Readiness: 200 when the database answers within a second, else 503',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_request, reply) => {
      try {
        await services.database.ping(READY_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).header('retry-after', '5').send({ status: 'unavailable' });
      }
    },
  );
};
