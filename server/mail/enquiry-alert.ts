/** The mail that tells NOTIFY_EMAIL of a new enquiry: who, every field, and where to open it in the admin. */
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
}

/** Where staff open one enquiry in the admin. */
export const enquiryAdminUrl = (publicUrl: string, id: string) => `${publicUrl}/admin/users?message=${encodeURIComponent(id)}`;

/** The alert for one stored enquiry, to the addresses given. */
function enquiryAlert(enquiry: StoredEnquiry, to: readonly string[], publicUrl: string): OutgoingMail {
  const name = oneLine(enquiry.name, 100);
  const when = enquiry.createdAt.toISOString().replace('T', ' ').slice(0, 16);
  const text = [
    `New enquiry from ${name} on the website.`,
    '',
    `Name:           ${name}`,
    `E-mail:         ${oneLine(enquiry.email, 254)}`,
    `Contact number: ${oneLine(enquiry.number, 100)}`,
    `Received:       ${when} UTC`,
    '',
    'Message:',
    '',
    enquiry.message.replace(/\r\n?/g, '\n'),
    '',
    '--',
    `Open it in the admin: ${enquiryAdminUrl(publicUrl, enquiry.id)}`,
    // an address the form took but a header cannot (see isPlainAddress) gets no Reply-To
    isPlainAddress(enquiry.email) ? 'Replying to this mail answers the visitor.' : 'Reply to the visitor at the e-mail address above.',
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
export async function queueEnquiryAlert(outbox: MailOutbox, tx: Db, enquiry: StoredEnquiry, publicUrl: string): Promise<boolean> {
  if (outbox.alertRecipients.length === 0) return false;
  return outbox.queue(tx, enquiryAlert(enquiry, outbox.alertRecipients, publicUrl));
}
