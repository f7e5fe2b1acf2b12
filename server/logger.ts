/**
 * The server process's one logger: pino, as Fastify uses it. index.ts makes it before anything
 * else and hands it to the app, so start-up, requests, page renders and the stop write one stream.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

/** LOG_LEVEL's names (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** JSON lines at `level` on stdout, or on `stream` (tests read what would be logged). */
export function createLogger(level: LogLevel, stream?: NodeJS.WritableStream): Logger {
  return stream ? pino({ level }, stream) : pino({ level });
}

/**
 * Start and stop messages (the URL, the first admin, the stop) are written at info even when
 * LOG_LEVEL=warn trims the access log: an operator and a supervisor must still see them.
 */
export function lifecycleLogger(log: Logger): Logger {
  return log.isLevelEnabled('info') || log.level === 'silent' ? log : log.child({}, { level: 'info' });
}
