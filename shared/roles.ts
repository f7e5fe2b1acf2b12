/**
 * Who may do what: each account has permissions by area; a preset names a usual set. An account whose
 * `admins.permissions` is NULL has its `role`'s preset (so accounts made before areas keep what they had).
 */
import { isOneOf } from './narrow';

export const AREAS = ['content', 'enquiries', 'settings', 'accounts', 'activity'] as const;
export type Area = (typeof AREAS)[number];

/** The presets an account's `role` may hold: Admin (every area), Editor (content), Sales (enquiries). */
export const ADMIN_ROLES = ['admin', 'editor', 'sales'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const PRESETS: Readonly<Record<AdminRole, readonly Area[]>> = {
  admin: AREAS,
  editor: ['content'],
  sales: ['enquiries'],
};

/** What an API reply calls an account: its preset, or 'custom' when its areas were set by hand and match none. */
export const ROLE_NAMES = [...ADMIN_ROLES, 'custom'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const isArea = (value: string): value is Area => isOneOf(AREAS, value);

/** The account's areas, in AREAS order: its own list when set, else its role's preset. */
export function permissionsOf(role: AdminRole, permissions: readonly string[] | null): Area[] {
  const granted = permissions ?? PRESETS[role] ?? [];
  return AREAS.filter((area) => granted.includes(area) && isArea(area));
}

/** The preset these areas make up exactly, or 'custom'. */
export function roleNameOf(permissions: readonly Area[]): RoleName {
  const same = (preset: readonly Area[]) => preset.length === permissions.length && preset.every((area) => permissions.includes(area));
  return ADMIN_ROLES.find((role) => same(PRESETS[role])) ?? 'custom';
}

/** The area an admin screen belongs to (null: every signed-in account may open it: dashboard, own account). */
const SCREEN_AREAS: Readonly<Record<string, Area>> = {
  '/admin/backups': 'accounts',
  '/admin/webhooks': 'accounts',
  '/admin/activity': 'activity',
  '/admin/settings': 'settings',
  '/admin/history/site-settings/-': 'settings',
};

/**
 * Screens open to every account: the dashboard, one's own account, and those that show each account what its areas allow
 * (trash, insights, and the inbox and board: every enquiry with the enquiries area, else those assigned to the account).
 */
const OPEN_SCREENS: readonly string[] = [
  '/admin',
  '/admin/dashboard',
  '/admin/insights',
  '/admin/account',
  '/admin/trash',
  '/admin/users',
  '/admin/users/board',
];

/** Whether the account sees every enquiry (the enquiries area) or only those assigned to it (docs/decisions/0040). */
export const seesAllEnquiries = (permissions: readonly Area[]): boolean => permissions.includes('enquiries');

function screenArea(pathname: string): Area | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (OPEN_SCREENS.includes(path)) return null;
  return SCREEN_AREAS[path] ?? (path.startsWith('/admin/') ? 'content' : null);
}

/** Whether an account with these areas may open the screen (the server refuses its calls otherwise). */
export const mayOpen = (permissions: readonly Area[], pathname: string): boolean => {
  const area = screenArea(pathname);
  return area === null || permissions.includes(area);
};

/** The header that carries a step-up token (POST /api/admins/reauth); a header, so a plain link cannot carry it. */
export const STEP_UP_HEADER = 'x-reauth-token';
