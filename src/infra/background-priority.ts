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
