/**
 * Builds the Fastify app: the JSON API, /uploads, /healthz, /readyz, /metrics and the React app.
 * Tests call buildApp() and app.inject(); index.ts adds listen().
 */
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { apiMessages } from '../shared/api-messages';
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
import { HttpError, loggableError, passingFailure } from './errors';
import { healthRoutes } from './health/health-routes';
import { metrics } from './metrics/metrics';
import { resourceRoutes } from './resources/resource-routes';
import { securityTxtRoute } from './security-txt';
import type { Services } from './services';
import { registerUploads } from './storage/serve-uploads';
import { trashRoutes } from './trash/trash-routes';
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

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Browser features the site never uses, refused for it and anything it embeds (only names Chromium knows: it logs an error for others). */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');
/** Where a request that Fastify's router refused (undecodable URL, overlong parameter) is answered. */
const FRAMEWORK_ERROR_PATH = '/.framework-error';

export async function buildApp({ services, web = 'none', logger = false, log }: BuildOptions): Promise<FastifyInstance> {
  const { env } = services;
  const frameworkErrors = new WeakMap<IncomingMessage, FastifyError>();
  const app: FastifyInstance = Fastify({
    ...(log
      ? { loggerInstance: log }
      : { logger: logger ? { level: env.logLevel, ...(logger === true ? {} : { stream: logger }) } : false }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(env.trustProxy),
    // while stopping, a request on an open connection is still served (with Connection: close) rather than a bare 503
    return503OnClosing: false,
    // a failed validation without the route's own formatter answers 400 'Bad request', never the validator's wording
    schemaErrorFormatter: badRequest,
    // Fastify's own two lines per request are replaced by one access-log line (onResponse below)
    logController: new LogController({ disableRequestLogging: true }),
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
  // one access-log line per request, at info: method, path (no query: it may carry visitors' data), status, time
  app.addHook('onResponse', async (request, reply) => {
    const query = request.url.indexOf('?');
    request.log.info(
      {
        method: request.method,
        path: query < 0 ? request.url : request.url.slice(0, query),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
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

  await app.register(helmet, {
    contentSecurityPolicy: false, // set per response: API replies here, pages with a nonce in web-app.ts
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false, // belongs to the TLS proxy in front
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(multipart, {
    limits: { fileSize: env.maxImageBytes, files: 30, fields: 60, fieldSize: 100 * 1024, parts: 100 },
  });

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) {
      // the reference page (/api/docs) sets its own, as strict but for its stylesheet
      reply
        .header('content-security-policy', reply.getHeader('content-security-policy') ?? API_CSP)
        .header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
    } else if (!reply.hasHeader('content-security-policy')) {
      // pages and uploads set their own; error replies and plain files get the strictest
      reply.header('content-security-policy', API_CSP);
    }
    return payload;
  });

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
  await app.register(backupRoutes, { services });
  await app.register(auditRoutes, { services });
  await app.register(trashRoutes, { services });
  await app.register(openApiRoutes);
  app.all('/api/*', async (_request, reply) => reply.code(404).send({ success: false, message: apiMessages.notFound }));

  await registerUploads(app, services.storage, services.renditionJobs);

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
