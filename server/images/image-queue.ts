/**
 * Image work bounded across all requests: jobs run a few at a time in arrival order, and
 * requests that may bring images are admitted only while the queue has room, so a flood
 * of uploads is refused at the door (503) instead of starving page serving. Background
 * renditions go through the same queue, behind every upload a request is waiting for.
 */
export interface ImageQueueOptions {
  /** Image jobs that run at once (libvips already spreads one job over its threads). */
  concurrency: number;
  /** Requests admitted beyond those: they wait their turn, holding only their uploads on disk. */
  waiting: number;
}

/** One at a time on 2 cores leaves a core for pages; eight waiting is more admins than upload at once. */
const DEFAULT_IMAGE_QUEUE: ImageQueueOptions = { concurrency: 1, waiting: 8 };

/** 'request': an admin waits for it; 'background': renditions nobody waits for, run when no request job waits. */
export type ImageJobPriority = 'request' | 'background';

export class ImageQueue {
  private running = 0;
  private admittedCount = 0;
  private readonly queued: Record<ImageJobPriority, (() => void)[]> = { request: [], background: [] };

  constructor(readonly options: ImageQueueOptions = DEFAULT_IMAGE_QUEUE) {}

  /** Requests holding a place (their jobs running or waiting): the queue's length, for metrics. */
  get length(): number {
    return this.admittedCount;
  }

  /** Jobs running or waiting to run right now. */
  get jobs(): number {
    return this.running + this.queued.request.length + this.queued.background.length;
  }

  get capacity(): number {
    return this.options.concurrency + this.options.waiting;
  }

  /** A place for one request, or null when the queue is full; release the place once the request is done. */
  admit(): { release(): void } | null {
    if (this.admittedCount >= this.capacity) return null;
    this.admittedCount += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.admittedCount -= 1;
      },
    };
  }

  /** Runs `job` when its turn comes: first in, first out, request jobs before background ones. */
  async run<T>(job: () => Promise<T>, priority: ImageJobPriority = 'request'): Promise<T> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.queued[priority].push(resolve));
    else this.running += 1;
    try {
      return await job();
    } finally {
      const next = this.queued.request.shift() ?? this.queued.background.shift();
      // the place passes straight to the next job, so a newcomer cannot overtake it
      if (next) next();
      else this.running -= 1;
    }
  }
}
