/**
 * Image work yields the CPU to the thread that serves pages. Sharp decodes and encodes on the process's
 * libuv pool threads and libvips spreads the pixels over threads of its own ("libvips worker"); both are
 * unnamed helpers of the one thread that answers visitors. On Linux every thread of the process but that
 * one is given a lower priority (10 nicer than the process) the first time it is seen, so that on a small
 * machine a photo being encoded waits while a visitor's request is answered, instead of the two sharing
 * the core. Measured with 8 uploaders on 2 cores: lowering only the libvips threads left the pool threads,
 * which did most of the image work, at the serving thread's priority. Elsewhere, or when /proc cannot be
 * read, nothing changes.
 */
import fs from 'node:fs';
import os from 'node:os';

/** How much nicer helper threads are than the server's own thread (a server started with `nice 5` gets 15). */
const HELPER_THREAD_NICER_BY = 10;
/** The nicest niceness there is. */
const NICEST = 19;

/** The niceness of helper threads in this process. */
export const helperThreadNicenessFor = (processNiceness: number) => Math.min(NICEST, processNiceness + HELPER_THREAD_NICER_BY);

/** The thread that runs the event loop (the one calling, read once: /proc/thread-self names it). */
let servingThread: number | null = null;
function servingThreadId(): number {
  servingThread ??= Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  return servingThread;
}

/** Thread ids already lowered (the pools keep their threads, so they are few and long-lived). */
const lowered = new Set<number>();

/** Lowers the priority of every helper thread not lowered yet; cheap enough to call around each image job. */
export function lowerHelperThreadPriority(): void {
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
      if (tid === servingThreadId()) continue;
      os.setPriority(tid, helperThreadNicenessFor(os.getPriority()));
      lowered.add(tid);
    } catch {
      // the thread ended meanwhile, or the system refuses: it keeps the priority it has
    }
  }
}

/** The niceness of each helper thread now, and of the serving thread (for tests and the bench). */
export function threadNiceness(): { serving: number; helpers: number[] } {
  if (process.platform !== 'linux') return { serving: os.getPriority(), helpers: [] };
  const serving = servingThreadId();
  return {
    serving: os.getPriority(serving),
    helpers: fs
      .readdirSync('/proc/self/task')
      .map(Number)
      .filter((tid) => tid !== serving)
      .map((tid) => os.getPriority(tid)),
  };
}
