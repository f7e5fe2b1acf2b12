/**
 * PostgreSQL stores no U+0000 (NUL) in text or jsonb: a value carrying one would fail as a 500 at the
 * insert. Every text input refuses it up front with a 400 instead: schemas through `noNul`, query
 * strings through `queryText`, the rest of a request's fields through `containsNul`.
 */
import { apiMessages } from './api-messages';
import { z } from './zod';

const NUL = '\u0000';

/** Arguments for a zod string `.refine(...)` that refuses NUL, naming the field in the message. */
export const noNul = (label: string) => [(value: string) => !value.includes(NUL), apiMessages.textHasNul(label)] as const;

/** A text parameter of a query string (a search, a filter); `error` answers a value that is not one text (a repeated parameter). */
export const queryText = (label: string, error?: string) => z.string(error === undefined ? undefined : { error }).refine(...noNul(label));

/** True when any string in the value (keys included, at any depth) holds a NUL. */
export function containsNul(value: unknown): boolean {
  // iterative: a deeply nested JSON body must not overflow the stack
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) pending.push(key, entry);
    }
  }
  return false;
}
