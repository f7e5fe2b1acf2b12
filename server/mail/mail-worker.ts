/**
 * Sends the mails of mail_outbox, a kind of job on the one job queue (server/jobs): claims one at a
 * time, hands it to the mail server, and marks it sent in the statement that ends the claim. A failure
 * is retried with exponential backoff (capped) until the mail has waited `giveUpAfterMs`; then it is
 * marked failed and logged at error level.
 *
 * Delivery is at least once, and twice only in one window: the mail server accepted a mail and this
 * process died (or lost the database for longer than the lease) before the mark was committed. The
 * resend carries the same Message-ID, so it is recognisable as the same mail (and many servers drop it).
 */
import { mailOutbox } from '../db/schema';
import type { JobKind } from '../jobs/job-kind';
import { JobWorker, type HeldJob, type WorkerLog } from '../jobs/job-worker';
import type { Services } from '../services';
import { addressed, type MailOutbox, type OutboxMail } from './mail-outbox';
import { createSmtpSender, DEFAULT_SMTP_TIMEOUTS, type SendMail, type SmtpTimeouts } from './mailer';

export interface MailWorkerOptions {
  /** How long a claim holds without renewal; renewed every third of that while the mail server talks. */
  leaseMs: number;
  /** How often an idle worker looks for mails other processes queued (this process's own wake it at once). */
  pollMs: number;
  /** Wait before the first retry; each next one waits twice as long, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A mail not sent this long after it was queued is given up (failed, logged). */
  giveUpAfterMs: number;
  smtpTimeouts: SmtpTimeouts;
}

/**
 * Retries after 30 s, 1, 2, 4, 8 min, then every 10 min, for 2 days: a mail server down for an hour
 * delays alerts by at most 10 minutes after it is back, and a weekend's outage loses nothing.
 */
export const DEFAULT_MAIL_WORKER: MailWorkerOptions = {
  leaseMs: 60_000,
  pollMs: 5_000,
  retryBaseMs: 30_000,
  retryMaxMs: 10 * 60_000,
  giveUpAfterMs: 2 * 24 * 3_600_000,
  smtpTimeouts: DEFAULT_SMTP_TIMEOUTS,
};

export interface MailWorkerDeps {
  outbox: MailOutbox;
  send: SendMail;
  /** The embedded database has one process: every lease found at start is a dead claim of this one. */
  singleProcess: boolean;
  log: WorkerLog;
}

/** The wait before retry number `attempts` (1 after the first failure). */
export function retryDelay(attempts: number, options: Pick<MailWorkerOptions, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), options.retryMaxMs);
}

export class MailWorker extends JobWorker<OutboxMail> {
  constructor(
    private readonly deps: MailWorkerDeps,
    options: MailWorkerOptions = DEFAULT_MAIL_WORKER,
  ) {
    super({
      name: 'mail outbox',
      queue: deps.outbox,
      leaseMs: options.leaseMs,
      pollMs: options.pollMs,
      retry: { delayMs: (attempts) => retryDelay(attempts, options), giveUpAfterMs: options.giveUpAfterMs },
      messages: {
        retry: 'mail not sent; will retry',
        failed: 'mail given up: the mail server did not take it',
        stale: 'mail given up: never sent',
        staleError: 'never sent',
        notMarked: 'mail sent but not marked; it may be sent again',
      },
      describe: (mail) => ({ mailId: mail.id, kind: mail.kind }),
      singleProcess: deps.singleProcess,
      log: deps.log,
    });
  }

  /** Mails this worker handed to the mail server and marked sent. */
  get sent(): number {
    return this.jobsDone;
  }

  protected async handle(held: HeldJob<OutboxMail>): Promise<void> {
    const mail = held.job;
    const from = this.deps.outbox.settings?.from;
    if (!from) throw new Error('SMTP_URL is not set');
    // the lease outlives any one SMTP step; renewed while the server talks, so no other worker takes the mail meanwhile
    await this.deps.send(addressed(mail, from));
    // marked sent whoever holds it now: a mail that went out is sent
    await held.complete();
  }
}

/** The mail worker of one server process, on its services; null when SMTP_URL is unset (nothing is ever queued). */
export function createMailWorker(services: Services, log: WorkerLog, options: MailWorkerOptions = DEFAULT_MAIL_WORKER): MailWorker | null {
  const settings = services.mail.settings;
  if (!settings) return null;
  return new MailWorker(
    {
      outbox: services.mail,
      send: createSmtpSender(settings.smtp, options.smtpTimeouts),
      singleProcess: services.database.kind === 'pglite',
      log,
    },
    options,
  );
}

/** Mails: left out of backups, since a restored copy would send the replaced site's pending mails a second time. */
export const mailJobKind: JobKind = {
  name: 'mail',
  table: mailOutbox,
  backup: 'left out',
  queue: (services) => services.mail,
  createWorker: (services, log) => createMailWorker(services, log),
};
