/**
 * How well the security score separates rug-pull tokens from the others, on the
 * CRPWarner tokens of `../shared/eval-dev` (never copied into the project), scanned as
 * source through the real scan and scoring code (`scanSource`, `scoreScan`):
 *
 *   npm run calibrate -- [--dir PATH] [--analysis-only] [--json] [--check] [--list]
 *
 * - positives: files labelled `mint` (hidden mint) or `honeypot` (sell restricted);
 * - negatives: files whose `negative_for` names one of those and that carry neither label;
 * - ROC AUC: the chance that a negative scores safer than a positive (ties count half);
 * - the distribution, per group, of the rank the security score alone would give
 *   (source has no chain, so no total: docs/scoring.md).
 *
 * By default each token is scanned as the server scans a source (`sourceScanner`): the
 * analysis, then compiled and bought, transferred and sold on a fresh chain (about 45 s
 * for the 176 tokens here). `--analysis-only` skips the compile and trades (2 s), for
 * quick looks while changing weights. `--check` exits 1 below AUC 0.90.
 * Fit weights against these groups as a whole, never against a single file.
 */
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeVerifiedSources, sourceScanner } from '../src/scan/scan-dependencies.ts';
import { scanSource } from '../src/scan/scan-source.ts';
import { MONEY_POWER_DETECTORS, rankOf, RANKS, type MoneyPower } from '../src/scan/scoring/score-scan.ts';
import { createNodeModulesResolver } from '../src/source-files/node-modules-resolver.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const GROUP_LABELS = ['mint', 'honeypot'] as const;
export const AUC_TARGET = 0.9;

interface LabelRecord {
  readonly dataset: string;
  readonly file: string;
  readonly labels: readonly string[];
  readonly negative_for?: readonly string[];
}

export interface Scored {
  readonly file: string;
  readonly group: 'positive' | 'negative';
  readonly labels: readonly string[];
  readonly negativeFor: readonly string[];
  readonly security: number | null;
  readonly factors: readonly string[];
}

/** P(a negative scores higher than a positive), ties half: the ROC AUC of "lower score = rug pull". */
export function rocAuc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += n > p ? 1 : n === p ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/**
 * The AUC over every (positive, negative) pair of the same category, pooled: the corpus
 * README counts a category in neither `labels` nor `negative_for` as unknown, so a token
 * labelled only "no sell restriction" is never paired with a hidden-mint positive here.
 */
export function pooledRocAuc(groups: readonly { positives: readonly number[]; negatives: readonly number[] }[]): number {
  let wins = 0;
  let pairs = 0;
  for (const { positives, negatives } of groups) {
    const pairCount = positives.length * negatives.length;
    if (pairCount === 0) continue;
    wins += rocAuc(positives, negatives) * pairCount;
    pairs += pairCount;
  }
  return pairs === 0 ? Number.NaN : wins / pairs;
}

function parseArgs(argv: readonly string[]) {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    dir: resolve(value('--dir') ?? join(root, '..', 'shared', 'eval-dev')),
    // `--simulate` was the opt-in before the scan as served became the default.
    simulate: !argv.includes('--analysis-only'),
    json: argv.includes('--json'),
    check: argv.includes('--check'),
    list: argv.includes('--list'),
  };
}

function groupOf(record: LabelRecord): Scored['group'] | null {
  if (GROUP_LABELS.some((l) => record.labels.includes(l))) return 'positive';
  if (GROUP_LABELS.some((l) => record.negative_for?.includes(l))) return 'negative';
  return null;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const records = readFileSync(join(args.dir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LabelRecord)
    .filter((r) => r.dataset === 'crpwarner' && groupOf(r) !== null);
  const analyze = analyzeVerifiedSources(createNodeModulesResolver());
  const scan = args.simulate ? sourceScanner(analyze) : (sources: Readonly<Record<string, string>>) => scanSource({ analyze }, sources);
  const started = performance.now();
  const scored: Scored[] = [];
  for (const record of records) {
    const source = readFileSync(join(args.dir, record.file), 'utf8');
    const result = await scan({ [basename(record.file)]: source });
    scored.push({
      file: record.file,
      group: groupOf(record)!,
      labels: record.labels,
      negativeFor: record.negative_for ?? [],
      security: result.score.security,
      factors: (result.score.factors as { factor: string; effect: number }[])
        .filter((f) => f.effect !== 0 && f.factor !== 'base')
        .map((f) => `${f.factor} ${f.effect}`),
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const scoresOf = (group: Scored['group']) => scored.filter((s) => s.group === group).map((s) => s.security ?? 0);
  const auc = rocAuc(scoresOf('positive'), scoresOf('negative'));
  const labels = RANKS.map(([, label]) => label);
  const distribution = (group: Scored['group']) => {
    const counts = Object.fromEntries(labels.map((l) => [l, 0])) as Record<string, number>;
    for (const s of scored.filter((x) => x.group === group)) counts[rankOf(s.security)] = (counts[rankOf(s.security)] ?? 0) + 1;
    return counts;
  };
  // Each CRPWarner file is labelled for one category only: a token labelled without a sell
  // restriction says nothing about a mint. The AUC per category pairs each category's
  // positives with its own negatives; `powersOutsideLabel` counts the negatives in which the
  // analysis finds a power to take money of a kind their label does not rule out.
  const categoryScores = GROUP_LABELS.map((label) => ({
    label,
    positives: scored.filter((s) => s.labels.includes(label)).map((s) => s.security ?? 0),
    negatives: scored.filter((s) => s.negativeFor.includes(label)).map((s) => s.security ?? 0),
  }));
  const byCategory: Record<string, { positives: number; negatives: number; auc: number }> = Object.fromEntries(
    categoryScores.map(({ label, positives, negatives }) => [
      label,
      { positives: positives.length, negatives: negatives.length, auc: Math.round(rocAuc(positives, negatives) * 1000) / 1000 },
    ]),
  );
  const pooledAuc = Math.round(pooledRocAuc(categoryScores) * 1000) / 1000;
  const ruledOut: Readonly<Record<string, MoneyPower>> = { mint: 'mint', honeypot: 'sell-block' };
  const powersOutsideLabel = scored.filter((s) => {
    if (s.group !== 'negative') return false;
    const kinds = s.factors.map((f) => MONEY_POWER_DETECTORS[f.split(' ')[0]!.replace(/^finding:/, '')]).filter(Boolean);
    return kinds.some((k) => !s.negativeFor.some((label) => ruledOut[label] === k));
  }).length;
  const summary = {
    files: scored.length,
    positives: scoresOf('positive').length,
    negatives: scoresOf('negative').length,
    auc: Math.round(auc * 1000) / 1000,
    target: AUC_TARGET,
    byCategory,
    pooledAuc,
    powersOutsideLabel,
    ranks: { positive: distribution('positive'), negative: distribution('negative') },
    unscored: scored.filter((s) => s.security === null).length,
    simulate: args.simulate,
    seconds: Math.round(seconds * 10) / 10,
  };
  if (args.json) console.log(JSON.stringify(args.list ? { ...summary, scored } : summary, null, 2));
  else {
    console.log(
      `security score on ${summary.files} CRPWarner tokens (${summary.positives} hidden mint or sell restriction, ${summary.negatives} labelled without)${args.simulate ? ', scanned as the server scans sources (with simulation)' : ', analysis only'}, ${summary.seconds} s`,
    );
    console.log(
      `ROC AUC ${summary.auc.toFixed(3)} (target ${AUC_TARGET.toFixed(2)})${summary.unscored ? `; ${summary.unscored} files without a score` : ''}`,
    );
    console.log(
      `per category: ${Object.entries(byCategory)
        .map(([l, c]) => `${l} ${c.auc.toFixed(3)} (${c.positives} vs ${c.negatives})`)
        .join(
          ', ',
        )}; pooled within categories ${pooledAuc.toFixed(3)}; ${powersOutsideLabel} negatives carry a power to take money of a kind their label does not rule out`,
    );
    console.log(`rank by security score   ${labels.map((l) => l.padStart(4)).join('')}`);
    for (const group of ['positive', 'negative'] as const) {
      console.log(`  ${group.padEnd(22)} ${labels.map((l) => String(summary.ranks[group][l]).padStart(4)).join('')}`);
    }
    if (args.list)
      for (const s of [...scored].sort((a, b) => (a.security ?? 0) - (b.security ?? 0)))
        console.log(`${String(s.security).padStart(4)} ${s.group.padEnd(8)} ${s.file}  ${s.factors.join(', ')}`);
  }
  if (args.check && !(auc >= AUC_TARGET)) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
