// engine-independent: a timer and the garbage collector; no database
import { describe, expect, it } from 'vitest';
import { IdleCollector } from './idle-collector';

describe('collecting garbage when idle', () => {
  it('collects once after work, when the process has been idle 5 s, at most once per 30 s', () => {
    let collections = 0;
    const collector = new IdleCollector(() => collections++);
    const start = 1_000_000_000;
    expect(collector.tick(start), 'no work yet').toBe(false);
    collector.noteWork(start);
    expect(collector.tick(start + 2_000), 'not idle long enough').toBe(false);
    expect(collector.tick(start + 5_000)).toBe(true);
    expect(collector.tick(start + 60_000), 'no work since').toBe(false);
    collector.noteWork(start + 10_000);
    expect(collector.tick(start + 20_000), 'too soon after the last one').toBe(false);
    expect(collector.tick(start + 35_000)).toBe(true);
    expect(collections).toBe(2);
  });

  it('does nothing without --expose-gc', () => {
    const collector = new IdleCollector(undefined);
    collector.noteWork(0);
    expect(collector.tick(60_000)).toBe(false);
  });
});
