/**
 * After a run of image work, hundreds of MB of dead image buffers (counted as V8 "external" memory)
 * stay resident until V8 next collects, which an idle server may not do for a minute or more
 * (measured: 417 MB resident 45 s after a first start, 291 MB once collected). When the process runs
 * with --expose-gc (npm start does), the rendition worker asks for one collection once its job table
 * is empty, at most every 30 s, so a burst of uploads costs one pause of a few ms, not one per image.
 */
const MIN_INTERVAL_MS = 30_000;
let lastCollected = 0;

/** Collects now if allowed; true when it did (or never can), false when it is too soon and should be retried later. */
export function collectImageGarbage(now = Date.now()): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return true;
  if (now - lastCollected < MIN_INTERVAL_MS) return false;
  lastCollected = now;
  gc();
  return true;
}
