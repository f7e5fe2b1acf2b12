/** A counter that every content write moves on, so caches of whole pages know when they are stale. */
export class ContentVersion {
  private value = 0;

  get current(): number {
    return this.value;
  }

  bump(): void {
    this.value += 1;
  }
}
