/**
 * The one access-log line per request, at info: method, path (no query: it may carry visitors' data),
 * status and time. It is the line pino writes for the request's logger (same fields, same order, same
 * destination) but put together here: pino's general path (fields walked and serialized one by one for
 * each call) was the largest piece of our own work on a cached reply. A logger that is not a plain pino
 * logger gets the line through its `info`.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';

type AccessLogHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;
/** Writes one request's line; `url` may hold a query (it is left out). */
export type AccessLine = (id: string, method: string, url: string, status: number, ms: number) => void;

/** pino's numeric value of `info`. */
const INFO = 30;

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/** The access-log line writer of a logger (the one line of every request, Fastify's and early-replies.ts's). */
export function accessLine(log: FastifyBaseLogger): AccessLine {
  const destination: unknown = Reflect.get(log, pino.symbols.streamSym);
  const bindings: unknown = Reflect.get(log, pino.symbols.chindingsSym);
  const time: unknown = Reflect.get(log, pino.symbols.timeSym);
  const write: unknown = typeof destination === 'object' && destination !== null ? Reflect.get(destination, 'write') : undefined;
  const rounded = (ms: number) => Math.round(ms * 10) / 10;

  if (typeof write !== 'function' || typeof bindings !== 'string' || typeof time !== 'function') {
    return (id, method, url, status, ms) =>
      log.child({ reqId: id }).info({ method, path: pathOf(url), status, ms: rounded(ms) }, 'request');
  }
  return (id, method, url, status, ms) => {
    const line =
      `{"level":${INFO}${String(time())}${bindings},"reqId":${JSON.stringify(id)},"method":${JSON.stringify(method)},` +
      `"path":${JSON.stringify(pathOf(url))},"status":${status},"ms":${rounded(ms)},"msg":"request"}\n`;
    Reflect.apply(write, destination, [line]);
  };
}

export function accessLogHook(line: AccessLine): AccessLogHook {
  return (request, reply, done) => {
    line(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  };
}
