/** Hands a claimed mail to the SMTP server SMTP_URL names (nodemailer), within time limits. */
import nodemailer from 'nodemailer';
import type { SmtpSettings } from './mail-settings';

/** How long each step with the mail server may take: a server that stops answering fails the attempt, never holds the worker. */
export interface SmtpTimeouts {
  /** to open the connection (TCP and, for smtps, TLS) */
  connectionMs: number;
  /** for the server's greeting once connected */
  greetingMs: number;
  /** of silence at any point after that (every command, the message's data) */
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** A queued mail as the mail server gets it: recipients, subject and body as queued, the From of the settings at send time. */
export interface SmtpMail {
  from: string;
  /** Addresses, comma separated. */
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
}

/** Sends one mail; resolves once the server accepted it for at least one recipient, rejects otherwise. */
export type SendMail = (mail: SmtpMail) => Promise<void>;

export function createSmtpSender(smtp: SmtpSettings, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): SendMail {
  // one connection per mail (no pool): alerts come a few an hour, and nothing stays open to go stale
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.auth,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    // the message is built from our strings only: no file or URL is ever read into it
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return async (mail) => {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      // the same on every attempt: a resend after a crash is the same message to the receiving side
      messageId: mail.messageId,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  };
}
