/**
 * A real SMTP server on loopback (the smtp-server package) for tests: it asks for a login, keeps
 * every message it accepts (raw and parsed), and can be stopped and started again on the same port,
 * as a mail server that goes down and comes back.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: what the client said in MAIL FROM and RCPT TO (Bcc included, headers aside). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Who logged in to send it. */
  user: string | undefined;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpTestServer {
  port: number;
  /** SMTP_URL for this server, with its login (the password has characters that must be percent-encoded). */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the received mails once there are at least `count`; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Closes the listener and every open connection: clients now get "connection refused". */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export const SMTP_LOGIN = { user: 'alerts', pass: 'p@ss:w/rd' };

/** `port`: a fixed one (the browser tests' mail sink); by default any free one. */
export async function startSmtpServer(port = 0): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;

  const listen = async () => {
    const instance = new SMTPServer({
      // plain text on loopback: no STARTTLS, so no test certificate; the login is allowed over it
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 100,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_LOGIN.user && auth.password === SMTP_LOGIN.pass) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              received.push({
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                envelopeTo: session.envelope.rcptTo.map((to) => to.address),
                user: typeof session.user === 'string' ? session.user : undefined,
                raw,
                parsed,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    port = (instance.server.address() as AddressInfo).port;
    server = instance;
  };

  await listen();
  const url = `smtp://${SMTP_LOGIN.user}:${encodeURIComponent(SMTP_LOGIN.pass)}@127.0.0.1:${port}`;
  return {
    port,
    url,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} mails received after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    async stop() {
      const instance = server;
      server = null;
      if (instance) await new Promise<void>((resolve) => instance.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
