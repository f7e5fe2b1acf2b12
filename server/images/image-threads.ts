/**
 * Image work yields the CPU to the thread that serves pages. libvips encodes on threads of its own
 * ("libvips worker"); on Linux each is given a lower priority (10 nicer than the process) the first time it is seen, so that
 * on a small machine a photo being encoded waits while a visitor's request is answered, instead of the
 * two sharing the core. Elsewhere, or when /proc cannot be read, nothing changes.
 */
import fs from 'node:fs';
import os from 'node:os';

/** How much nicer image threads are than the server's own thread (a server started with `nice 5` gets 15). */
const IMAGE_THREAD_NICER_BY = 10;
/** The nicest niceness there is. */
const NICEST = 19;

/** The niceness of image threads in this process. */
export const imageThreadNicenessFor = (processNiceness: number) => Math.min(NICEST, processNiceness + IMAGE_THREAD_NICER_BY);
const IMAGE_THREAD_NAME = 'libvips worker';

/** Thread ids already lowered (libvips keeps its threads in a pool, so they are few and long-lived). */
const lowered = new Set<number>();

/** Lowers the priority of every libvips thread not lowered yet; cheap enough to call around each image job. */
export function lowerImageThreadPriority(): void {
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
      if (fs.readFileSync(`/proc/self/task/${name}/comm`, 'utf8').trim() !== IMAGE_THREAD_NAME) continue;
      os.setPriority(tid, imageThreadNicenessFor(os.getPriority()));
      lowered.add(tid);
    } catch {
      // the thread ended meanwhile, or the system refuses: it keeps the priority it has
    }
  }
}

/** The niceness of each libvips thread now (for tests and the bench). */
export function imageThreadNiceness(): number[] {
  if (process.platform !== 'linux') return [];
  return fs
    .readdirSync('/proc/self/task')
    .filter((name) => {
      try {
        return fs.readFileSync(`/proc/self/task/${name}/comm`, 'utf8').trim() === IMAGE_THREAD_NAME;
      } catch {
        return false;
      }
    })
    .map((name) => os.getPriority(Number(name)));
}
