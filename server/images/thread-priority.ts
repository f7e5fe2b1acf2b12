/**
 * The image process (server/images/image-child.ts) yields the CPU to the server. Sharp decodes and encodes
 * on libuv pool threads and libvips spreads the pixels over threads of its own; in the image process every
 * thread, its main one included, is given a lower priority (10 nicer than the server) the first time it is
 * seen, so that on a small machine a photo being encoded waits while a visitor's request is answered,
 * instead of the two sharing the core. The server's own threads keep their priority: its garbage
 * collector's helpers among them, which its thread waits for in each collection (seen with them lowered
 * too: young-generation collections of up to 20 ms during a burst of uploads, 1-8 ms otherwise). Elsewhere than
 * on Linux, or when /proc cannot be read, nothing changes.
 */
import fs from 'node:fs';
import os from 'node:os';

/** How much nicer the image process is than the server (a server started with `nice 5` gets 15). */
const IMAGE_PROCESS_NICER_BY = 10;
/** The nicest niceness there is. */
const NICEST = 19;

/** The niceness of the image process's threads for a server of this niceness. */
export const imageProcessNicenessFor = (serverNiceness: number) => Math.min(NICEST, serverNiceness + IMAGE_PROCESS_NICER_BY);

/** The niceness this process started with (inherited from the server that started it). */
const startNiceness = os.getPriority();

/** Thread ids already lowered (the pools keep their threads, so they are few and long-lived). */
const lowered = new Set<number>();

/** Lowers the priority of every thread of this process not lowered yet; cheap enough to call after each job. */
export function lowerAllThreadsPriority(): void {
  if (process.platform !== 'linux') return;
  let threads: string[];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const name of threads) {
    const tid = Number(name);
    if (lowered.has(tid)) continue;
    try {
      os.setPriority(tid, imageProcessNicenessFor(startNiceness));
      lowered.add(tid);
    } catch {
      // the thread ended meanwhile, or the system refuses: it keeps the priority it has
    }
  }
}

/** The niceness of each thread of this process now (for tests and the bench). */
export function processThreadNiceness(): number[] {
  if (process.platform !== 'linux') return [os.getPriority()];
  return fs
    .readdirSync('/proc/self/task')
    .map(Number)
    .flatMap((tid) => {
      try {
        return [os.getPriority(tid)];
      } catch {
        return []; // ended meanwhile
      }
    });
}
