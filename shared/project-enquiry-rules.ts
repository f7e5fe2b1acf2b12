/** The project form's choices (no zod: the public page uses them); their words are the copy's. Only the form's page loads this. */
import { projectEnquiry as copy } from './copy/project-enquiry';

/** A call back or a site visit: stored as these words, which the inbox shows. */
export const CONTACT_BY = [copy.contactBy.call, copy.contactBy.visit] as const;
export const PREFERRED_TIMES = [copy.times.morning, copy.times.afternoon, copy.times.evening] as const;

/** Could be a project's id (a UUID): checked before any read. Here, not from validation.ts, which would bring zod to the page. */
export const isProjectId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
