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
const str = (required: string) => z.preprocess((v) => (v == null ? '' : v), z.string({ error: required }).trim());

export const contactSchema = z.object({
  name: str(m.nameRequired).pipe(
    z
      .string()
      .min(1, { message: m.nameRequired, abort: true })
      .max(CONTACT_LIMITS.name, m.nameTooLong)
      .refine(...noNul('Name')),
  ),
  email: str(m.emailRequired).pipe(
    z
      .string()
      .min(1, { message: m.emailRequired, abort: true })
      .max(CONTACT_LIMITS.email, m.emailTooLong)
      .regex(EMAIL_PATTERN, m.emailInvalid)
      .refine(...noNul('Email')),
  ),
  number: str(m.numberRequired).pipe(
    z
      .string()
      .min(1, { message: m.numberRequired, abort: true })
      .max(CONTACT_LIMITS.number, m.numberTooLong)
      .refine(...noNul('Contact number')),
  ),
  message: str(m.messageRequired).pipe(
    z
      .string()
      .min(1, { message: m.messageRequired, abort: true })
      .max(CONTACT_LIMITS.message, m.messageTooLong)
      .refine(...noNul('Message')),
  ),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The reply of POST /api/user. */
export interface ContactReply {
  success: boolean;
  errors: string[];
  message: string;
}
