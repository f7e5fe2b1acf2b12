/** The mail that tells NOTIFY_EMAIL of a new enquiry: who, every field, and where to open it in the admin. */
import { formatPhone } from '../../shared/phone';
import { DEFAULT_LANGUAGE, isLanguage, languageDef } from '../../shared/languages';
import { zoneStamp } from '../../shared/site-time';
import type { Db } from '../db/client';
import { ENQUIRY_ALERT, oneLine, type MailOutbox, type OutgoingMail } from './mail-outbox';
import { isPlainAddress } from './mail-settings';

export interface StoredEnquiry {
  id: string;
  name: string;
  email: string;
  number: string;
  message: string;
  createdAt: Date;
  projectTitle?: string | null;
  sourcePage?: string | null;
  utmSource?: string | null;
  utmCampaign?: string | null;
  referrerHost?: string | null;
  contactBy?: string | null;
  preferredTime?: string | null;
  /** The language of the page it was sent from; the alert itself stays English. */
  language?: string | null;
}

/** The alert's lines on where the enquiry came from (issue 26): only those known. */
function sourceLines(enquiry: StoredEnquiry): string[] {
  const campaign = [enquiry.utmSource, enquiry.utmCampaign].filter(Boolean).join(' / ');
  return [
    enquiry.contactBy
      ? `Wants:          ${oneLine(enquiry.contactBy, 100)}${enquiry.preferredTime ? `, ${oneLine(enquiry.preferredTime, 100)}` : ''}`
      : '',
    enquiry.projectTitle ? `Project:        ${oneLine(enquiry.projectTitle, 200)}` : '',
    enquiry.sourcePage ? `Sent from:      ${oneLine(enquiry.sourcePage, 300)}` : '',
    campaign ? `Campaign:       ${oneLine(campaign, 210)}` : '',
    enquiry.referrerHost ? `Referred by:    ${oneLine(enquiry.referrerHost, 253)}` : '',
    // only when not English: most enquiries are, and the line would say nothing
    enquiry.language && enquiry.language !== DEFAULT_LANGUAGE && isLanguage(enquiry.language)
      ? `Language:       ${languageDef(enquiry.language).name}`
      : '',
  ].filter(Boolean);
}

/** Where staff open one enquiry in the admin. */
export const enquiryAdminUrl = (publicUrl: string, id: string) => `${publicUrl}/admin/users?message=${encodeURIComponent(id)}`;

/** Where the alert links to and the zone its time is written in (SITE_TIMEZONE). */
export interface AlertPlace {
  publicUrl: string;
  timeZone: string;
}

/** The alert for one stored enquiry, to the addresses given. */
function enquiryAlert(enquiry: StoredEnquiry, to: readonly string[], { publicUrl, timeZone }: AlertPlace): OutgoingMail {
  const name = oneLine(enquiry.name, 100);
  const when = zoneStamp(enquiry.createdAt, timeZone);
  const text = [
    `New enquiry from ${name} on the website.`,
    '',
    `Name:           ${name}`,
    enquiry.email ? `E-mail:         ${oneLine(enquiry.email, 254)}` : 'E-mail:         (none: the project form asks for a phone number)',
    `Contact number: ${oneLine(formatPhone(enquiry.number), 100)}`,
    `Received:       ${when}`,
    ...sourceLines(enquiry),
    '',
    'Message:',
    '',
    enquiry.message.replace(/\r\n?/g, '\n'),
    '',
    '--',
    `Open it in the admin: ${enquiryAdminUrl(publicUrl, enquiry.id)}`,
    // an address the form took but a header cannot (see isPlainAddress) gets no Reply-To
    isPlainAddress(enquiry.email)
      ? 'Replying to this mail answers the visitor.'
      : enquiry.email
        ? 'Reply to the visitor at the e-mail address above.'
        : 'Call the visitor at the number above.',
    '',
  ].join('\n');
  return {
    kind: ENQUIRY_ALERT,
    to,
    subject: `New enquiry from ${name}`,
    text,
    replyTo: { name: enquiry.name, address: enquiry.email },
    contactMessageId: enquiry.id,
  };
}

/**
 * Queues the alert of a just-stored enquiry inside its transaction; false (nothing queued) when
 * alerts are off (SMTP_URL or NOTIFY_EMAIL unset).
 */
export async function queueEnquiryAlert(outbox: MailOutbox, tx: Db, enquiry: StoredEnquiry, place: AlertPlace): Promise<boolean> {
  if (outbox.alertRecipients.length === 0) return false;
  return outbox.queue(tx, enquiryAlert(enquiry, outbox.alertRecipients, place));
}
