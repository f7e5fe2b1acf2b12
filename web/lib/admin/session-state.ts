/**
 * Whether this tab's session has ended (a 401, or the idle time ran out). A call that met the end
 * waits here until the admin signs in again in the dialog over the screen, then is sent again, so
 * no screen is left and nothing typed is lost.
 */
import { useSyncExternalStore } from 'react';

let ended = false;
let waiting: (() => void)[] = [];
const listeners = new Set<() => void>();

function announce() {
  for (const listener of listeners) listener();
}

/** The session is over: the sign-in dialog opens (once, however many calls meet it). */
export function markSessionEnded(): void {
  if (ended) return;
  ended = true;
  announce();
}

/** Resolves once the admin has signed in again; the caller then repeats its request. */
export function signedInAgain(): Promise<void> {
  markSessionEnded();
  return new Promise((resolve) => waiting.push(resolve));
}

/** A new session is in the cookie: the dialog closes and every waiting call goes again. */
export function markSessionResumed(): void {
  if (!ended) return;
  ended = false;
  const resume = waiting;
  waiting = [];
  announce();
  for (const go of resume) go();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ended,
    () => false,
  );
}
