/**
 * Builds the Fastify app: the JSON API, /uploads, /healthz, /readyz, /metrics and the React app.
 * Tests call buildApp() and app.inject(); index.ts adds listen().
 */
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { apiMessages } from '../shared/api-messages';
import { accessLine, accessLogHook } from './access-log';
import { clientAddressFor, EarlyReplies } from './early-replies';
import { aboutRoutes } from './about/about-routes';
import { siteSettingsRoutes } from './site-settings/site-settings-routes';
import { openApiRoutes, registerOpenApi } from './api/openapi';
import { badRequest, serializerCompiler, validatorCompiler } from './api/route-schemas';
import { auditRoutes } from './audit/audit-routes';
import { authRoutes } from './auth/auth-routes';
import { sessionRoutes } from './auth/session-routes';
import { backupRoutes } from './backup/backup-routes';
import { contactRoutes } from './contact/contact-routes';
import type { TrustProxy } from './env';
import { EditConflictError, HttpError, loggableError, passingFailure } from './errors';
import { healthRoutes } from './health/health-routes';
import { deferredRequestLogger, logSerializers } from './logger';
import { metrics } from './metrics/metrics';
import { finishHeaders, SECURITY_HEADERS, uploadCacheControl } from './reply-headers';
import { resourceRoutes } from './resources/resource-routes';
import { historyRoutes } from './history/history-routes';
import { scheduleRoutes } from './schedules/schedule-routes';
import { securityTxtRoute } from './security-txt';
import type { Services } from './services';
import { registerUploads } from './storage/serve-uploads';
import { sharedCacheControl } from '../shared/shared-cache';
import { allRenditionUrls } from '../shared/image-urls';
import { trashRoutes } from './trash/trash-routes';
import { aliasRedirect } from './media/media-aliases';
import { mediaRoutes } from './media/media-routes';
import { webhookRoutes } from './webhooks/webhook-routes';
import { visitRoutes } from './visits/visit-routes';
import { insightRoutes } from './insights/insight-routes';
import { registerWebApp, type WebAppMode } from './web/web-app';

export interface BuildOptions {
  services: Services;
  /** 'none' for API-only tests; 'production' serves build/; 'development' runs Vite inside. */
  web?: WebAppMode;
  /** true logs to stdout at LOG_LEVEL; a stream receives the same lines (tests read what would be logged). */
  logger?: boolean | NodeJS.WritableStream;
  /** The process's logger (index.ts makes it before the app): when given, the app logs through it and `logger` is unused. */
  log?: FastifyBaseLogger;
}

/** Where a request that Fastify's router refused (undecodable URL, overlong parameter) is answered. */
const FRAMEWORK_ERROR_PATH = '/.framework-error';

export async function buildApp({ services, web = 'none', logger = false, log }: BuildOptions): Promise<FastifyInstance> {
  const { env } = services;
  const frameworkErrors = new WeakMap<IncomingMessage, FastifyError>();
  const trustProxy = trustProxyOption(env.trustProxy);
  // prepared replies to anonymous GETs, answered before the router (early-replies.ts)
  const early = new EarlyReplies(clientAddressFor(trustProxy));
  const app: FastifyInstance = Fastify({
    ...(log
      ? { loggerInstance: log }
      : {
          logger: logger ? { level: env.logLevel, serializers: logSerializers, ...(logger === true ? {} : { stream: logger }) } : false,
        }),
    bodyLimit: 1024 * 1024,
    trustProxy,
    serverFactory: early.serverFactory,
    // one counter for the ids of both paths
    genReqId: early.nextRequestId,
    // while stopping, a request on an open connection is still served (with Connection: close) rather than a bare 503
    return503OnClosing: false,
    // a failed validation without the route's own formatter answers 400 'Bad request', never the validator's wording
    schemaErrorFormatter: badRequest,
    // Fastify's own two lines per request are replaced by one access-log line (onResponse below)
    logController: new LogController({ disableRequestLogging: true }),
    // a request's own logger is made only when something logs through it (logger.ts)
    childLoggerFactory: deferredRequestLogger,
    // the router answers these before any hook runs; routed again, they get the error handler's shape and every header
    frameworkErrors: (error, request, reply) => {
      frameworkErrors.set(request.raw, error);
      request.raw.url = FRAMEWORK_ERROR_PATH;
      app.routing(request.raw, reply.raw);
    },
  });

  // requests are checked against the routes' zod schemas; the same schemas make /api/openapi.json
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('admin', null);
  app.decorate('early', early);
  // while stopping, every request goes through Fastify, which answers it with Connection: close
  app.addHook('preClose', (done) => {
    early.stop();
    done();
  });
  // one access-log line per request, at info (access-log.ts)
  if (logsAt(app.log, 'info')) {
    const line = accessLine(app.log);
    app.addHook('onResponse', accessLogHook(line));
    early.observe((id, method, _route, path, status, ms) => line(id, method, path, status, ms));
  }
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error instanceof EditConflictError ? { conflict: error.conflict } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: clientErrorMessage(error) });
    }
    const passing = passingFailure(error);
    request.log[passing ? 'warn' : 'error'](
      { err: loggableError(error) },
      passing ? `request failed: ${passing.statusCode}` : 'request failed',
    );
    if (passing)
      return reply
        .code(passing.statusCode)
        .headers(passing.headers ?? {})
        .send({ success: false, message: passing.message });
    return reply.code(500).send({ success: false, message: apiMessages.serverError });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, message: apiMessages.notFound }));
  // before any route, so that it describes them all
  await registerOpenApi(app);
  // before any route or scope, so its request hook sees every route
  await app.register(metrics, { services });

  // a GET or HEAD has no body to decompress: @fastify/compress then adds no hook for it to such a route
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) route.decompress ??= false;
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // the same security headers on every reply, set first so that a route may override one (pages set their referrer policy)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  // last: which caches may keep the reply, and the strictest CSP for replies that set none
  app.addHook('onSend', (request, reply, payload, done) => {
    finishHeaders(request, reply);
    done(null, payload);
  });

  // multipart bodies are read by the resource routes alone (their scope registers @fastify/multipart); anywhere
  // else one is left unread, as the plugin's parser would, so such a request still gets its route's answer
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  app.all(FRAMEWORK_ERROR_PATH, async (request) => {
    throw frameworkErrors.get(request.raw) ?? new HttpError(404, apiMessages.notFound);
  });

  // each area is an encapsulated plugin with its schemas beside it
  await app.register(securityTxtRoute, { services });
  await app.register(healthRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(sessionRoutes, { services });
  await app.register(contactRoutes, { services });
  await app.register(aboutRoutes, { services });
  await app.register(siteSettingsRoutes, { services });
  await app.register(resourceRoutes, { services });
  await app.register(historyRoutes, { services });
  await app.register(scheduleRoutes, { services });
  await app.register(backupRoutes, { services });
  await app.register(auditRoutes, { services });
  await app.register(trashRoutes, { services });
  await app.register(mediaRoutes, { services });
  await app.register(webhookRoutes, { services });
  await app.register(visitRoutes, { services });
  await app.register(insightRoutes, { services });
  await app.register(openApiRoutes);
  app.all('/api/*', async (_request, reply) => reply.code(404).send({ success: false, message: apiMessages.notFound }));

  await registerUploads(
    app,
    services.storage,
    services.renditionJobs,
    {
      withheldNames: () => services.content.reads.withheldNames(),
      auth: services.auth,
      previewShows: async (token, name) => {
        const preview = await services.previewLinks.open(token);
        return Boolean(preview?.images.some((url) => allRenditionUrls(url).includes(`/uploads/${name}`)));
      },
      aliasRedirect: (storedUrl, requested) => aliasRedirect(services.database.db, storedUrl, requested),
      redirectCacheControl: sharedCacheControl(env),
    },
    uploadCacheControl(env),
  );

  if (web !== 'none') await registerWebApp(app, services, web);
  return app;
}

/** Fastify's trustProxy from TRUST_PROXY: a hop count becomes "trust the n nearest hops" (proxy-addr's own rule for numbers). */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Safe texts for the framework's own 4xx errors (never its internals). */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiMessages.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiMessages.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiMessages.unsupportedType;
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return apiMessages.malformedMultipart;
    default:
      return error.statusCode === 404
        ? apiMessages.notFound
        : error.statusCode === 429
          ? apiMessages.tooManyRequests
          : apiMessages.badRequest;
  }
}

/** True when the logger writes lines of this level (a logger that cannot say, as a test's stand-in, writes none). */
function logsAt(log: FastifyBaseLogger, level: string): boolean {
  return 'isLevelEnabled' in log && typeof log.isLevelEnabled === 'function' && log.isLevelEnabled(level) === true;
}
