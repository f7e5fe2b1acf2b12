// engine-independent: shared code; no database
import { describe, expect, it } from 'vitest';
import { containsNul, noNul } from './text-input';
import { z } from './zod';

describe('containsNul', () => {
  it('finds a NUL in strings, arrays, objects and keys, at any depth', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 'v' })).toBe(true);
    expect(containsNul({ a: ['x', { b: 'y', c: 1, d: null, e: true }] })).toBe(false);
    expect(containsNul('\\u0000')).toBe(false); // the six characters, not the byte
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
  });
});

describe('noNul', () => {
  it('refuses NUL in a zod string with a message naming the field', () => {
    const schema = z.string().refine(...noNul('Title'));
    expect(schema.safeParse('ok').success).toBe(true);
    expect(schema.safeParse('no\u0000').error?.issues[0].message).toBe('Title must not contain the NUL character (U+0000)');
  });
});
