/**
 * The fixed choices of some resource fields. A module of their own, so public pages that show them
 * (filters, tabs) import these few strings and not every resource definition with its admin copy.
 */
export const PROJECT_CATEGORIES = ['Construction', 'Interior'] as const;
export const PROJECT_STATUSES = ['Upcoming', 'Ongoing', 'Completed'] as const;
export const CLIENT_CATEGORIES = ['Interior Design', 'Renovation', 'Architecture', 'Commercial', 'Residential'] as const;
export const DEFAULT_GALLERY_CATEGORIES = ['Residential Project', 'Interior', 'Wooden Carving', 'Construction'] as const;

/** Gallery items per public page (/gallery?page=N shows the first N pages). */
export const GALLERY_PAGE_SIZE = 24;
