/**
 * The contact form: server rules (messages name the field as the public spec's
 * section 8 maps them) and the visitor-side rules of the public spec's section 5.
 */
import { z } from './zod';
import { EMAIL_PATTERN } from './contact-rules';
import { noNul } from './text-input';

export { contactFieldForError } from './contact-rules';

const CONTACT_LIMITS = { name: 100, email: 254, number: 30, message: 5000 } as const;

export const contactServerMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  numberRequired: 'Contact number is required',
  messageRequired: 'Message is required',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters`,
  numberTooLong: `Contact number must be at most ${CONTACT_LIMITS.number} characters`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
  validationFailed: 'Please correct the errors and try again.',
  sent: 'Thank you! Your message has been sent.',
  tooMany: 'Too many messages from your address. Please try again later.',
} as const;

const m = contactServerMessages;
/** One required text field: a missing or non-text value gets the required message, like a blank one. */
const text = (label: string, required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, tooLong)
    .refine(...noNul(label));

export const contactSchema = z.object({
  name: text('Name', m.nameRequired, CONTACT_LIMITS.name, m.nameTooLong),
  email: text('Email', m.emailRequired, CONTACT_LIMITS.email, m.emailTooLong).regex(EMAIL_PATTERN, m.emailInvalid),
  number: text('Contact number', m.numberRequired, CONTACT_LIMITS.number, m.numberTooLong),
  message: text('Message', m.messageRequired, CONTACT_LIMITS.message, m.messageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The reply of POST /api/user. */
export interface ContactReply {
  success: boolean;
  errors: string[];
  message: string;
}
