/**
 * Serves the React Router app from the same process: built assets from build/client,
 * every other GET rendered on the server with the services in the load context.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@mjackson/node-fetch-server';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { apiMessages } from '../../shared/api-messages';
import { contactRateLimit } from '../contact/contact-routes';
import { ClientError } from '../errors';
import { clientBuildDir, projectRoot, serverBuildFile } from '../paths';
import type { Services } from '../services';
import { deferHydration } from './defer-hydration';
import { NONCE_PLACEHOLDER, PageCache } from './page-cache';

export type WebAppMode = 'none' | 'production' | 'development';

/** What page loaders receive as `context`. */
export interface WebLoadContext {
  services: Services;
  nonce: string;
}

function pageCsp(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export async function registerWebApp(app: FastifyInstance, services: Services, mode: Exclude<WebAppMode, 'none'>) {
  const development = mode === 'development';
  let loadBuild: () => Promise<ServerBuild>;
  let viteMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null = null;

  if (development) {
    const vite = await import('vite');
    const server = await vite.createServer({ root: projectRoot, server: { middlewareMode: true }, appType: 'custom' });
    viteMiddleware = server.middlewares;
    loadBuild = () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    app.addHook('onClose', () => server.close());
  } else {
    if (!fs.existsSync(serverBuildFile)) {
      throw new Error(`The front end is not built (${serverBuildFile} is missing). Run "npm run build" first.`);
    }
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    loadBuild = async () => build;
    await app.register(fastifyStatic, {
      root: clientBuildDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false, // set in setHeaders: hashed assets are immutable
      setHeaders: (res, filePath) => {
        const immutable = filePath.startsWith(path.join(clientBuildDir, 'assets'));
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  let handler: ReturnType<typeof createRequestHandler> | null = null;
  const pages = new PageCache(services.contentVersion);
  const render = async (request: Request, nonce: string) => {
    // in development a fresh build is loaded on every request, to pick up edits
    if (!handler || development) handler = createRequestHandler(await loadBuild(), development ? 'development' : 'production');
    const context: WebLoadContext = { services, nonce };
    return handler(request, context as never);
  };

  const handlePage = async (request: Request): Promise<Response> => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const url = new URL(request.url);
    const key = url.pathname + url.search;
    const cacheable = !development && request.method === 'GET' && PageCache.isCacheable(url);
    let response = cacheable ? pages.get(key, nonce) : null;
    if (!response) {
      const version = services.contentVersion.current;
      const failuresBefore = services.content.readFailures;
      response = await render(request, cacheable ? NONCE_PLACEHOLDER : nonce);
      // replies without a body (redirects, React Router's 204s) have no nonce to put back
      if (cacheable && response.body) {
        const isPage = response.headers.get('content-type')?.startsWith('text/html') ?? false;
        const body = isPage ? deferHydration(await response.text()) : await response.text();
        // a page showing a section's error state is rendered afresh next time (Retry must retry)
        const complete = services.content.readFailures === failuresBefore;
        if (complete && response.status === 200) pages.store(key, version, response, body);
        response = new Response(body.replaceAll(NONCE_PLACEHOLDER, nonce), response);
      }
    }
    return withPageHeaders(request, response, nonce, development);
  };
  const listener = createRequestListener(handlePage);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => {
      reply.hijack();
      if (viteMiddleware) viteMiddleware(request.raw, reply.raw, () => listener(request.raw, reply.raw));
      else listener(request.raw, reply.raw);
    },
  });

  // The contact form without JavaScript posts here (form-encoded, small, rate limited like /api/user)
  // and the contact route's action answers; with JavaScript the page sends to /api/user instead.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: CONTACT_FORM_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(
      '/contact',
      { onRequest: contactRateLimit(services) },
      async (request, reply) => {
        if (typeof request.body !== 'string') throw new ClientError(415, apiMessages.formPostsOnly, []);
        const headers = new Headers();
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') headers.set(name, value);
        }
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        const response = await handlePage(new Request(url, { method: 'POST', headers, body: request.body }));
        reply.code(response.status);
        response.headers.forEach((value, name) => reply.header(name, value));
        return reply.send(Buffer.from(await response.arrayBuffer()));
      },
    );
  });
}

const CONTACT_FORM_BODY_LIMIT = 16 * 1024;
/** What the page render needs from a form post's request headers. */
const FORWARDED_HEADERS = ['content-type', 'accept', 'accept-encoding', 'accept-language', 'user-agent'] as const;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript))/;

/** Security headers for pages, and gzip for pages and React Router's data replies. */
function withPageHeaders(request: Request, response: Response, nonce: string, development: boolean): Response {
  const type = response.headers.get('content-type') ?? '';
  const headers = new Headers(response.headers);
  if (type.startsWith('text/html')) {
    headers.set('content-security-policy', pageCsp(nonce, development));
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'strict-origin-when-cross-origin');
    if (!headers.has('cache-control')) headers.set('cache-control', 'no-cache');
  }
  const gzip = response.body && COMPRESSIBLE.test(type) && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  if (!gzip) return new Response(response.body, { status: response.status, headers });
  headers.set('content-encoding', 'gzip');
  headers.append('vary', 'Accept-Encoding');
  headers.delete('content-length');
  return new Response(response.body!.pipeThrough(new CompressionStream('gzip')), { status: response.status, headers });
}
