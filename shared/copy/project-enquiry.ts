/**
 * The project form's texts (issue 26), apart from the other public copy: only its page uses them, so the public build leaves
 * them in that page's chunk instead of the `parts` every page loads (vite.public.config.ts).
 */
import { contact } from './public';

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
  contactBy: { call: 'A phone call', visit: 'A site visit' },
  times: { morning: 'Morning (9AM - 12PM)', afternoon: 'Afternoon (12PM - 4PM)', evening: 'Evening (4PM - 8PM)' },
  submit: 'Send Request',
  sent: 'Thank you! We will call you at the time you chose.',
  backToProjects: 'Back to the projects',
  errors: {
    contactByRequired: 'Please choose a phone call or a site visit',
    preferredTimeRequired: 'Please choose a preferred time',
  },
} as const;
