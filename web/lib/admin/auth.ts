/** The admin session as the browser keeps it (localStorage, the spec's storage keys). */
import { storageKeys } from '../../../shared/copy/admin';

export const getToken = (): string | null => (typeof window === 'undefined' ? null : localStorage.getItem(storageKeys.token));
export const getEmail = (): string => (typeof window === 'undefined' ? '' : (localStorage.getItem(storageKeys.email) ?? ''));

export function saveSession(token: string, email: string) {
  localStorage.setItem(storageKeys.token, token);
  localStorage.setItem(storageKeys.email, email);
}

export function clearSession() {
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.email);
}

/** An expired or revoked token: forget it and go back to the login (a full load drops every screen state). */
export function endSessionAndLogin() {
  clearSession();
  window.location.assign('/admin/login');
}
