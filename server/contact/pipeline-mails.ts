/** The pipeline's mails (issue 26): to an owner when an enquiry is assigned to them, and the morning list of their follow-ups. */
import { formatPhone } from '../../shared/phone';
import { enquiryAdminUrl } from '../mail/enquiry-alert';
import { oneLine, type OutgoingMail } from '../mail/mail-outbox';

export const ASSIGNED_MAIL = 'enquiry-assigned';
export const REMINDER_MAIL = 'follow-up-reminder';

interface MailedEnquiry {
  id: string;
  name: string;
  number: string;
  email: string;
  stage: string;
  followUpOn?: string | null;
}

const describe = (enquiry: MailedEnquiry, publicUrl: string) =>
  [
    `${oneLine(enquiry.name, 100)} (${enquiry.stage})`,
    `  Phone: ${oneLine(formatPhone(enquiry.number), 100)}${enquiry.email ? `  E-mail: ${oneLine(enquiry.email, 254)}` : ''}`,
    `  ${enquiryAdminUrl(publicUrl, enquiry.id)}`,
  ].join('\n');

/** To the new owner: which enquiry, who assigned it, where to open it. */
export function assignedMail(enquiry: MailedEnquiry, to: string, by: string | null, publicUrl: string): OutgoingMail {
  const name = oneLine(enquiry.name, 100);
  return {
    kind: ASSIGNED_MAIL,
    to,
    subject: `Enquiry assigned to you: ${name}`,
    text: [
      `${by ? oneLine(by, 254) : 'Someone'} assigned an enquiry to you on the website's admin.`,
      '',
      describe(enquiry, publicUrl),
      ...(enquiry.followUpOn ? [`  Next follow-up: ${enquiry.followUpOn}`] : []),
      '',
    ].join('\n'),
    contactMessageId: enquiry.id,
  };
}

/** The morning list: every open enquiry of the owner whose follow-up is that day (or was, and is still open). */
export function reminderMail(day: string, to: string, enquiries: readonly MailedEnquiry[], publicUrl: string): OutgoingMail {
  const due = enquiries.filter((enquiry) => enquiry.followUpOn === day);
  const overdue = enquiries.filter((enquiry) => enquiry.followUpOn !== day);
  const section = (title: string, list: readonly MailedEnquiry[]) =>
    list.length ? [title, '', ...list.map((enquiry) => `${describe(enquiry, publicUrl)}\n`)] : [];
  return {
    kind: REMINDER_MAIL,
    to,
    subject: `Follow-ups for ${day}: ${enquiries.length} ${enquiries.length === 1 ? 'enquiry' : 'enquiries'}`,
    text: [
      ...section(`Due today (${day}):`, due),
      ...section(
        'Overdue, still open:',
        overdue.map((enquiry) => ({ ...enquiry, stage: `${enquiry.stage}, due ${enquiry.followUpOn}` })),
      ),
    ].join('\n'),
  };
}
