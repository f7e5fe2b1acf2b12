/** Account roles: an Admin may do everything; an Editor only the content screens and the About editor. */
export const ADMIN_ROLES = ['admin', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Admin screens an Editor may not open (the server refuses their calls too). */
const ADMIN_ONLY_PATHS: readonly string[] = ['/admin/users', '/admin/backups', '/admin/activity'];

export const isAdminOnlyPath = (pathname: string): boolean => ADMIN_ONLY_PATHS.includes(pathname.replace(/\/+$/, ''));

/** The header that carries a step-up token (POST /api/admins/reauth); a header, so a plain link cannot carry it. */
export const STEP_UP_HEADER = 'x-reauth-token';
