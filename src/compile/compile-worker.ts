/**
 * The body of a compile worker process (run by Tinypool, see compile-pool.ts): solc off
 * the API's event loop. Each worker keeps the compilers it loaded and its own cache of
 * recent outcomes; the disk cache is shared by all of them.
 */
import { compileSolidity, type CachedCompile, type CompileSolidityOptions } from './compile-solidity.ts';
import { CompileError } from './compile-error.ts';
import { selectTokenContract } from './select-contract.ts';
import { withLibraries } from './library-placeholders.ts';
import { lowerProcessPriority } from '../infra/background-priority.ts';

// Below the API process's priority, every thread of this process (as the analysis workers).
lowerProcessPriority();

export interface CompileTask {
  /** Names this job in the start message (the pool then watches this process's memory). */
  readonly job: number;
  readonly sources: Readonly<Record<string, string>>;
  readonly options: Pick<CompileSolidityOptions, 'version' | 'optimize' | 'cacheDir'>;
  /** Answer only the contract a simulation deploys (`selectTokenContract`), not all of them. */
  readonly select?: { readonly name?: string } | undefined;
}

/** The message a worker sends as it starts a job: the pool starts the job's clocks then. */
export interface CompileJobStarted {
  readonly compileJob: number;
  readonly pid: number;
}

/** A large input yields thousands of warnings and errors; the answer crosses IPC and the API parses it. */
const MAX_MESSAGES = 20;

export default async function runCompile(task: CompileTask): Promise<CachedCompile> {
  // Again per job: a thread started since (libuv's pool, lazily) by a thread that was not lowered.
  lowerProcessPriority();
  const started: CompileJobStarted = { compileJob: task.job, pid: process.pid };
  await new Promise<void>((resolve) => (process.send ? process.send(started, () => resolve()) : resolve()));
  try {
    const out = compileSolidity(task.sources, task.options);
    if (!task.select) return { ok: out };
    const chosen = selectTokenContract(out.contracts, task.select.name);
    // The chosen contract and the libraries it links (the simulation deploys those first).
    return { ok: { ...out, contracts: chosen ? withLibraries(chosen, out.contracts) : [], warnings: out.warnings.slice(0, MAX_MESSAGES) } };
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    const errors = Array.isArray(error.details.errors) ? { errors: (error.details.errors as unknown[]).slice(0, MAX_MESSAGES) } : {};
    return { error: { kind: error.kind, message: error.message, details: { ...error.details, ...errors } } };
  }
}

/** The worker's process id (a health check; tests kill workers by it). */
export function pid(): number {
  return process.pid;
}
