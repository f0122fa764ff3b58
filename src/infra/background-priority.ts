/**
 * Lowers the CPU scheduling priority of the calling thread, for the worker threads and
 * processes that analyse and compare sources. With as many workers as cores, a busy
 * pool competes with the API's event loop for the CPU; at a lower priority the kernel
 * runs the event loop first whenever it wakes (a /healthz, a key check), and the jobs
 * use whatever CPU is left. Jobs keep their own time limits.
 *
 * Linux only: there `setpriority` with pid 0 changes the calling thread alone, so a
 * worker thread does not slow the API thread of its process. Elsewhere (Windows sets a
 * whole process's class) nothing is changed.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Niceness of background work: the event loop gets about three times its CPU share. */
export const BACKGROUND_NICENESS = 5;

/** True when the calling thread now runs at `niceness` or lower priority. */
export function lowerThreadPriority(niceness = BACKGROUND_NICENESS, platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    // Never raise a priority someone lowered further (an operator's `nice -n 19`).
    if (getPriority(0) < niceness) setPriority(0, niceness);
    return getPriority(0) >= niceness;
  } catch {
    // Not permitted in some sandboxes: the work still runs, at normal priority.
    return false;
  }
}

/**
 * Lowers every thread of the calling process, for a worker *process* (the analysis pool).
 * Lowering the main thread alone is not enough there: V8's garbage-collector helpers, the
 * module loader's hooks thread and libuv's pool were started at normal priority before
 * the worker's code ran, and a busy worker's threads at niceness 0 took ~20% of a core
 * each worker, beside the API's event loop (`ps -L` during bench/isolation.ts). Threads
 * started later inherit the niceness of the thread that starts them.
 *
 * Linux only (the threads are listed in /proc/self/task); elsewhere nothing is changed.
 * Never for the API's own process: it would slow the event loop too.
 */
export function lowerProcessPriority(niceness = BACKGROUND_NICENESS, platform = process.platform, taskDir = '/proc/self/task'): boolean {
  if (platform !== 'linux') return false;
  let all = true;
  let threads: string[];
  try {
    threads = readdirSync(taskDir);
  } catch {
    return false;
  }
  for (const tid of threads.map(Number)) {
    try {
      if (getPriority(tid) < niceness) setPriority(tid, niceness);
      all &&= getPriority(tid) >= niceness;
    } catch {
      // A thread that ended since the listing, or a sandbox that refuses: leave it.
      all = false;
    }
  }
  return all;
}
