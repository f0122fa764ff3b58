/**
 * Which process runs a dashboard scan: "host/pid/token", written on the scan when it starts.
 * Another process on the same host can tell at once whether that owner is gone (its pid no
 * longer runs, or it is its own pid under a different token: a restart that reused the pid,
 * as a container's pid 1 always does); on other hosts only a stale heartbeat tells.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export interface ScanOwnerIdentity {
  /** The owner string written on this process's scans. */
  readonly id: string;
  readonly host: string;
  readonly pid: number;
}

export function newScanOwner(host = hostname(), pid = process.pid): ScanOwnerIdentity {
  // A host name has no '/', so the id splits back into its parts.
  return { id: `${host}/${pid}/${randomBytes(6).toString('hex')}`, host, pid };
}

/** Whether `pid` is a running process here (EPERM: it runs, as another user). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote `owner` is known to be gone, as seen from `self`. Unknown
 * (another host, an unreadable owner) is not gone: the heartbeat decides those.
 */
export function ownerIsGone(owner: string, self: ScanOwnerIdentity, runs: (pid: number) => boolean = processRuns): boolean {
  if (owner === self.id) return false;
  const [host, pidText, token] = owner.split('/');
  const pid = Number(pidText);
  if (host !== self.host || !token || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === self.pid) return true;
  return !runs(pid);
}
