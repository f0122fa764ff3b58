/**
 * Keeps the dashboard's scans honest across crashes (issue 30, finding 6): this process's
 * running scans get a heartbeat, and scans left queued or running by a process that is gone
 * are closed as interrupted, at start and then every interval, so their pages and event
 * streams end and they stop holding one of their account's slots. Safe with several
 * replicas on one database: a scan is only closed when its owner is known gone (same host)
 * or silent for longer than `staleAfterMs`, and never this process's own.
 */
import type { DashboardScanRepository } from './dashboard-scan-repository.ts';
import type { DashboardScanRunner } from './dashboard-scan-runner.ts';
import { ownerIsGone, processRuns, type ScanOwnerIdentity } from './scan-owner.ts';

/** How often a process says its scans still run, and looks for abandoned ones. */
export const SCAN_HEARTBEAT_MS = 20_000;
/** A scan whose owner has been silent this long is taken as abandoned (several heartbeats missed). */
export const SCAN_STALE_AFTER_MS = 90_000;
export const INTERRUPTED_MESSAGE = 'The scan was interrupted (the process running it stopped): start it again';

export interface AbandonedScansOptions {
  readonly repository: DashboardScanRepository;
  readonly runner: Pick<DashboardScanRunner, 'heartbeat' | 'announceEnded'>;
  readonly self: ScanOwnerIdentity;
  readonly now: () => Date;
  readonly staleAfterMs?: number;
  readonly processRuns?: (pid: number) => boolean;
}

/** One sweep: closes the abandoned scans, ends their local event streams, returns their ids. */
export async function closeAbandonedScans(options: AbandonedScansOptions): Promise<string[]> {
  const runs = options.processRuns ?? processRuns;
  const gone = (await options.repository.runningOwners()).filter((owner) => ownerIsGone(owner, options.self, runs));
  const now = options.now();
  const closed = await options.repository.interruptAbandoned({
    staleBefore: new Date(now.getTime() - (options.staleAfterMs ?? SCAN_STALE_AFTER_MS)).toISOString(),
    goneOwners: gone,
    self: options.self.id,
    at: now.toISOString(),
    reason: INTERRUPTED_MESSAGE,
  });
  await options.runner.announceEnded(closed);
  return closed;
}

/** Heartbeat and sweep every `intervalMs` until stopped; failures go to `onError` (a database that is down). */
export function keepScansHonest(
  options: AbandonedScansOptions & { readonly intervalMs?: number; readonly onError: (error: unknown) => void },
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      await options.runner.heartbeat().catch(options.onError);
      await closeAbandonedScans(options).catch(options.onError);
    })().finally(() => {
      busy = false;
    });
  }, options.intervalMs ?? SCAN_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
