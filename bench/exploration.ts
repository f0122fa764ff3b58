/**
 * Exploration benchmark (issue 27): source-mode simulation of the rug-pull tokens of
 * ../shared/eval-dev/crpwarner with the compile cached (each file is compiled once before
 * it is timed), measuring per token:
 * - the exploration's own time (every state-changing function called by every privileged
 *   address after a holder bought): median and p95, targets ≤ 2 s and ≤ 8 s;
 * - the whole simulation's time, for scale (the exploration's share of it);
 * - calls made per token and the share of them that produced an observed effect;
 * - tokens whose exploration was cut short by its budgets.
 * Only tokens that reached a trade count (others never explore).
 *
 *   node --import tsx bench/exploration.ts [--limit N] [--dir ../shared/eval-dev]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulateSource } from '../src/simulate/simulate-source.ts';

const here = dirname(fileURLToPath(import.meta.url));
const argAt = (name: string) => process.argv.indexOf(`--${name}`);
const dir = resolve(
  argAt('dir') >= 0 ? process.argv[argAt('dir') + 1]! : (process.env.SCOPEWARD_EVAL_DIR ?? join(here, '..', '..', 'shared', 'eval-dev')),
  'crpwarner',
  'large_sample',
);
const limit = argAt('limit') >= 0 ? Number(process.argv[argAt('limit') + 1]) : Infinity;
const cacheDir = join(tmpdir(), 'scopeward-compile-cache');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sol'))
  .sort()
  .slice(0, Number.isFinite(limit) ? limit : undefined);
const explorationMs: number[] = [];
const totalMs: number[] = [];
const calls: number[] = [];
let withEffect = 0;
let cutShort = 0;
for (const file of files) {
  const sources = { [basename(file)]: readFileSync(join(dir, file), 'utf8') };
  const options = { timeoutMs: 20_000, maxBuy: false, compileCacheDir: cacheDir } as const;
  // The first run pays the compile (cached on disk); the second is the one timed.
  await simulateSource(sources, options);
  const started = performance.now();
  const r = await simulateSource(sources, options);
  const elapsed = performance.now() - started;
  if (!r.exploration) continue;
  explorationMs.push(r.exploration.durationMs);
  totalMs.push(elapsed);
  calls.push(r.exploration.calls);
  withEffect += r.exploration.callsWithEffect;
  if (r.exploration.cutShort) cutShort += 1;
}
explorationMs.sort((a, b) => a - b);
totalMs.sort((a, b) => a - b);
const sortedCalls = [...calls].sort((a, b) => a - b);
const allCalls = calls.reduce((a, b) => a + b, 0);
const report = {
  files: files.length,
  explored: explorationMs.length,
  explorationMedianMs: Math.round(percentile(explorationMs, 50)),
  explorationP95Ms: Math.round(percentile(explorationMs, 95)),
  explorationMaxMs: Math.round(explorationMs.at(-1) ?? 0),
  simulationMedianMs: Math.round(percentile(totalMs, 50)),
  simulationP95Ms: Math.round(percentile(totalMs, 95)),
  explorationShareOfSimulation: Number(
    (
      explorationMs.reduce((a, b) => a + b, 0) /
      Math.max(
        1,
        totalMs.reduce((a, b) => a + b, 0),
      )
    ).toFixed(2),
  ),
  callsPerTokenMedian: percentile(sortedCalls, 50),
  callsPerTokenP95: percentile(sortedCalls, 95),
  callsWithEffectShare: Number((withEffect / Math.max(1, allCalls)).toFixed(3)),
  cutShort,
  targets: { medianMs: 2_000, p95Ms: 8_000 },
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
