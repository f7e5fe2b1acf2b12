/**
 * SMTP_URL, MAIL_FROM and NOTIFY_EMAIL, read at start: a value we cannot use stops the start with
 * a message naming the setting (never the SMTP password), rather than alerts that silently never leave.
 */

/** The mail server mails are handed to. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte (port 465); smtp:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
}

export interface MailSettings {
  smtp: SmtpSettings;
  /** The From of every mail: an address, or `Name <address>`. */
  from: string;
  /** Who is told of new enquiries (NOTIFY_EMAIL); empty: no alerts, account mails only. */
  notify: string[];
}

/**
 * One plain address: ASCII local part without quotes, commas or angle brackets, and a host name with
 * a dot. Stricter than RFC 5322 on purpose: what passes can go into a header as it is.
 */
const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const MAX_ADDRESS_LENGTH = 254;

export const isPlainAddress = (value: string) => value.length <= MAX_ADDRESS_LENGTH && PLAIN_ADDRESS.test(value);

/** The SMTP URL as it may be shown: its password replaced. */
function shown(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    // unreadable: the part after a colon before an @ may still be a password
    return raw.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
  }
}

function parseSmtpUrl(raw: string): SmtpSettings {
  const fail = (why: string): never => {
    throw new Error(`SMTP_URL must be smtp://user:password@host:port or smtps://…; ${why}, got "${shown(raw)}"`);
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('it is not a URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') fail('the scheme must be smtp or smtps');
  if (!url.hostname) fail('the host is missing');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) fail('it takes no path, query or fragment');
  if (url.password && !url.username) fail('a password needs a user name');
  const secure = url.protocol === 'smtps:';
  let user = '';
  let pass = '';
  try {
    user = decodeURIComponent(url.username);
    pass = decodeURIComponent(url.password);
  } catch {
    fail('the user name or password is not correctly percent-encoded');
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass } : undefined,
  };
}

/** MAIL_FROM: `address` or `Name <address>`, the name without quotes, brackets or line breaks. */
function parseMailFrom(raw: string): string {
  const value = raw.trim();
  const named = /^([^<>"\r\n\t\\]*?)\s*<([^<>]+)>$/.exec(value);
  const address = named ? named[2].trim() : value;
  if (!isPlainAddress(address)) {
    throw new Error(`MAIL_FROM must be an e-mail address or "Name <address>", got "${raw}"`);
  }
  const name = named?.[1].trim();
  return name ? `${name} <${address}>` : address;
}

/** NOTIFY_EMAIL: one or more addresses, comma separated. */
function parseNotifyEmail(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isPlainAddress(entry))
      throw new Error(`NOTIFY_EMAIL must be one or more e-mail addresses, comma separated; "${entry}" is not one`);
  }
  return [...new Set(entries)];
}

/** MAIL_FROM when unset: no-reply at the site's own host name (PUBLIC_URL). */
function defaultMailFrom(publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname.replace(/^www\./, '') || host;
  } catch {
    // PUBLIC_URL is not a URL: the link in every mail is wrong anyway, the From need not be
  }
  return `Website <no-reply@${host}>`;
}

/**
 * The mail settings; null when SMTP_URL is unset (no mail is queued or sent). NOTIFY_EMAIL or
 * MAIL_FROM without SMTP_URL is refused: the operator meant alerts that could never be sent.
 */
export function parseMailSettings(source: NodeJS.ProcessEnv, publicUrl: string): MailSettings | null {
  const value = (name: string) => source[name]?.trim() || undefined;
  const smtpUrl = value('SMTP_URL');
  if (!smtpUrl) {
    const stray = ['NOTIFY_EMAIL', 'MAIL_FROM'].filter((name) => value(name));
    if (stray.length) throw new Error(`${stray.join(', ')} set without SMTP_URL: set SMTP_URL to send mail, or unset ${stray.join(', ')}`);
    return null;
  }
  const from = value('MAIL_FROM');
  const notify = value('NOTIFY_EMAIL');
  return {
    smtp: parseSmtpUrl(smtpUrl),
    from: from ? parseMailFrom(from) : defaultMailFrom(publicUrl),
    notify: notify ? parseNotifyEmail(notify) : [],
  };
}
