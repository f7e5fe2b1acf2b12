import { afterEach, describe, expect, it } from 'vitest';
import { collectImageGarbage } from './collect-garbage';

const withGc = globalThis as { gc?: () => void };
const original = withGc.gc;
afterEach(() => {
  withGc.gc = original;
});

describe('collecting image garbage', () => {
  it('collects when the process allows it, at most once per 30 s; without --expose-gc it does nothing and asks for no retry', () => {
    let collections = 0;
    withGc.gc = () => collections++;
    const start = 1_000_000_000;
    expect(collectImageGarbage(start)).toBe(true);
    expect(collectImageGarbage(start + 10_000)).toBe(false);
    expect(collections).toBe(1);
    expect(collectImageGarbage(start + 30_000)).toBe(true);
    expect(collections).toBe(2);
    withGc.gc = undefined;
    expect(collectImageGarbage(start + 120_000)).toBe(true);
    expect(collections).toBe(2);
  });
});
