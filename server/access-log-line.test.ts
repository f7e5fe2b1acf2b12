// engine-independent: formats a log line in memory; no database
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLine, accessLogHook } from './access-log';
import { logSerializers } from './logger';

/** A pino logger as the server makes it, writing into `lines`. */
function logger(lines: string[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return pino({ level: 'info', serializers: logSerializers }, stream);
}

describe('the access-log line', () => {
  it('is the line pino writes for the request’s logger, field for field', async () => {
    const lines: string[] = [];
    const log = logger(lines);
    const hook = accessLogHook(accessLine(log));
    for (const url of ['/', '/gallery?category=Doors&utm_source=x', '/a%22b\\c?q="', '/ಕನ್ನಡ']) {
      const request = { id: 'req-7', method: 'GET', url, log: log.child({ reqId: 'req-7' }) };
      const reply = { statusCode: 200, elapsedTime: 1.26 };
      await new Promise<void>((done) => Reflect.apply(hook, undefined, [request, reply, done]));
      request.log.info({ method: 'GET', path: url.split('?')[0], status: 200, ms: 1.3 }, 'request');
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(8);
    const withoutTime = (line: string) => {
      const { time, ...rest } = JSON.parse(line) as { time: number };
      expect(time).toBeGreaterThan(0);
      return JSON.stringify(rest);
    };
    for (let i = 0; i < lines.length; i += 2) {
      expect(withoutTime(lines[i])).toBe(withoutTime(lines[i + 1]));
      expect(JSON.parse(lines[i])).toMatchObject({ level: 30, reqId: 'req-7', method: 'GET', status: 200, ms: 1.3, msg: 'request' });
      expect(JSON.parse(lines[i]).path).not.toContain('?');
    }
  });
});
