/**
 * A server that just did work (pages rendered, uploads decoded, renditions made) keeps its dead
 * buffers and objects resident until V8 next collects, which an idle process may not do for minutes
 * (measured: 417 MB resident 45 s after a first start, 291 MB once collected). When the process runs
 * with --expose-gc (npm start does), this asks for one full collection once the process has been
 * idle for a few seconds after work, at most every 30 s: one pause of a few ms while nobody waits.
 */
const IDLE_MS = 5_000;
const MIN_INTERVAL_MS = 30_000;

export class IdleCollector {
  private lastWork = 0;
  private lastCollected = -Infinity;
  private workSinceCollect = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly gc: (() => void) | undefined = globalThis.gc) {}

  /** Work was done (a reply sent, a job finished): collect once things have been quiet for a while. */
  noteWork(now = Date.now()): void {
    this.lastWork = now;
    this.workSinceCollect = true;
  }

  /** Collects when there was work, the process has been idle since and the last collection is old enough; true when it did. */
  tick(now = Date.now()): boolean {
    if (!this.gc || !this.workSinceCollect) return false;
    if (now - this.lastWork < IDLE_MS || now - this.lastCollected < MIN_INTERVAL_MS) return false;
    this.lastCollected = now;
    this.workSinceCollect = false;
    this.gc();
    return true;
  }

  /** Checks every few seconds; does not keep the process alive. Nothing to do without --expose-gc. */
  start(): void {
    if (!this.gc || this.timer) return;
    this.timer = setInterval(() => this.tick(), IDLE_MS / 2).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The process's one collector: the HTTP server and the rendition worker note their work on it. */
export const idleCollector = new IdleCollector();
