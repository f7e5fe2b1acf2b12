/**
 * The admin session lives in an HttpOnly cookie that the server sets at login and clears at logout
 * (decision 0018): no script here can read it, and nothing about it is kept in localStorage.
 */
import { storageKeys } from '../../../shared/copy/admin';
import type { LoginReply, MeReply } from '../../../shared/accounts';
import type { ErrorReply } from '../../../shared/replies';
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
async function fetchSignedIn(): Promise<AdminMe | null> {
  const response = await fetch('/api/admins/me', { headers: SAME_ORIGIN_HEADERS, cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json().catch(() => null)) as Partial<MeReply> | null;
  return typeof body?.admin?.email === 'string' ? body.admin : null;
}

let lastCheck: Promise<AdminMe | null> | undefined;

/** Asks the server who is signed in (the admin layout, on each move to another screen); screens' loaders share the answer. */
export function checkSignedIn(): Promise<AdminMe | null> {
  lastCheck = fetchSignedIn();
  return lastCheck;
}

/** The signed-in account as the layout's last check found it (a screen's loader: which areas it may read). */
export const signedInAccount = () => lastCheck ?? checkSignedIn();

/** Ends this session on the server, which also clears the cookie; a failure still leaves the screens. */
export async function logout(): Promise<void> {
  lastCheck = undefined;
  await fetch('/api/admins/logout', { method: 'POST', headers: SAME_ORIGIN_HEADERS }).catch(() => undefined);
}

/**
 * A sign-in step's answer: the server's reply (`ok`), or its failure, whose message may be missing
 * (a reply that is not JSON).
 */
export type StepAnswer<Reply> = { ok: true; body: Reply } | { ok: false; body: Partial<ErrorReply> };

/** Reads a sign-in step's answer (the body is the server's reply schema when the status is a success). */
export async function stepAnswer<Reply>(response: Response): Promise<StepAnswer<Reply>> {
  const body: unknown = await response.json().catch(() => ({}));
  return response.ok ? { ok: true, body: body as Reply } : { ok: false, body: body as Partial<ErrorReply> };
}

/** The password step of a sign-in (the login page and the sign-in-again dialog). Throws on a network failure. */
export async function postLogin(email: string, password: string): Promise<StepAnswer<LoginReply>> {
  // a sign-in may be another account's: the next screen asks again
  lastCheck = undefined;
  const response = await fetch('/api/admins/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return stepAnswer<LoginReply>(response);
}

/** The login's `next`: where a signed-out visit wanted to go, kept only when it is an admin screen of this site. */
export function safeNextPath(next: string | null): string | null {
  // a path of our own: no scheme, no `//host` or `/\host` (browsers read both as another site), no control characters
  if (!next?.startsWith('/admin/') || next.includes('//') || next.includes('\\') || /\p{Cc}/u.test(next)) return null;
  const base = 'https://site.invalid';
  const url = new URL(next, base);
  if (url.origin !== base || !url.pathname.startsWith('/admin/') || url.pathname.startsWith('/admin/login')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page for a signed-out visit to `url`, which it returns to after the sign-in. */
export function loginPathFor(url: URL): string {
  const next = safeNextPath(`${url.pathname}${url.search}`);
  return next ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin/login';
}
