/**
 * How fast the shipped CLI (bin/scopeward.js running compiled/) starts and scans, as whole
 * processes, against baselines measured in the same run:
 *
 * - `scopeward --help` and `--version` against `node -e 0` (and the same help run from the
 *   TypeScript sources through tsx, the way every start went before compiled/);
 * - `scopeward scan FOLDER --json` against a bare tree-sitter parse of the same files in a
 *   process of its own (read every .sol file, parse it, nothing else).
 *
 * Runs are interleaved so a busy moment of a shared machine hits every kind alike; each
 * figure is the median. Wall time is what a user waits; CPU time (the children's user +
 * system, from /proc) is what the process costs, and moves less with other load.
 *
 *   node --import tsx bench/cli-start.ts [--folder ../shared/eval-dev/solidifi] [--rounds 10] [--scan-rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../bin/compiled-output.js';
import { ensureCompiled } from '../src/infra/compiled-build.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    folder: { type: 'string', default: join(REPO_ROOT, '..', 'shared', 'eval-dev', 'solidifi') },
    rounds: { type: 'string', default: '10' },
    'scan-rounds': { type: 'string', default: '3' },
  },
});
const folder = resolve(values.folder);
if (!existsSync(folder)) {
  process.stderr.write(`bench/cli-start.ts: ${folder} does not exist; give a folder of .sol files with --folder\n`);
  process.exit(2);
}
const BIN = join(REPO_ROOT, 'bin', 'scopeward.js');

/** A process that reads and parses every .sol file under a folder with tree-sitter, and nothing else. */
const BARE_PARSE = `
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Parser from 'tree-sitter';
import Solidity from 'tree-sitter-solidity';
const parser = new Parser();
parser.setLanguage(Solidity);
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.name.endsWith('.sol')) {
      const text = readFileSync(path, 'utf8');
      parser.parse(text, undefined, { bufferSize: Math.max(1024, text.length * 2 + 16) });
    }
  }
};
walk(process.argv[1]);
`;

/** CPU seconds used by this process's waited-for children so far (cutime + cstime of /proc/self/stat). */
function childrenCpu(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Run {
  readonly wall: number;
  readonly cpu: number;
}

function run(args: readonly string[], env: Record<string, string> = {}): Run {
  const cpuBefore = childrenCpu();
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = (performance.now() - started) / 1000;
  // Exit 1 is `scan`'s "findings at or above --fail-on"; without --fail-on any non-zero is a failure.
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr.toString().slice(0, 500)}`);
  return { wall, cpu: childrenCpu() - cpuBefore };
}

function measure(kinds: Record<string, () => Run>, rounds: number): Record<string, Run[]> {
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    const order = Object.keys(kinds);
    if (r % 2 === 1) order.reverse();
    for (const kind of order) runs[kind]!.push(kinds[kind]!());
  }
  return runs;
}

const wall = (runs: Run[]) => median(runs.map((r) => r.wall));
const cpu = (runs: Run[]) => median(runs.map((r) => r.cpu));
const ms = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`.padStart(8);

const built = await ensureCompiled();
console.log(
  `cli start and folder scan, whole processes${built ? ' (compiled/ was rebuilt first)' : ''}; medians; a shared machine is noisy`,
);

const rounds = Number(values.rounds);
// One unmeasured run of each fills the OS file cache.
run(['-e', '0']);
run([BIN, '--help']);
const start = measure(
  {
    'node -e 0': () => run(['-e', '0']),
    'scopeward --version': () => run([BIN, '--version']),
    'scopeward --help': () => run([BIN, '--help']),
    'scopeward --help (sources through tsx)': () => run([BIN, '--help'], { SCOPEWARD_FROM_SOURCE: '1' }),
  },
  rounds,
);
const baseline = start['node -e 0']!;
for (const [kind, runs] of Object.entries(start)) {
  console.log(
    `${kind.padEnd(40)} wall ${ms(wall(runs))} (${(wall(runs) / wall(baseline)).toFixed(1)}× node -e 0)  cpu ${ms(cpu(runs))}${kind.startsWith('scopeward --') && !kind.includes('tsx') ? '  (target ≤ 500 ms wall)' : ''}`,
  );
}

const scanRounds = Number(values['scan-rounds']);
const files = spawnSync('find', [folder, '-name', '*.sol', '-type', 'f']).stdout.toString().trim().split('\n').filter(Boolean).length;
run(['--input-type=module', '-e', BARE_PARSE, folder]);
const scan = measure(
  {
    bare: () => run(['--input-type=module', '-e', BARE_PARSE, folder]),
    scan: () => run([BIN, 'scan', folder, '--json']),
  },
  scanRounds,
);
console.log(
  `scan of ${files} files in ${folder}: wall ${ms(wall(scan.scan!))} vs bare parse ${ms(wall(scan.bare!))}: ${(wall(scan.scan!) / wall(scan.bare!)).toFixed(1)}×;` +
    ` cpu ${ms(cpu(scan.scan!))} vs ${ms(cpu(scan.bare!))}: ${(cpu(scan.scan!) / cpu(scan.bare!)).toFixed(1)}×  (target ≤ 3×)`,
);
