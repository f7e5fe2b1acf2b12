/**
 * The project form's choices (no zod: the public page uses them). Only the form's page loads this. The stored values
 * are the English copy's words (./copy/project-enquiry.ts reads them from here), so the inbox shows them as they are;
 * a page in another language labels them with its own copy.
 */

/** A call back or a site visit: stored as these words, which the inbox shows. */
export const CONTACT_BY = ['A phone call', 'A site visit'] as const;
export const PREFERRED_TIMES = ['Morning (9AM - 12PM)', 'Afternoon (12PM - 4PM)', 'Evening (4PM - 8PM)'] as const;

/** Could be a project's id (a UUID): checked before any read. Here, not from validation.ts, which would bring zod to the page. */
export const isProjectId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
