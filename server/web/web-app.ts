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
import { clientBuildDir, projectRoot, serverBuildFile } from '../paths';
import type { Services } from '../services';

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
  const listener = createRequestListener(async (request) => {
    handler ??= createRequestHandler(await loadBuild(), development ? 'development' : 'production');
    if (development) handler = createRequestHandler(await loadBuild(), 'development'); // pick up edits
    const nonce = crypto.randomBytes(16).toString('base64');
    const context: WebLoadContext = { services, nonce };
    const response = await handler(request, context as never);
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('text/html')) {
      response.headers.set('content-security-policy', pageCsp(nonce, development));
      response.headers.set('x-content-type-options', 'nosniff');
      response.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
      if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-cache');
      if (response.body && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
        const headers = new Headers(response.headers);
        headers.set('content-encoding', 'gzip');
        headers.append('vary', 'Accept-Encoding');
        headers.delete('content-length');
        return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, headers });
      }
    }
    return response;
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => {
      reply.hijack();
      if (viteMiddleware) viteMiddleware(request.raw, reply.raw, () => listener(request.raw, reply.raw));
      else listener(request.raw, reply.raw);
    },
  });
}
