// engine-independent: a bare Fastify app with the server's request-logger factory; no database
/**
 * A request's logger is made on its first use (logger.ts, deferredRequestLogger): a request that logs
 * nothing costs no pino child, and one that logs writes the same line, with its request id, as before.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { deferredRequestLogger, logSerializers } from './logger';

async function appWithLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ level: 'info', serializers: logSerializers }, stream);
  const child = vi.spyOn(log, 'child');
  const app = Fastify({ loggerInstance: log, disableRequestLogging: true, childLoggerFactory: deferredRequestLogger });
  app.get('/quiet', async (request) => ({ level: request.log.level }));
  app.get('/loud', async (request) => {
    request.log.warn({ item: 7 }, 'something to say');
    request.log.child({ step: 'inner' }).info('and more');
    return {};
  });
  await app.ready();
  // Fastify makes children of its own as it starts: count from here
  const before = child.mock.calls.length;
  return { app, lines, children: () => child.mock.calls.length - before };
}

describe('a request’s logger', () => {
  it('is not made for a request that logs nothing', async () => {
    const { app, lines, children } = await appWithLines();
    for (let i = 0; i < 5; i++) {
      const reply = await app.inject('/quiet');
      expect(reply.json()).toEqual({ level: 'info' });
    }
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes what a request logs with its request id, and its children add their bindings', async () => {
    const { app, lines, children } = await appWithLines();
    await app.inject('/loud');
    await new Promise((resolve) => setImmediate(resolve));
    // the request's own, then the child it asked for
    expect(children()).toBe(2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, reqId: 'req-1', item: 7, msg: 'something to say' });
    expect(lines[1]).toMatchObject({ level: 30, reqId: 'req-1', step: 'inner', msg: 'and more' });
    await app.close();
  });
});
