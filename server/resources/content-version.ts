/** Content changes this many… */
const BURST_CHANGES = 4;
/** …within this long are a burst (eight staff uploading at once make about seven a second). */
const BURST_WINDOW_MS = 1000;

/**
 * A counter that every content write moves on, so caches of whole pages know when they are stale; it also
 * tells when writes come in a burst, so that a page visitors are reading is not rendered after every one.
 */
export class ContentVersion {
  private value = 0;
  /** When the latest BURST_CHANGES changes happened, oldest first. */
  private readonly recent: number[] = [];

  get current(): number {
    return this.value;
  }

  bump(now = Date.now()): void {
    this.value += 1;
    this.recent.push(now);
    if (this.recent.length > BURST_CHANGES) this.recent.shift();
  }

  /** True while the latest BURST_CHANGES changes all happened within BURST_WINDOW_MS of now. */
  inBurst(now = Date.now()): boolean {
    return this.recent.length === BURST_CHANGES && now - this.recent[0] < BURST_WINDOW_MS;
  }
}
