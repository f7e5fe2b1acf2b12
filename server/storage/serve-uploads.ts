/**
 * /uploads/<name>: stored image renditions, immutable, with the same headers wherever they live.
 * Local disk goes through fastify-static (sendfile, ranges); a bucket is streamed through the
 * server, so image URLs and a CDN in front stay the same on every instance. The images of hidden
 * and trashed items are for staff only: a visitor gets 404, staff (and a draft's preview link, for its own
 * images) get them kept by no cache.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth';
import { seesWithheldContent } from '../auth/require-admin';
import { apiMessages } from '../../shared/api-messages';
import { redirectPendingRendition, storedUrlOf } from '../images/pending-renditions';
import type { RenditionJobs } from '../images/rendition-jobs';
import { contentTypeOf, type Storage, type StoredBody } from './storage';

/** Names our image pipeline stores: a rendition in WebP or AVIF, nothing else is ever served. */
const UPLOAD_NAME = /^[a-z0-9_-]+\.(webp|avif)$/;
/** A stored file never changes under its name (how long caches keep it: reply-headers.ts), and a browser must not sniff it into something runnable. */
function uploadHeaders(cacheControl: string): Record<string, string> {
  return {
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
}

/**
 * The one answer for a request under /uploads that names no stored file: a missing file, or a name
 * that may not be served at all (`name` is then null). Both storages and unmatched paths end here:
 * a rendition still being made in the background redirects to the stored URL, an earlier URL of a library
 * image (its files gone) for good to the same rendition of the image's current URL, anything else is a 404.
 */
async function answerMissingUpload(jobs: RenditionJobs, access: UploadAccess, name: string | null, reply: FastifyReply) {
  if (name === null) return reply.code(404).send({ success: false, message: apiMessages.notFound });
  if (await redirectPendingRendition(jobs, name, reply)) return reply;
  const storedUrl = storedUrlOf(name);
  const moved = storedUrl && (await access.aliasRedirect(storedUrl, `/uploads/${name}`));
  // kept as briefly as a page: a later replace moves the image again
  if (moved) return reply.code(301).header('location', moved).header('cache-control', access.redirectCacheControl).send();
  return reply.code(404).send({ success: false, message: apiMessages.notFound });
}

/** The servable file name of a request under /uploads, or null. */
function uploadNameOf(url: string): string | null {
  const path = url.split('?')[0];
  const name = path.startsWith('/uploads/') ? path.slice('/uploads/'.length) : '';
  return UPLOAD_NAME.test(name) ? name : null;
}

/** Who may see which stored file: the names withheld from visitors (ContentReads.withheldNames), and the staff who may see them. */
export interface UploadAccess {
  withheldNames(): Promise<Set<string>>;
  auth: Auth;
  /** Whether a draft's preview link (its token) shows the file: a withheld image of that draft alone. */
  previewShows(token: string, name: string): Promise<boolean>;
  /** Where a rendition of an alias goes (media-aliases.ts), or null when `storedUrl` is no alias. */
  aliasRedirect(storedUrl: string, requested: string): Promise<string | null>;
  /** The cache policy of that redirect: a page's (short, shared), never an image's immutable one. */
  redirectCacheControl: string;
}

export async function registerUploads(
  app: FastifyInstance,
  storage: Storage,
  jobs: RenditionJobs,
  access: UploadAccess,
  cacheControl: string,
): Promise<void> {
  const headers = uploadHeaders(cacheControl);
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((request, reply) => answerMissingUpload(jobs, access, uploadNameOf(request.url), reply));
      const withheld = new WeakSet<FastifyRequest>();
      // before either storage answers: a visitor's request costs one set lookup
      scope.addHook('onRequest', async (request, reply) => {
        const name = uploadNameOf(request.url);
        if (name === null || !(await access.withheldNames()).has(name)) return;
        withheld.add(request);
        if (await seesWithheldContent(access.auth, request)) return;
        const token = new URLSearchParams(request.url.split('?')[1] ?? '').get('preview');
        if (token && (await access.previewShows(token, name))) return;
        return reply.code(404).send({ success: false, message: apiMessages.notFound });
      });
      scope.addHook('onSend', async (request, reply, payload) => {
        // for staff alone and kept by no cache (a shared one would hand it to visitors), over the immutable headers both storages set
        if (withheld.has(request)) reply.header('cache-control', 'private, no-store');
        return payload;
      });
      if (storage.root !== null) {
        await scope.register(fastifyStatic, {
          root: storage.root,
          prefix: '/',
          decorateReply: false,
          wildcard: true,
          index: false,
          dotfiles: 'deny',
          cacheControl: false, // set in setHeaders: uploads never change
          allowedPath: (pathName) => UPLOAD_NAME.test(pathName.slice(1)),
          setHeaders: (res) => {
            for (const [header, value] of Object.entries(headers)) res.setHeader(header, value);
          },
        });
        return;
      }
      scope.route<{ Params: { '*': string } }>({
        method: ['GET', 'HEAD'],
        // a wildcard, as fastify-static's: every path below /uploads is answered here, never by the page routes
        url: '/*',
        handler: async (request, reply) => {
          const name = request.params['*'];
          if (!UPLOAD_NAME.test(name)) return answerMissingUpload(jobs, access, null, reply);
          const body = await storage.read(name);
          if (!body) return answerMissingUpload(jobs, access, name, reply);
          return sendStored(name, body, request, reply.headers(headers));
        },
      });
    },
    { prefix: '/uploads' },
  );
}

/** A file from the bucket: 200 with its bytes, or 304 when the client's copy is current. */
function sendStored(name: string, body: StoredBody, request: FastifyRequest, reply: FastifyReply) {
  if (body.etag) reply.header('etag', body.etag);
  if (body.modified) reply.header('last-modified', body.modified.toUTCString());
  if (isNotModified(request, body)) {
    body.stream.destroy();
    return reply.code(304).send();
  }
  reply.header('content-type', contentTypeOf(name)).header('content-length', String(body.size));
  if (request.method === 'HEAD') {
    body.stream.destroy();
    return reply.send();
  }
  return reply.send(body.stream);
}

/** If-None-Match decides when sent (weak comparison, as for GET); otherwise If-Modified-Since. */
function isNotModified(request: FastifyRequest, body: StoredBody): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (!body.etag) return false;
    const tag = body.etag.replace(/^W\//, '');
    return ifNoneMatch.split(',').some((candidate) => {
      const trimmed = candidate.trim();
      return trimmed === '*' || trimmed.replace(/^W\//, '') === tag;
    });
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined || !body.modified) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(body.modified.getTime() / 1000) * 1000 <= since;
}
