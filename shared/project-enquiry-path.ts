/** The project form's page (web/pages/project-enquiry.tsx) and its address for one project: what a project's call to action links to. */
export const PROJECT_ENQUIRY_PATH = '/enquire';
export const projectEnquiryHref = (projectId: string) => `${PROJECT_ENQUIRY_PATH}?project=${encodeURIComponent(projectId)}`;
