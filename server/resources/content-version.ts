/** Content changes this many… */
const BURST_CHANGES = 4;
/**
 * …within this long are a burst. Eight staff uploading photos at once on a 2-core machine make about 3.4 changes
 * a second, unevenly: a one-second window missed most of their burst (the home page was rendered after nearly
 * every save, 65-145 ms each, on the thread that answers visitors); three seconds catch it and still end a
 * burst soon after the uploads stop.
 */
export const BURST_WINDOW_MS = 3000;

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
