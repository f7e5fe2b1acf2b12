/**
 * What a value is, checked at run time rather than asserted with a cast (docs/decisions/0034): for
 * values typed `unknown` (a thrown error, parsed JSON, a row's JSON column) and for records built key
 * by key from a list of keys.
 */

/** An object (not null, not an array): its properties can be read as unknowns. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A property of a value that may be anything (an error's `code`, `cause`, `message`), read as `value[name]`
 * reads it; undefined for null and undefined.
 */
export function propertyOf(value: unknown, name: string): unknown {
  return value === null || value === undefined ? undefined : Reflect.get(Object(value), name);
}

/** A thrown value's `code` (Node's errno names, PostgreSQL's SQLSTATE), when it is a string. */
export function errorCode(error: unknown): string | undefined {
  const code = propertyOf(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

/** A thrown value as an Error, for APIs that take one (a stream's destroy): an Error as it is, anything else in words. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** True when `value` is one of `values` (a list of string literals): it then has their type. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return values.some((candidate) => candidate === value);
}

/** The keys of an object that are its type's own keys (Object.keys types them as plain strings). */
export function keysOf<T extends object>(object: T): (keyof T & string)[] {
  return Object.keys(object).filter((key): key is keyof T & string => key in object);
}

function hasEvery<K extends PropertyKey, V>(record: Partial<Record<K, V>>, keys: readonly K[]): record is Record<K, V> {
  return keys.every((key) => Object.hasOwn(record, key));
}

/** An object with one entry per key, each made from its key (Object.fromEntries would type its keys as plain strings). */
export function recordOf<K extends PropertyKey, V>(keys: readonly K[], make: (key: K) => V): Record<K, V> {
  const record: Partial<Record<K, V>> = {};
  for (const key of keys) record[key] = make(key);
  if (!hasEvery(record, keys)) throw new Error('recordOf: a key was not filled');
  return record;
}
