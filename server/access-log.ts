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

/** pino's numeric value of `info`. */
const INFO = 30;

export function accessLogHook(log: FastifyBaseLogger): AccessLogHook {
  const destination: unknown = Reflect.get(log, pino.symbols.streamSym);
  const bindings: unknown = Reflect.get(log, pino.symbols.chindingsSym);
  const time: unknown = Reflect.get(log, pino.symbols.timeSym);
  const write: unknown = typeof destination === 'object' && destination !== null ? Reflect.get(destination, 'write') : undefined;
  const pathOf = (url: string) => {
    const query = url.indexOf('?');
    return query < 0 ? url : url.slice(0, query);
  };
  const ms = (reply: FastifyReply) => Math.round(reply.elapsedTime * 10) / 10;

  if (typeof write !== 'function' || typeof bindings !== 'string' || typeof time !== 'function') {
    return (request, reply, done) => {
      request.log.info({ method: request.method, path: pathOf(request.url), status: reply.statusCode, ms: ms(reply) }, 'request');
      done();
    };
  }
  return (request, reply, done) => {
    const line =
      `{"level":${INFO}${String(time())}${bindings},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},` +
      `"path":${JSON.stringify(pathOf(request.url))},"status":${reply.statusCode},"ms":${ms(reply)},"msg":"request"}\n`;
    Reflect.apply(write, destination, [line]);
    done();
  };
}
