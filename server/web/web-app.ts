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
import { seesWithheldContent } from '../auth/require-admin';
import { contactRateLimit } from '../contact/contact-routes';
import { ClientError } from '../errors';
import { clientBuildDir, projectRoot, serverBuildFile } from '../paths';
import { sendReady } from '../prepared-body';
import { PERSONAL } from '../reply-headers';
import { sharedCacheControl } from '../../shared/shared-cache';
import type { Services } from '../services';
import { deferHydration } from './defer-hydration';
import { registerLivePreview } from './live-preview-route';
import { LANGUAGES, localizedPath, type Language } from '../../shared/languages';
import { PageCache, type PreparedPage, type RenderedPage } from './page-cache';
import type { VisitCounter } from '../visits/visit-counter';
import { propertyOf } from '../../shared/narrow';
import { DOCUMENT_PREVIEW_PAGES, type DocumentPreviewValues, type LivePreview } from '../../shared/live-preview';
import type { DraftPreview } from '../resources/preview-links';
import { previewLinkMessages, previewLinkPath, previewLinkPaths } from '../../shared/preview-links';
import { parseImageUrl } from '../../shared/image-urls';
import { shownAbout } from '../media/media-index';

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
  /** A live preview (POST /api/preview): this item, as its form holds it, in its list (`previewId` is its id). */
  livePreview?: LivePreview;
  /** A preview link's draft (GET /preview/<token>): this item as its draft stands, in its list. */
  draftPreview?: DraftPreview;
  /** A preview of the About content or the Site settings (live, or a link's draft): the pages read these values instead of the stored ones. */
  documentPreview?: DocumentPreviewValues;
  /** Where the language switcher leads when not to the page in the other language: a preview link's same preview in it. */
  languageLinks?: Partial<Record<Language, string>>;
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

/** React Router's server build, from the module that exports it (its routes, entry and assets manifest). */
function serverBuild(module: unknown): ServerBuild {
  if (isServerBuild(module)) return module;
  throw new Error('The server build exports no routes, entry or assets. Run "npm run build" again.');
}

function isServerBuild(module: unknown): module is ServerBuild {
  return ['routes', 'entry', 'assets'].every((name) => propertyOf(module, name) !== undefined);
}

/** The public entry's URL from the build's record of it (vite.public.config.ts). */
function readPublicEntry(): string {
  const record = path.join(projectRoot, 'build', 'public-entry.json');
  if (!fs.existsSync(record)) throw new Error(`The public pages' entry is not built (${record} is missing). Run "npm run build" first.`);
  const entry = propertyOf(JSON.parse(fs.readFileSync(record, 'utf8')), 'entry');
  if (typeof entry !== 'string') throw new Error(`${record} names no entry. Run "npm run build" again.`);
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
    loadBuild = async () => serverBuild(await server.ssrLoadModule('virtual:react-router/server-build'));
    app.addHook('onClose', () => server.close());
  } else {
    if (!fs.existsSync(serverBuildFile)) {
      throw new Error(`The front end is not built (${serverBuildFile} is missing). Run "npm run build" first.`);
    }
    const build = serverBuild(await import(pathToFileURL(serverBuildFile).href));
    loadBuild = async () => build;
    publicEntry = readPublicEntry();
    await app.register(fastifyStatic, {
      root: clientBuildDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // the public scripts and styles as compressed at build time (scripts/precompress-assets.mjs)
      preCompressed: true,
      cacheControl: false, // set in setHeaders: hashed assets are immutable
      setHeaders: (res, filePath) => {
        const immutable = filePath.startsWith(path.join(clientBuildDir, 'assets'));
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // one URL, an encoding per client: a shared cache keeps each apart
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  let handler: ReturnType<typeof createRequestHandler> | null = null;
  const pages = new PageCache(services.contentVersion);
  // page views of visitors (null with ANALYTICS=false): counted in memory as each page is sent
  const visits = services.visits;
  const sharedPage = sharedCacheControl(services.env);
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
      body = Buffer.from(html);
    }
    const shareable = context.failedReads === 0 && !response.headers.has('set-cookie');
    // a page kept here may be kept by a shared cache too; a page with an error state not even by a browser
    if (headers['content-type']?.startsWith('text/html'))
      headers['cache-control'] ??= !shareable ? 'no-store' : response.status === 200 ? sharedPage : 'no-cache';
    return { status: response.status, headers, body, shareable };
  };

  /** Any other page (admin, and everything in development): rendered per request with a fresh nonce, streamed. */
  const renderOwn = async (
    request: Request,
    reply: FastifyReply,
    previews: Pick<WebLoadContext, 'previewId' | 'livePreview' | 'draftPreview' | 'documentPreview' | 'languageLinks'> = {},
    /** Rewrites an HTML page before it is sent (it is then read whole instead of streamed). */
    rewriteHtml?: (html: string) => string,
  ) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const about = previews.documentPreview?.about;
    if (about) {
      // a preview of the About content shows its hero as visitors would see it: no alt text of its own reads as the library's
      const shown = shownAbout(about, await services.content.mediaIndex.lookup());
      previews = { ...previews, documentPreview: { ...previews.documentPreview, about: shown } };
    }
    const response = await render(request, { services, nonce, failedReads: 0, log: reply.log, publicEntry, ...previews });
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      reply.headers(PAGE_HEADERS).header('content-security-policy', pageCsp({ nonce }, development));
    }
    // admin screens, a staff preview, a form's reply: for one person, kept by no cache
    reply.header('cache-control', PERSONAL);
    if (rewriteHtml && response.headers.get('content-type')?.startsWith('text/html')) return reply.send(rewriteHtml(await response.text()));
    // @fastify/compress encodes the stream on its way out
    return reply.send(response.body);
  };

  // a cached page ready to serve (PageCache.ready), asked without a query or credentials, is answered before the router (early-replies.ts)
  if (!development)
    app.early.add({
      route: '/*',
      find: (target) => pages.ready(target),
      sent: (target, page, asker) => {
        // an HTML page is a visit (not a data reply, robots.txt or the sitemap), as sendPrepared counts it
        if (visits && page.html) visits.view(asker.headers, asker.address(), target, '');
      },
    });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // in development Vite answers its own paths (modules, HMR) and passes the rest on
    onRequest: viteMiddleware ? (request, reply, done) => viteMiddleware(request.raw, reply.raw, done) : undefined,
    handler: (request, reply) => {
      const { pathname, search } = requestTarget(request.url);
      // a public page without a query, from the cache at once (no promise when ready); over a socket, an anonymous
      // request for a ready one was answered before the router (early-replies.ts), so this is one to render or wait
      // for, a request with credentials, or one while the server stops
      if (!development && search.length <= 1 && PageCache.isCacheable(pathname)) {
        const found = pages.getOrRender(pathname, () => renderShared(pathname, 'GET'));
        if (!(found instanceof Promise)) return void sendPrepared(request, reply, found, false, visits, pathname, search);
        return found.then((page) => sendPrepared(request, reply, page, false, visits, pathname, search));
      }
      return servePage(request, reply, pathname, search);
    },
  });

  /** A page asked with a query (a staff preview among them), an uncacheable page, or any page in development. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply, pathname: string, search: string) => {
    const cacheable = PageCache.isCacheable(pathname);
    const previewId = cacheable ? await staffPreview(services, request, search) : undefined;
    if (!development && !previewId && cacheable) {
      const key = PageCache.key(pathname, search);
      const found = pages.getOrRender(key, () => renderShared(key, 'GET'));
      // a preview link a visitor follows shows them the public page, but no shared cache may keep it: staff get another page at that URL
      const personal = search.includes('preview=');
      return sendPrepared(
        request,
        reply,
        found instanceof Promise ? await found : found,
        personal,
        personal ? null : visits,
        pathname,
        search,
      );
    }
    const controller = new AbortController();
    reply.raw.once('close', () => controller.abort());
    return renderOwn(
      pageRequest(origin + pathname + search, { method: request.method, headers: forwardedHeaders(request), signal: controller.signal }),
      reply,
      { previewId },
    );
  };

  registerLivePreview(app, services, (request, reply, pagePath, preview) =>
    renderOwn(pageRequest(origin + pagePath, { method: 'GET', headers: forwardedHeaders(request) }), reply, preview),
  );

  // a preview link of a draft: whoever holds it sees the item's page with the draft in place, never indexed or kept by a cache;
  // in each language under its prefix (/kn/preview/<token>), its language switcher leading to the same preview
  // a wildcard, not a :token parameter: Fastify matches parameters of at most 100 characters, and a token is longer
  for (const { code } of LANGUAGES)
    app.get<{ Params: { '*': string } }>(previewLinkPath('*', code), async (request, reply) => {
      const token = request.params['*'];
      reply.header('x-robots-tag', 'noindex');
      const preview = token.length <= MAX_PREVIEW_TOKEN ? await services.previewLinks.open(token) : null;
      if (!preview) return reply.code(410).header('cache-control', PERSONAL).type('text/html; charset=utf-8').send(REFUSED_PREVIEW_PAGE);
      // a document's draft shows on its page in place of the stored document; an item's in its place in its list
      const [pagePath, previews] =
        'document' in preview
          ? [DOCUMENT_PREVIEW_PAGES[preview.document], { documentPreview: preview.values }]
          : [services.content.resources.get(preview.key).def.publicPage, { draftPreview: preview }];
      return renderOwn(
        // the link's query is the page's (a gallery filter chosen on it): the page reads it as on its public address
        pageRequest(origin + localizedPath(pagePath, code) + requestTarget(request.url).search, {
          method: 'GET',
          headers: forwardedHeaders(request),
        }),
        reply,
        { ...previews, languageLinks: previewLinkPaths(token) },
        (html) => withPreviewToken(html, preview.images, token),
      );
    });

  // The contact form without JavaScript posts here (form-encoded, small, rate limited like /api/user)
  // and the contact route's action answers; with JavaScript the page sends to /api/user instead.
  // The project form always posts here.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CONTACT_FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // the contact form, and the project form a project's call to action opens (issue 26): one flood limit for both
    for (const formPage of LANGUAGES.flatMap(({ code }) => FORM_PAGES.map((path) => localizedPath(path, code))))
      scope.post(formPage, { onRequest: contactRateLimit(services) }, async (request, reply) => {
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
 * The `preview` query parameter of a public page, when the request comes from staff who may see
 * hidden content; for anyone else it is ignored (the visitor's page, from the cache).
 */
async function staffPreview(services: Services, request: FastifyRequest, search: string): Promise<string | undefined> {
  const previewId = new URLSearchParams(search).get('preview');
  if (!previewId) return undefined;
  return (await seesWithheldContent(services.auth, request)) ? previewId : undefined;
}

const CONTACT_FORM_BODY_LIMIT = 16 * 1024;
/** The public pages whose forms post without JavaScript, each in every language (the server is bundled without Vite and cannot read the definitions). */
const FORM_PAGES = ['/contact', '/enquire'] as const;
/** What the page render needs from the request's headers (never Host: the origin is ours). */
// the Referer: the page a form posted without JavaScript was sent from (its path only is kept)
const FORWARDED_HEADERS = ['content-type', 'accept', 'accept-language', 'user-agent', 'referer'] as const;

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

/** What a page reached through a preview link is sent with: no shared cache may keep it. */
const PERSONAL_PAGE = { 'cache-control': PERSONAL };

/** A prepared page: 304 for a matching ETag, else the stored bytes in the best encoding the client takes; a visitor's view is counted. */
function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PreparedPage,
  personal: boolean,
  visits: VisitCounter | null = null,
  pathname = '',
  search = '',
) {
  if (visits && page.status === 200 && request.method === 'GET' && page.html) visits.view(request.headers, request.ip, pathname, search);
  return sendReady(request, reply, page, personal ? PERSONAL_PAGE : undefined);
}

/** A preview token is a short JWT; anything far longer is no token of ours and is not even checked. */
const MAX_PREVIEW_TOKEN = 1000;

/** What a refused preview link opens: a plain page (its status, 410, tells a program the same). */
const REFUSED_PREVIEW_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${previewLinkMessages.refusedTitle}</title></head>
<body><main><h1>${previewLinkMessages.refusedTitle}</h1><p>${previewLinkMessages.refused}</p><p><a href="/">Home</a></p></main></body></html>
`;

/**
 * The draft's own images are withheld from visitors until it is published: on the preview page their URLs carry
 * the token, which /uploads accepts for the images of that draft alone (serve-uploads.ts).
 */
function withPreviewToken(html: string, images: string[], token: string): string {
  const query = `?preview=${encodeURIComponent(token)}`;
  let result = html;
  for (const url of images) {
    const image = parseImageUrl(url);
    if (!image) continue;
    const base = image.base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(`(${base}(?:-\\d+)?\\.(?:webp|avif))`, 'g'), `$1${query}`);
  }
  return result;
}
