/**
 * The admin session lives in an HttpOnly cookie that the server sets at login and clears at logout
 * (decision 0018): no script here can read it, and nothing about it is kept in localStorage.
 */
import { storageKeys } from '../../../shared/copy/admin';
import type { AdminMe } from './me';

/**
 * Sent with every call: the server takes a write carried by the session cookie only with it, and
 * no other site's page can add it (decision 0018).
 */
export const SAME_ORIGIN_HEADERS: Readonly<Record<string, string>> = { 'x-requested-with': 'fetch' };

/** Earlier versions kept the token and email in localStorage: none of it may linger there. */
export function forgetStoredSession() {
  try {
    localStorage.removeItem(storageKeys.token);
    localStorage.removeItem(storageKeys.email);
  } catch {
    // storage switched off: nothing is stored either
  }
}

/** The signed-in account (/api/admins/me), or null when the cookie carries no live session. Throws on a network failure. */
export async function fetchSignedIn(): Promise<AdminMe | null> {
  const response = await fetch('/api/admins/me', { headers: SAME_ORIGIN_HEADERS, cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json().catch(() => null)) as { admin?: AdminMe } | null;
  return typeof body?.admin?.email === 'string' ? body.admin : null;
}

/** Ends this session on the server, which also clears the cookie; a failure still leaves the screens. */
export async function logout(): Promise<void> {
  await fetch('/api/admins/logout', { method: 'POST', headers: SAME_ORIGIN_HEADERS }).catch(() => undefined);
}

/** An expired or revoked session: back to the login (a full load drops every screen state). */
export function endSessionAndLogin() {
  window.location.assign('/admin/login');
}
