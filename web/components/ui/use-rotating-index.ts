/**
 * An index over `count` items that wraps at both ends and, when `intervalMs` is set, there is more than one item and it is
 * not `paused`, advances on a timer (restarted in full on resume).
 */
import { useCallback, useEffect, useState } from 'react';

export function useRotatingIndex(count: number, intervalMs?: number, paused = false) {
  const [index, setIndex] = useState(0);
  const [tick, setTick] = useState(0);
  const go = useCallback(
    (next: number) => {
      if (count === 0) return;
      setIndex(((next % count) + count) % count);
      setTick((t) => t + 1); // a manual move restarts the timer
    },
    [count],
  );
  useEffect(() => {
    if (!intervalMs || count <= 1 || paused) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [index, tick, count, intervalMs, paused]);
  const safeIndex = count === 0 ? 0 : Math.min(index, count - 1);
  return { index: safeIndex, go, next: () => go(safeIndex + 1), previous: () => go(safeIndex - 1) };
}
