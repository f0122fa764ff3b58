/**
 * The body of an analysis worker thread (run by Tinypool, see analysis-pool.ts): the
 * analysis engine over a source map, off the API's event loop. Each worker keeps its own
 * parser and import resolver across jobs.
 */
import { analyzeVerifiedSources } from '../scan-dependencies.ts';
import { createNodeModulesResolver } from '../../source-files/node-modules-resolver.ts';
import { lowerProcessPriority } from '../../infra/background-priority.ts';
import { analyzeSources } from '../../analysis/analyze.ts';
import { SPILL_ITEMS, spillItems } from './spilled-items.ts';
import type { TokenPowersOfContract } from '../../analysis/token-powers.ts';

// Below the API process's priority: its event loop runs first whenever it wakes. Every
// thread of this process, not only its main thread (GC helpers run beside the analysis).
lowerProcessPriority();

export interface AnalysisTask {
  readonly sources: Readonly<Record<string, string>>;
}

const analyze = analyzeVerifiedSources(createNodeModulesResolver());

export default function runAnalysis(task: AnalysisTask) {
  // Again per job: a thread started since (libuv's pool, lazily) by a thread that was not lowered.
  lowerProcessPriority();
  const result = analyze(task.sources);
  // A long contract list goes through a file the pool reads in slices (spilled-items.ts).
  if (result.contracts.length < SPILL_ITEMS) return result;
  return { ...result, contracts: [], contractsFile: spillItems(result.contracts) };
}

export interface TokenPowersTask {
  readonly sources: Readonly<Record<string, string>>;
  readonly contract: string;
}

/** The owner powers of one contract (a source simulation's switches and levers), as `simulateSource` reads them. */
export function tokenPowers(task: TokenPowersTask): TokenPowersOfContract | null {
  lowerProcessPriority();
  return analyzeSources(task.sources).tokenPowers.find((p) => p.contract === task.contract) ?? null;
}

/** The worker's process id (the pool's health check; the fault suite kills workers by it). */
export function pid(): number {
  return process.pid;
}
