/**
 * Serves the React Router app from the same process: built assets from build/client,
 * every other GET rendered on the server with the services in the load context.
 *
 * The Fetch Request for React Router is built here from a fixed origin (PUBLIC_URL's) and the
 * request's path, inside an awaited Fastify handler: a request line or Host header that no URL can
 * be made of ends as that request's 4xx, never as a rejection outside any request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { apiMessages } from '../../shared/api-messages';
import { readSessionCookie } from '../auth/session-cookie';
import { contactRateLimit } from '../contact/contact-routes';
import { ClientError } from '../errors';
import { clientBuildDir, projectRoot, serverBuildFile } from '../paths';
import { preferredEncoding } from '../prepared-body';
import type { Services } from '../services';
import { deferHydration } from './defer-hydration';
import { PageCache, type PreparedPage, type RenderedPage } from './page-cache';

export type WebAppMode = 'none' | 'production' | 'development';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered public pages (present when the web app is served). */
    pageCache?: PageCache;
  }
}

/** What page loaders receive as `context`. */
// a type, not an interface: React Router's load context has an index signature, which only a type literal meets
export type WebLoadContext = {
  services: Services;
  /** The CSP nonce of an uncached page; '' for a cached page (its inline scripts are allowed by hash). */
  nonce: string;
  /** Reads that failed during this render: the page shows an error state and is not cached. */
  failedReads: number;
  /** The server's logger (the request's, for a page rendered for one request): render and read failures go here. */
  log: FastifyBaseLogger;
  /** The public pages' browser entry (built by vite.public.config.ts); null on the development server, where React Router hydrates them. */
  publicEntry: string | null;
  /** `?preview=<id>` asked by signed-in staff: that hidden item is shown in its list (such a page is never cached). */
  previewId?: string;
};

type ScriptSources = { nonce: string } | { hashes: string[] };

function pageCsp(scripts: ScriptSources, development: boolean): string {
  const allowed = 'nonce' in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'sha256-${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...allowed, ...(development ? ["'unsafe-eval'"] : [])].join(' '),
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

/** Headers every HTML page carries besides its CSP. */
const PAGE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' };

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** sha256 (base64) of each script's text, as CSP hash sources compare them. */
function scriptHashes(scripts: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const text of scripts) hashes.add(crypto.createHash('sha256').update(text).digest('base64'));
  return [...hashes];
}

/** The public entry's URL from the build's record of it (vite.public.config.ts). */
function readPublicEntry(): string {
  const record = path.join(projectRoot, 'build', 'public-entry.json');
  if (!fs.existsSync(record)) throw new Error(`The public pages' entry is not built (${record} is missing). Run "npm run build" first.`);
  const { entry } = JSON.parse(fs.readFileSync(record, 'utf8')) as { entry: string };
  return entry;
}

export async function registerWebApp(app: FastifyInstance, services: Services, mode: Exclude<WebAppMode, 'none'>) {
  const development = mode === 'development';
  const origin = new URL(services.env.publicUrl).origin;
  let loadBuild: () => Promise<ServerBuild>;
  let viteMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null = null;
  let publicEntry: string | null = null;

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
    publicEntry = readPublicEntry();
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
  app.decorate('pageCache', pages);
  const render = async (request: Request, context: WebLoadContext) => {
    // in development a fresh build is loaded on every request, to pick up edits
    if (!handler || development) handler = createRequestHandler(await loadBuild(), development ? 'development' : 'production');
    return handler(request, context);
  };

  /** A public page rendered for everyone: no nonce, hydration deferred, inline scripts allowed by hash. */
  const renderShared = async (key: string, method: string): Promise<RenderedPage> => {
    const context: WebLoadContext = { services, nonce: '', failedReads: 0, log: app.log, publicEntry };
    const response = await render(pageRequest(origin + key, { method }), context);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    let body = Buffer.from(await response.arrayBuffer());
    if (headers['content-type']?.startsWith('text/html')) {
      const { html, insertedScript } = deferHydration(body.toString('utf8'));
      const inline = [...html.matchAll(INLINE_SCRIPT)].map((match) => match[1]);
      if (insertedScript !== null) inline.push(insertedScript);
      Object.assign(headers, PAGE_HEADERS, { 'content-security-policy': pageCsp({ hashes: scriptHashes(inline) }, false) });
      headers['cache-control'] ??= 'no-cache';
      body = Buffer.from(html);
    }
    const shareable = context.failedReads === 0 && !response.headers.has('set-cookie');
    return { status: response.status, headers, body, shareable };
  };

  /** Any other page (admin, and everything in development): rendered per request with a fresh nonce, streamed. */
  const renderOwn = async (request: Request, reply: FastifyReply, previewId?: string) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const response = await render(request, { services, nonce, failedReads: 0, log: reply.log, publicEntry, previewId });
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      reply.headers(PAGE_HEADERS).header('content-security-policy', pageCsp({ nonce }, development));
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
    }
    // a preview shows a hidden item to one signed-in person: no cache anywhere may keep it
    if (previewId) reply.header('cache-control', 'private, no-store');
    // @fastify/compress encodes the stream on its way out
    return reply.send(response.body);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // in development Vite answers its own paths (modules, HMR) and passes the rest on
    onRequest: viteMiddleware ? (request, reply, done) => viteMiddleware(request.raw, reply.raw, done) : undefined,
    handler: async (request, reply) => {
      const { pathname, search } = requestTarget(request.url);
      const previewId = PageCache.isCacheable(pathname) ? await staffPreview(services, request, search) : undefined;
      if (!development && !previewId && PageCache.isCacheable(pathname)) {
        const key = PageCache.key(pathname, search);
        return sendPrepared(request, reply, await pages.getOrRender(key, () => renderShared(key, 'GET')));
      }
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      return renderOwn(
        pageRequest(origin + pathname + search, { method: request.method, headers: forwardedHeaders(request), signal: controller.signal }),
        reply,
        previewId,
      );
    },
  });

  // The contact form without JavaScript posts here (form-encoded, small, rate limited like /api/user)
  // and the contact route's action answers; with JavaScript the page sends to /api/user instead.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CONTACT_FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/contact', { onRequest: contactRateLimit(services) }, async (request, reply) => {
      if (typeof request.body !== 'string') throw new ClientError(415, apiMessages.formPostsOnly, []);
      const { pathname, search } = requestTarget(request.url);
      return renderOwn(
        pageRequest(origin + pathname + search, { method: 'POST', headers: forwardedHeaders(request), body: request.body }),
        reply,
      );
    });
  });
}

/**
 * The `preview` query parameter of a public page, when the request carries a valid staff session
 * cookie; for anyone else it is ignored (the visitor's page, from the cache).
 */
async function staffPreview(services: Services, request: FastifyRequest, search: string): Promise<string | undefined> {
  const previewId = new URLSearchParams(search).get('preview');
  if (!previewId) return undefined;
  const token = readSessionCookie(request, services.auth.publicUrl);
  if (!token) return undefined;
  try {
    await services.auth.authenticate(`Bearer ${token}`);
    return previewId;
  } catch {
    // an ended or unknown session: the visitor's page
    return undefined;
  }
}

const CONTACT_FORM_BODY_LIMIT = 16 * 1024;
/** What the page render needs from the request's headers (never Host: the origin is ours). */
const FORWARDED_HEADERS = ['content-type', 'accept', 'accept-language', 'user-agent'] as const;

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** The Fetch Request for React Router; a URL or header value it refuses is the client's mistake. */
function pageRequest(url: string, init: RequestInit): Request {
  try {
    return new Request(url, init);
  } catch {
    throw new ClientError(400, apiMessages.badRequest);
  }
}

/**
 * The path and query of a request line: origin-form as it is, absolute-form reduced to its path
 * (its host is not ours to trust). Anything else is a client error.
 */
function requestTarget(url: string): { pathname: string; search: string } {
  if (!url.startsWith('/')) {
    try {
      const absolute = new URL(url);
      if (absolute.protocol === 'http:' || absolute.protocol === 'https:') return { pathname: absolute.pathname, search: absolute.search };
    } catch {
      // not a URL at all: answered below
    }
    throw new ClientError(400, apiMessages.badRequest);
  }
  const query = url.indexOf('?');
  return query < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, query), search: url.slice(query) };
}

/** A prepared page: 304 for a matching ETag, else the stored bytes in the best encoding the client takes. */
function sendPrepared(request: FastifyRequest, reply: FastifyReply, page: PreparedPage) {
  reply.code(page.status).headers(page.headers);
  if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = page.br ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
  return reply.send(page.identity);
}
