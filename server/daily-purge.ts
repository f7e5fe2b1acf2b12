/**
 * A purge run at start, then once a day, until stopped (the audit log's AUDIT_DAYS, the trash's
 * TRASH_DAYS, the webhook log's 30 days, follow-up reminder rows after 30 days, visit counts after 25 months). Several instances may purge at once: each deletes by the same cutoff, and rows one has
 * deleted the other no longer finds. A failed run is only logged: the next one tries again. The same
 * runner, every minute, schedules the follow-ups' morning reminders (docs/decisions/0040).
 */
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from './errors';

const DAY_MS = 86_400_000;

interface DailyPurge {
  /** Deletes what is past its time; returns how many it removed. */
  purge: () => Promise<number>;
  /** The log line of a run that removed something. */
  removed: (count: number) => string;
  /** The log line of a run that failed. */
  failed: string;
}

export function scheduleDailyPurge({ purge, removed, failed }: DailyPurge, log: FastifyBaseLogger, everyMs = DAY_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = purge().then(
      (count) => {
        if (count > 0) log.info({ removed: count }, removed(count));
      },
      (error: unknown) => log.warn({ err: loggableError(error) }, failed),
    );
  };
  run();
  timer = setInterval(run, everyMs);
  timer.unref();
  return {
    /** Stops the schedule and waits for a run in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
