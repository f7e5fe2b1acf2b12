/**
 * The one way an admin screen talks to the API (decision 0033): it reads in its route's
 * `clientLoader` with `loadReply`, and writes in its `clientAction` with `runWrite`, sent by a
 * `useFetcher` (React Router then loads the screen's data again). The reply types are the server's
 * own reply schemas (shared/, z.infer): nothing here describes a reply by hand.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { commonCopy } from '../../../shared/copy/admin';
import type { EditConflict } from '../../../shared/edit-conflicts';
import { UndoButton } from '../../components/admin/undo-button';
import { ApiError, apiJson, errorText } from './api';
import { signedInAccount } from './auth';

/** What a screen's loader hands it: the reply, or why it could not be read (shown with Try again). */
export type Loaded<T> = { reply: T; error?: undefined } | { reply?: undefined; error: string };

/**
 * GET /api`path` for a loader; a failure becomes the message to show (`loadFailed` when the server
 * gives none; `offline`, when given, when the server could not be reached).
 */
export async function loadReply<Reply>(path: string, loadFailed: string, offline?: string): Promise<Loaded<Reply>> {
  // signed out (the layout's check found no session): the layout sends the visit to the login, so nothing waits for a sign-in here
  if (!(await signedInAccount().catch(() => null))) return { error: loadFailed };
  try {
    return { reply: await apiJson<Reply>(path, { fallback: loadFailed }) };
  } catch (failure) {
    if (offline && failure instanceof ApiError && failure.status === 0) return { error: offline };
    return { error: errorText(failure, loadFailed) };
  }
}

/**
 * What a write hands back to its screen (`fetcher.data`); a save refused because someone else changed the item since
 * it was opened carries their change (`conflict`, docs/decisions/0044) for the screen's conflict dialog.
 */
export type Written<T> = { ok: true; reply: T } | { ok: false; error: string; conflict?: EditConflict };

interface WriteToasts<T> {
  /** The success toast's text (none when it is left out, or when it gives none for this reply). */
  success?: (reply: T) => string;
  /** The failure toast's text from the server's message (that message itself when it is left out). */
  failure?: (message: string) => string;
  /** The message when the server gives none. */
  fallback?: string;
  /** False: a failure is shown by the screen alone (under its form, from `fetcher.data`), with no toast; a function decides per failure. */
  failureToast?: boolean | ((failure: unknown) => boolean);
  /** How long the toasts stay (sonner's default when left out). */
  duration?: number;
  /** A delete's Undo in its success toast: what to send to which screen's action, and how long it is offered. */
  undo?: (reply: T) => { screen: string; intent: Record<string, string>; duration: number };
}

let undoToasts = 0;

function successToast<T>(reply: T, toasts: WriteToasts<T>) {
  const text = toasts.success?.(reply);
  if (!text) return;
  const undo = toasts.undo?.(reply);
  if (!undo) {
    toast.success(text, { duration: toasts.duration });
    return;
  }
  undoToasts += 1;
  const id = `undo-${undoToasts}`;
  toast.success(text, {
    id,
    duration: Math.max(toasts.duration ?? 0, undo.duration),
    action: <UndoButton toastId={id} screen={undo.screen} intent={undo.intent} />,
  });
}

/** Runs one write of an action; its outcome shows as a toast: the one error path of the admin's writes. */
export async function runWrite<T>(call: () => Promise<T>, toasts: WriteToasts<T>): Promise<Written<T>> {
  try {
    const reply = await call();
    successToast(reply, toasts);
    return { ok: true, reply };
  } catch (failure) {
    const message = errorText(failure, toasts.fallback ?? commonCopy.somethingWrong);
    const toasted = typeof toasts.failureToast === 'function' ? toasts.failureToast(failure) : toasts.failureToast !== false;
    if (toasted) toast.error(toasts.failure ? toasts.failure(message) : message, { duration: toasts.duration });
    const conflict = failure instanceof ApiError ? failure.conflict : undefined;
    return { ok: false, error: message, ...(conflict ? { conflict } : {}) };
  }
}

interface BatchToasts {
  /** How many run at once (all when left out). */
  parallel?: number;
  /** The success toast's text: how many were done (none when all failed). */
  done: (count: number) => string;
  /** The failure toast's text: how many of all failed (none when all were done). */
  failed: (failed: number, count: number) => string;
  duration?: number;
}

/** Runs one write on several items (a list's selection): a toast for those that failed and one for those done. */
export async function runBatch(calls: (() => Promise<unknown>)[], toasts: BatchToasts): Promise<Written<{ done: number }>> {
  const size = toasts.parallel ?? Math.max(calls.length, 1);
  let failed = 0;
  for (let start = 0; start < calls.length; start += size) {
    const results = await Promise.allSettled(calls.slice(start, start + size).map((call) => call()));
    failed += results.filter((result) => result.status === 'rejected').length;
  }
  const done = calls.length - failed;
  if (failed > 0) toast.error(toasts.failed(failed, calls.length), { duration: toasts.duration });
  if (done > 0) toast.success(toasts.done(done), { duration: toasts.duration });
  return done > 0 || calls.length === 0 ? { ok: true, reply: { done } } : { ok: false, error: toasts.failed(failed, calls.length) };
}

/** The JSON a screen's fetcher sent to its action (`fetcher.submit(body, { method, encType: 'application/json' })`). */
export async function submitted<Intent>(request: Request): Promise<Intent> {
  return (await request.json()) as Intent;
}

/**
 * Runs `onOutcome` once for each outcome a write hands back (`fetcher.data`), while the screen renders: no effect.
 * An outcome held back for a while (undefined meanwhile) and handed back again is not run twice.
 */
export function useWritten<T>(written: Written<T> | undefined, onOutcome: (outcome: Written<T>) => void): void {
  const [seen, setSeen] = useState(written);
  if (written && written !== seen) {
    setSeen(written);
    onOutcome(written);
  }
}

/** What each un-awaited read of a loader settled to (kept beside it, so any screen showing it finds it). */
const settledReads = new WeakMap<Promise<unknown>, { value: unknown }>();

/**
 * A loader's un-awaited read (a list) as it settles, without suspending the screen (its form and its other state stay
 * as they are): `value` is undefined until the first read settles; while a newer read runs, the last settled one stays,
 * and `current` is false.
 */
export function useSettled<T>(read: Promise<T>): { value: T | undefined; current: boolean } {
  const subscribe = useCallback(
    (changed: () => void) => {
      let listening = true;
      void read.then((value) => {
        settledReads.set(read, { value });
        if (listening) changed();
      });
      return () => {
        listening = false;
      };
    },
    [read],
  );
  const latest = useSyncExternalStore(
    subscribe,
    () => settledReads.get(read) as { value: T } | undefined,
    () => undefined,
  );
  const [shown, setShown] = useState(latest);
  if (latest && latest !== shown) setShown(latest);
  return { value: (latest ?? shown)?.value, current: latest !== undefined };
}
