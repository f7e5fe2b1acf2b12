/** The project form's texts (issue 26), bundled with the other English copy (./public-en.ts). */
import { contact } from './public';
import { CONTACT_BY, PREFERRED_TIMES } from '../project-enquiry-rules';

/** The short form a project's call to action opens (issue 26): it names the project; name, phone, when to call or visit, a message. */
export const projectEnquiry = {
  label: 'Ask about a project',
  title: (project: string) => `Ask about ${project}`,
  metaDescription: (project: string) => `Ask for a call back or a site visit about ${project}.`,
  intro: 'Leave your name and number and tell us when suits you: we will call you back or arrange a site visit.',
  formTitle: 'Your details',
  labels: {
    name: contact.labels.name,
    number: contact.labels.number,
    contactBy: 'I would like',
    preferredTime: 'Preferred time',
    message: 'Your Message (optional)',
  },
  // the stored values are these words (shared/project-enquiry-rules.ts)
  contactBy: { call: CONTACT_BY[0], visit: CONTACT_BY[1] },
  times: { morning: PREFERRED_TIMES[0], afternoon: PREFERRED_TIMES[1], evening: PREFERRED_TIMES[2] },
  submit: 'Send Request',
  sent: 'Thank you! We will call you at the time you chose.',
  backToProjects: 'Back to the projects',
  errors: {
    contactByRequired: 'Please choose a phone call or a site visit',
    preferredTimeRequired: 'Please choose a preferred time',
  },
} as const;
