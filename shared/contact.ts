/**
 * The contact form: server rules (messages name the field as the public spec's
 * section 8 maps them) and the visitor-side rules of the public spec's section 5.
 */
import { z } from './zod';
import { EMAIL_PATTERN } from './contact-rules';
import { contact } from './copy/public';
import { toE164 } from './phone';
import { noNul } from './text-input';
import { enquirySourceSchema } from './enquiry-source';

export { contactFieldForError } from './contact-rules';

export const CONTACT_LIMITS = { name: 100, email: 254, number: 30, message: 5000 } as const;

export const contactServerMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  numberRequired: 'Contact number is required',
  numberInvalid: contact.errors.numberInvalid,
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
export const contactTextField = (label: string, required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, tooLong)
    .refine(...noNul(label));

// kept in E.164 (India without a country code), so the inbox can call it and open WhatsApp
export const contactNumberField = contactTextField('Contact number', m.numberRequired, CONTACT_LIMITS.number, m.numberTooLong).transform(
  (value, ctx) => {
    const e164 = toE164(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: m.numberInvalid });
    return e164 ?? value;
  },
);

const contactSchema = z.object({
  name: contactTextField('Name', m.nameRequired, CONTACT_LIMITS.name, m.nameTooLong),
  email: contactTextField('Email', m.emailRequired, CONTACT_LIMITS.email, m.emailTooLong).regex(EMAIL_PATTERN, m.emailInvalid),
  number: contactNumberField,
  message: contactTextField('Message', m.messageRequired, CONTACT_LIMITS.message, m.messageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** POST /api/user's body: the form's fields and, optionally, where the enquiry came from (shared/enquiry-source.ts). */
export const contactRequestSchema = contactSchema.extend(enquirySourceSchema.shape);
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** The reply of POST /api/user. */
export interface ContactReply {
  success: boolean;
  errors: string[];
  message: string;
}
