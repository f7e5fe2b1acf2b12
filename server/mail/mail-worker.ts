/**
 * Sends the mails of mail_outbox: claims one at a time, hands it to the mail server, and marks it
 * sent in the statement that ends the claim. A failure is retried with exponential backoff (capped)
 * until the mail has waited `giveUpAfterMs`; then it is marked failed and logged at error level.
 *
 * Delivery is at least once, and twice only in one window: the mail server accepted a mail and this
 * process died (or lost the database for longer than the lease) before the mark was committed. The
 * resend carries the same Message-ID, so it is recognisable as the same mail (and many servers drop it).
 */
import { LeasedWorker, type WorkerLog } from '../leased-worker';
import type { Services } from '../services';
import type { ClaimedMail, MailOutbox } from './mail-outbox';
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

export class MailWorker extends LeasedWorker {
  private sentCount = 0;

  constructor(
    private readonly deps: MailWorkerDeps,
    private readonly options: MailWorkerOptions = DEFAULT_MAIL_WORKER,
  ) {
    const { outbox, singleProcess, log } = deps;
    super({
      name: 'mail outbox',
      table: { subscribe: (listener) => outbox.onQueued(listener), releaseAllLeases: () => outbox.releaseAllLeases() },
      pollMs: options.pollMs,
      singleProcess,
      log,
    });
  }

  /** Mails this worker handed to the mail server and marked sent. */
  get sent(): number {
    return this.sentCount;
  }

  protected async round(): Promise<boolean> {
    const { outbox, log } = this.deps;
    for (const mail of await outbox.failExpired(this.options.giveUpAfterMs)) {
      log.error({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: mail.lastError }, 'mail given up: never sent');
    }
    const mail = await outbox.claim(this.options.leaseMs);
    if (!mail) return false;
    await this.holding(() => this.process(mail));
    return true;
  }

  private async process(mail: ClaimedMail): Promise<void> {
    const { outbox, log } = this.deps;
    // the lease outlives any one SMTP step; renewed while the server talks, so no other worker takes the mail meanwhile
    const renewal = setInterval(() => void outbox.renew(mail, this.options.leaseMs).catch(() => {}), this.options.leaseMs / 3);
    try {
      if (this.stopping) return await outbox.release(mail);
      try {
        await this.deps.send(mail);
      } catch (error) {
        clearInterval(renewal);
        const giveUp = Date.now() - mail.createdAt.getTime() + retryDelay(mail.attempts, this.options) > this.options.giveUpAfterMs;
        const outcome = await outbox.fail(mail, error, retryDelay(mail.attempts, this.options), giveUp);
        const details = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: error };
        if (outcome === 'failed') log.error(details, 'mail given up: the mail server did not take it');
        else if (outcome === 'retry') log.warn(details, 'mail not sent; will retry');
        return;
      }
      clearInterval(renewal);
      if (await this.markSent(mail)) this.sentCount += 1;
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * Marks a mail the server accepted, trying again for one lease while the database refuses: until
   * the mark is committed, a crash or another instance would send it again.
   */
  private async markSent(mail: ClaimedMail): Promise<boolean> {
    const deadline = Date.now() + this.options.leaseMs;
    for (;;) {
      try {
        return await this.deps.outbox.markSent(mail);
      } catch (error) {
        if (Date.now() > deadline) {
          this.deps.log.error({ mailId: mail.id, kind: mail.kind, err: error }, 'mail sent but not marked; it may be sent again');
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
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
