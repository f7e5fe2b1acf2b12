/**
 * The project form (issue 26): a project's call to action asks for name, phone, a call or a site visit at a
 * preferred time, and an optional message. Checked with the contact form's rules and stored in the same inbox.
 */
import { contactNumberField, contactServerMessages, contactTextField, CONTACT_LIMITS } from './contact';
import { enquirySourceMessages, enquirySourceSchema } from './enquiry-source';
import { CONTACT_BY, PREFERRED_TIMES } from './project-enquiry-rules';
import { projectEnquiry as copy } from './copy/project-enquiry';
import { noNul } from './text-input';
import { UUID_PATTERN } from './validation';
import { z } from './zod';

const m = contactServerMessages;

export const projectEnquirySchema = enquirySourceSchema.extend({
  name: contactTextField('Name', m.nameRequired, CONTACT_LIMITS.name, m.nameTooLong),
  number: contactNumberField,
  contactBy: z.enum(CONTACT_BY, { error: copy.errors.contactByRequired }),
  preferredTime: z.enum(PREFERRED_TIMES, { error: copy.errors.preferredTimeRequired }),
  message: z
    .string({ error: m.messageTooLong })
    .trim()
    .max(CONTACT_LIMITS.message, m.messageTooLong)
    .refine(...noNul('Message'))
    .default(''),
  projectId: z.string({ error: enquirySourceMessages.projectId }).regex(UUID_PATTERN, enquirySourceMessages.projectId),
});
export type ProjectEnquiryInput = z.infer<typeof projectEnquirySchema>;
