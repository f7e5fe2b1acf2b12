/**
 * Keeps the audit log to AUDIT_DAYS: a purge at start, then once a day. Several instances may
 * purge at once: each deletes by the same cutoff, and rows one has deleted the other no longer finds.
 */
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../errors';
import type { AuditService } from './audit-service';

const DAY_MS = 86_400_000;

export function createAuditPurge(audit: AuditService, log: FastifyBaseLogger, everyMs = DAY_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = audit.purge().then(
      (removed) => {
        if (removed > 0) log.info({ removed }, `Audit log: removed ${removed} entries older than AUDIT_DAYS`);
      },
      // the next run tries again; the log only grows a day longer meanwhile
      (error: unknown) => log.warn({ err: loggableError(error) }, 'Audit log purge failed'),
    );
  };
  return {
    start() {
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    },
    /** Stops the schedule and waits for a purge in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
