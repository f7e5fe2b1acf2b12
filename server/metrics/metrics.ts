/**
 * GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN: requests by route
 * pattern and status, page and list cache hits and misses, the PostgreSQL pool, the image queue,
 * the background jobs (every kind, and the renditions' and mails' own gauges) and the process. Each app has its own registry, so several apps in one process keep apart.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { apiMessages } from '../../shared/api-messages';
import { z } from '../../shared/zod';
import { errorReply } from '../api/route-schemas';
import { ClientError } from '../errors';
import { JOB_KINDS } from '../jobs/job-kinds';
import type { Services } from '../services';

/** The route label of requests no route matched (their raw URLs would be unbounded label values). */
export const UNMATCHED_ROUTE = '(unmatched)';
/** Seconds: from a cached page (about a millisecond) to an upload of several photos. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Adds /metrics and the request hook that feeds it; without METRICS_TOKEN nothing is added (an unknown path, no cost per request).
 * Not encapsulated (fastify-plugin): its hook must see every route of the app.
 */
export const metrics = fp<{ services: Services }>(
  async (app, { services }) => {
    const token = services.env.metricsToken;
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by route pattern and status',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    // one hook, no logging: the cost per request is two label lookups
    app.addHook('onResponse', (request, reply, done) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      done();
    });
    // and the replies answered before the router, under their routes' patterns
    app.early.observe((_id, method, route, _path, status, ms) => {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, ms / 1000);
    });

    new Counter({
      name: 'cache_lookups_total',
      help: 'Page and public list cache lookups, by cache and result (hit or miss)',
      labelNames: ['cache', 'result'],
      registers: [registry],
      collect() {
        // the caches count for themselves (plain numbers); the scrape copies their totals
        this.reset();
        const list = services.content.reads.listCacheCounts();
        this.inc({ cache: 'list', result: 'hit' }, list.hits);
        this.inc({ cache: 'list', result: 'miss' }, list.misses);
        const pages = app.pageCache;
        if (pages) {
          this.inc({ cache: 'page', result: 'hit' }, pages.hits);
          this.inc({ cache: 'page', result: 'miss' }, pages.renders);
        }
      },
    });

    new Gauge({
      name: 'image_queue_length',
      help: 'Requests holding a place in the image queue (running or waiting)',
      registers: [registry],
      collect() {
        this.set(services.content.images.queue.length);
      },
    });

    new Gauge({
      name: 'image_jobs',
      help: 'Background rendition jobs by state: pending (to be made or retried) and failed (attempts used up; reported in the log)',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        // one shared table: every process reports the same totals; with the database away, the last ones stay
        const counts = await services.renditionJobs.counts().catch(() => null);
        if (!counts) return;
        this.set({ state: 'pending' }, counts.pending);
        this.set({ state: 'failed' }, counts.failed);
      },
    });

    new Gauge({
      name: 'mail_outbox',
      help: 'Mails (enquiry alerts, account mails) by state: pending (to be sent or retried) and failed (given up; reported in the log)',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        const counts = await services.mail.counts().catch(() => null);
        if (!counts) return;
        this.set({ state: 'pending' }, counts.pending);
        this.set({ state: 'failed' }, counts.failed);
      },
    });

    new Gauge({
      name: 'jobs',
      help: 'Background jobs of every kind (server/jobs/job-kinds.ts) by state: pending (to do or retry) and failed (given up; reported in the log)',
      labelNames: ['kind', 'state'],
      registers: [registry],
      async collect() {
        for (const kind of JOB_KINDS) {
          const counts = await kind
            .queue(services)
            .counts()
            .catch(() => null);
          if (!counts) continue;
          this.set({ kind: kind.name, state: 'pending' }, counts.pending);
          this.set({ kind: kind.name, state: 'failed' }, counts.failed);
        }
      },
    });

    const { database } = services;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (total, idle) and queries waiting for one (the embedded database has one)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });

    const expected = digest(token);
    const schema = {
      tags: ['Operations'],
      summary: 'Prometheus metrics (absent when METRICS_TOKEN is unset)',
      security: [{ bearer: [] }],
      response: {
        200: { description: 'Prometheus text format', content: { 'text/plain': { schema: z.string() } } },
        401: errorReply,
      },
    };
    app.get('/metrics', { schema }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? '';
      // digests have one length, so the comparison takes the same time whatever was sent
      if (!given || !crypto.timingSafeEqual(digest(given), expected)) {
        throw new ClientError(401, apiMessages.unauthorized, undefined, { 'www-authenticate': 'Bearer' });
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);

function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}
