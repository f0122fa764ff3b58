/**
 * `npm run bench`: every benchmark in bench/, one after the other, each in a process of
 * its own (so one's heap, pools and servers never weigh on the next). Quick by default:
 * each bench runs with its shortest meaningful options (fewer rounds, shorter phases);
 * `--full` runs each with its own defaults. A failing bench is reported and the rest
 * still run; the exit status is 1 when any failed.
 *
 *   node --import tsx bench/run-all.ts [--full] [--only cli-start,audit-lookup] [--list]
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export interface BenchEntry {
  /** The file under bench/ without `.ts`. */
  readonly name: string;
  /** Options for a quick run (fewer rounds, shorter phases); none when the bench is quick already. */
  readonly quick: readonly string[];
}

/** Every bench script (helpers such as stats.ts and realistic-sources.ts are not benches). */
export const BENCHES: readonly BenchEntry[] = [
  { name: 'cli-start', quick: ['--rounds', '3', '--scan-rounds', '1'] },
  { name: 'audit-lookup', quick: ['--seconds', '1', '--rounds', '3'] },
  { name: 'cyberscan', quick: ['--seconds', '2'] },
  { name: 'isolation', quick: ['--scans', '2'] },
  { name: 'analysis', quick: ['--rounds', '1'] },
  { name: 'exploration', quick: ['--limit', '20'] },
  { name: 'exploration-fork', quick: [] },
  { name: 'similarity', quick: [] },
  { name: 'signatures', quick: ['--count', '100000'] },
  { name: 'safescan', quick: ['--labels', '100000', '--txs', '2000', '--lookups', '5000', '--rounds', '1'] },
  { name: 'domain', quick: ['--runs', '50'] },
  { name: 'enrich', quick: ['--rounds', '2'] },
  { name: 'enrichment', quick: ['--rounds', '2'] },
  { name: 'enrichment-adapters', quick: ['--iterations', '500'] },
  { name: 'chain-read', quick: [] },
  { name: 'market', quick: [] },
  { name: 'simulate', quick: [] },
  { name: 'receipts', quick: ['--rounds', '2'] },
  { name: 'solana', quick: [] },
  { name: 'web-bundle', quick: [] },
  { name: 'verdict-render', quick: ['--runs', '3'] },
  { name: 'watch-delivery', quick: ['--events', '100', '--rounds', '3'] },
  { name: 'watch-follower', quick: ['--tokens', '1000', '--blocks', '2'] },
];

export interface PlanOptions {
  readonly full?: boolean;
  /** Names to run (in the table's order); every bench when absent or empty. */
  readonly only?: readonly string[] | undefined;
}

/** The commands to run, in order: `node --import tsx bench/<name>.ts [quick options]`. */
export function benchPlan(options: PlanOptions = {}): { name: string; args: string[] }[] {
  const only = options.only?.filter(Boolean) ?? [];
  const unknown = only.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length > 0) throw new Error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.map((b) => b.name).join(', ')})`);
  return BENCHES.filter((b) => only.length === 0 || only.includes(b.name)).map((b) => ({
    name: b.name,
    args: ['--import', 'tsx', join('bench', `${b.name}.ts`), ...(options.full ? [] : b.quick)],
  }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { full: { type: 'boolean', default: false }, only: { type: 'string' }, list: { type: 'boolean', default: false } },
  });
  const plan = benchPlan({ full: values.full, only: values.only?.split(',') });
  if (values.list) {
    for (const step of plan) console.log(`node ${step.args.join(' ')}`);
    return;
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const failed: string[] = [];
  for (const step of plan) {
    console.log(`\n=== ${step.name}: node ${step.args.join(' ')}`);
    const started = performance.now();
    const result = spawnSync(process.execPath, step.args, { cwd: root, stdio: 'inherit' });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.status !== 0) failed.push(step.name);
    console.log(`=== ${step.name}: ${result.status === 0 ? 'done' : `failed (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  }
  console.log(`\n${plan.length - failed.length} of ${plan.length} benches ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
  if (failed.length > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
