/**
 * Accuracy of the analysis on the labelled public corpus in `../shared/eval-dev` (never
 * copied into the project), scored as that corpus's README says:
 *
 *   node --import tsx scripts/eval-accuracy.ts [--dir PATH] [--dataset NAME] [--json]
 *                                              [--misses CATEGORY] [--check]
 *
 * - a file is a hit for a category when a mapped smartAudit key is non-empty or a mapped
 *   finding fires on it (CATEGORY_MAP below);
 * - recall over the files labelled with the category;
 * - precision over the labelled files plus the files that list it in `negative_for`
 *   (a category in neither list is unknown for that file and counts nowhere);
 * - false-alarm rate: the share of the dataset's files *without* the label where it fires;
 * - line recall: labelled lines that fall inside a reported range (findings of the mapped
 *   detectors and the mapped smartAudit ranges);
 * - scan failures (a throw, or no contract found) and time per file.
 *
 * `--misses CATEGORY` lists the labelled files the engine missed and the negatives it hit,
 * to read them by hand. `--check` exits 1 when a target of issue 10 is not met.
 *
 * Each source is scanned as a user would upload it: alone, with library imports resolved
 * from installed packages.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { analyzeSources, type AnalysisResult } from '../src/analysis/analyze.ts';
import type { SmartAudit, SmartAuditRange } from '../src/analysis/report/smart-audit.ts';
import { createNodeModulesResolver } from '../src/source-files/node-modules-resolver.ts';
import { evalHalf, halfArgument } from './eval-split.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What counts as "the engine reports this category": smartAudit range keys and detector ids. */
export const CATEGORY_MAP: Readonly<Record<string, { keys: readonly (keyof SmartAudit)[]; detectors: readonly string[] }>> = {
  // CRPWarner's "hidden mint" is any function that raises the supply beyond the standard
  // interface, bonding-curve purchases included (its dividend-token clones are labelled
  // so): an open sale mint counts here; the tags below give the privileged mint alone.
  mint: { keys: ['mint'], detectors: ['owner-mint', 'sale-mint'] },
  burn: { keys: ['burn'], detectors: ['owner-burn'] },
  blacklist: { keys: ['blacklist', 'blacklistMany'], detectors: [] },
  whitelist: { keys: ['whitelist'], detectors: [] },
  setFees: { keys: ['setFees'], detectors: [] },
  maxTxAmount: { keys: ['maxTxAmount'], detectors: [] },
  pause: { keys: ['pause'], detectors: [] },
  cooldown: { keys: ['cooldown'], detectors: [] },
  // Issue 10: a sell restriction is any key that can stop a holder's sell, or a finding
  // that says sells are restricted.
  honeypot: { keys: ['pause', 'blacklist', 'blacklistMany', 'maxTxAmount', 'cooldown'], detectors: ['sell-restriction'] },
  proxy: { keys: [], detectors: ['upgradeable-proxy', 'controlled-delegatecall', 'unprotected-initializer'] },
  selfdestruct: { keys: [], detectors: ['selfdestruct'] },
  reentrancy: { keys: [], detectors: ['reentrancy'] },
  // SolidiFI's "Unchecked-Send" class is an unauthorised ETH send (a public function that
  // pays out to anyone), and Slither's unchecked-transfer an ignored ERC-20 result: both
  // are labelled unchecked-call by the corpus.
  'unchecked-call': { keys: [], detectors: ['unchecked-low-level-call', 'arbitrary-eth-withdrawal', 'unchecked-erc20-transfer'] },
  'tx-origin': { keys: [], detectors: ['tx-origin-auth'] },
};

/**
 * Finer tags of the corpus (a dataset's own bug classes) and the detectors that answer
 * them; reported as recall only, for what the categories above do not cover.
 */
export const TAG_MAP: Readonly<Record<string, readonly string[]>> = {
  'solidifi:Overflow-Underflow': ['integer-overflow'],
  'solidifi:Timestamp-Dependency': ['timestamp-dependence', 'weak-randomness'],
  'solidifi:Unchecked-Send': ['arbitrary-eth-withdrawal', 'unchecked-low-level-call'],
  'solidifi:Unhandled-Exceptions': ['unchecked-low-level-call'],
  'solidifi:Re-entrancy': ['reentrancy'],
  'solidifi:tx.origin': ['tx-origin-auth'],
  'slither:suicidal': ['selfdestruct'],
  'slither:arbitrary-send-eth': ['arbitrary-eth-withdrawal'],
  'slither:weak-prng': ['weak-randomness'],
  'slither:timestamp': ['timestamp-dependence'],
  'slither:unchecked-lowlevel': ['unchecked-low-level-call'],
  'slither:unchecked-send': ['unchecked-low-level-call'],
  'slither:unchecked-transfer': ['unchecked-erc20-transfer'],
  'slither:tx-origin': ['tx-origin-auth'],
  'slither:controlled-delegatecall': ['controlled-delegatecall'],
  // The privileged mint alone (the smartAudit `mint` key), without open sale mints.
  'crpwarner-large:mint=Yes': ['owner-mint'],
};

interface LabelRecord {
  readonly dataset: string;
  readonly file: string;
  readonly labels: readonly string[];
  readonly negative_for?: readonly string[];
  readonly tags?: readonly string[];
  readonly lines?: Readonly<Record<string, readonly number[]>>;
}

interface FileOutcome {
  readonly record: LabelRecord;
  readonly ms: number;
  readonly failed: string | null;
  readonly hits: ReadonlySet<string>;
  /** Per category: ranges reported by its keys and detectors. */
  readonly ranges: ReadonlyMap<string, [number, number][]>;
  readonly detectorsFired: ReadonlySet<string>;
}

interface CategoryRow {
  dataset: string;
  category: string;
  labelled: number;
  found: number;
  recall: number;
  negatives: number;
  negativeHits: number;
  precision: number | null;
  withoutLabel: number;
  falseAlarms: number;
  falseAlarmRate: number | null;
  labelledLines: number;
  linesFound: number;
  lineRecall: number | null;
}

function parseArgs(argv: readonly string[]): { dir: string; dataset: string | null; json: boolean; misses: string | null; check: boolean } {
  const value = (flag: string): string | null => {
    const i = argv.indexOf(flag);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : null;
  };
  return {
    dir: resolve(value('--dir') ?? join(root, '..', 'shared', 'eval-dev')),
    dataset: value('--dataset'),
    json: argv.includes('--json'),
    misses: value('--misses'),
    check: argv.includes('--check'),
  };
}

function readLabels(dir: string): LabelRecord[] {
  return readFileSync(join(dir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LabelRecord);
}

function rangesOf(result: AnalysisResult, category: string): [number, number][] {
  const map = CATEGORY_MAP[category];
  if (!map) return [];
  const out: [number, number][] = [];
  for (const key of map.keys) {
    const value = result.smartAudit[key];
    if (Array.isArray(value)) for (const r of value as SmartAuditRange[]) out.push([r.range[0], r.range[1]]);
  }
  for (const f of result.findings) if (map.detectors.includes(f.detector)) for (const r of f.ranges) out.push([r[0], r[1]]);
  return out;
}

function hasHit(result: AnalysisResult, category: string): boolean {
  const map = CATEGORY_MAP[category];
  if (!map) return false;
  for (const key of map.keys) {
    const value = result.smartAudit[key];
    if (Array.isArray(value) ? value.length > 0 : value === true) return true;
  }
  return result.findings.some((f) => map.detectors.includes(f.detector));
}

function scanFile(dir: string, record: LabelRecord, resolveImport: (p: string) => string | undefined): FileOutcome {
  const source = readFileSync(join(dir, record.file), 'utf8');
  const name = record.file.split('/').pop() ?? record.file;
  const started = performance.now();
  let result: AnalysisResult | null = null;
  let failed: string | null = null;
  try {
    result = analyzeSources(new Map([[name, source]]), { resolveImport });
    if (result.contracts.length === 0) failed = result.diagnostics[0]?.message ?? 'no contract found';
  } catch (e) {
    failed = `threw: ${(e as Error).message}`;
  }
  const ms = performance.now() - started;
  const hits = new Set<string>();
  const ranges = new Map<string, [number, number][]>();
  if (result) {
    for (const category of Object.keys(CATEGORY_MAP)) {
      if (hasHit(result, category)) hits.add(category);
      ranges.set(category, rangesOf(result, category));
    }
  }
  return { record, ms, failed, hits, ranges, detectorsFired: new Set(result?.findings.map((f) => f.detector) ?? []) };
}

function ratio(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}

function categoryRows(outcomes: readonly FileOutcome[]): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const datasets = [...new Set(outcomes.map((o) => o.record.dataset))].sort();
  for (const dataset of datasets) {
    const inSet = outcomes.filter((o) => o.record.dataset === dataset);
    const categories = new Set<string>();
    for (const o of inSet) for (const l of [...o.record.labels, ...(o.record.negative_for ?? [])]) if (CATEGORY_MAP[l]) categories.add(l);
    for (const category of [...categories].sort()) {
      const labelled = inSet.filter((o) => o.record.labels.includes(category));
      const negatives = inSet.filter((o) => o.record.negative_for?.includes(category));
      const without = inSet.filter((o) => !o.record.labels.includes(category));
      const found = labelled.filter((o) => o.hits.has(category)).length;
      const negativeHits = negatives.filter((o) => o.hits.has(category)).length;
      const falseAlarms = without.filter((o) => o.hits.has(category)).length;
      let labelledLines = 0;
      let linesFound = 0;
      for (const o of labelled) {
        const lines = o.record.lines?.[category] ?? [];
        const ranges = o.ranges.get(category) ?? [];
        labelledLines += lines.length;
        linesFound += lines.filter((l) => ranges.some(([s, e]) => l >= s && l <= e)).length;
      }
      rows.push({
        dataset,
        category,
        labelled: labelled.length,
        found,
        recall: ratio(found, labelled.length) ?? 0,
        negatives: negatives.length,
        negativeHits,
        precision: negatives.length === 0 ? null : ratio(found, found + negativeHits),
        withoutLabel: without.length,
        falseAlarms,
        falseAlarmRate: ratio(falseAlarms, without.length),
        labelledLines,
        linesFound,
        lineRecall: ratio(linesFound, labelledLines),
      });
    }
  }
  return rows;
}

function tagRows(outcomes: readonly FileOutcome[]): { tag: string; files: number; found: number; recall: number }[] {
  const out: { tag: string; files: number; found: number; recall: number }[] = [];
  for (const [tag, ids] of Object.entries(TAG_MAP)) {
    const files = outcomes.filter((o) => o.record.tags?.includes(tag));
    if (files.length === 0) continue;
    const found = files.filter((o) => ids.some((id) => o.detectorsFired.has(id))).length;
    out.push({ tag, files: files.length, found, recall: found / files.length });
  }
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The "done when" figures of issue 10. */
function targets(rows: readonly CategoryRow[]): { name: string; value: number | null; target: string; met: boolean }[] {
  const row = (dataset: string, category: string): CategoryRow | undefined =>
    rows.find((r) => r.dataset === dataset && r.category === category);
  const out: { name: string; value: number | null; target: string; met: boolean }[] = [];
  const atLeast = (name: string, value: number | null | undefined, min: number): void => {
    out.push({ name, value: value ?? null, target: `>= ${min}`, met: value !== null && value !== undefined && value >= min });
  };
  const atMost = (name: string, value: number | null | undefined, max: number): void => {
    out.push({ name, value: value ?? null, target: `<= ${max}`, met: value !== null && value !== undefined && value <= max });
  };
  for (const c of ['mint', 'honeypot']) {
    atLeast(`crpwarner ${c} precision`, row('crpwarner', c)?.precision, 0.9);
    atLeast(`crpwarner ${c} recall`, row('crpwarner', c)?.recall, 0.9);
  }
  for (const c of ['reentrancy', 'tx-origin', 'unchecked-call']) {
    atLeast(`solidifi ${c} recall`, row('solidifi', c)?.recall, 0.95);
    atMost(`solidifi ${c} false-alarm rate`, row('solidifi', c)?.falseAlarmRate, 0.1);
  }
  for (const c of ['reentrancy', 'unchecked-call', 'tx-origin', 'selfdestruct']) {
    atLeast(`slither ${c} recall`, row('slither-detectors', c)?.recall, 0.9);
    const r = row('slither-detectors', c);
    if (r && r.negatives > 0) atMost(`slither ${c} hits on negative cases`, r.negativeHits, 0);
  }
  return out;
}

function fmt(n: number | null, digits = 3): string {
  return n === null ? '—' : n.toFixed(digits);
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(join(args.dir, 'labels.jsonl'))) {
    console.error(`eval-accuracy: no labels.jsonl in ${args.dir} (pass --dir)`);
    process.exit(2);
  }
  const half = halfArgument(process.argv.slice(2));
  const records = readLabels(args.dir).filter(
    (r) => (args.dataset === null || r.dataset === args.dataset) && (half === null || evalHalf(r.file) === half),
  );
  const resolveImport = createNodeModulesResolver({ roots: [root] });
  const outcomes = records.map((r) => scanFile(args.dir, r, resolveImport));
  const rows = categoryRows(outcomes);
  const tags = tagRows(outcomes);
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const failures = outcomes.filter((o) => o.failed !== null);
  const goals = targets(rows);
  const summary = {
    files: outcomes.length,
    failures: failures.length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: times[times.length - 1] ?? 0,
  };

  if (args.json) {
    process.stdout.write(
      `${JSON.stringify({ summary, categories: rows, tags, targets: goals, failures: failures.map((f) => ({ file: f.record.file, reason: f.failed })) }, null, 2)}\n`,
    );
  } else {
    console.log(
      `${half ? `half ${half}: ` : ''}${summary.files} files, ${summary.failures} scan failures; ${fmt(summary.medianMs, 1)} ms median, ${fmt(summary.p95Ms, 1)} ms p95, ${fmt(summary.maxMs, 1)} ms max per file\n`,
    );
    const header = `${'dataset'.padEnd(18)} ${'category'.padEnd(15)} ${'recall'.padStart(7)} ${'found'.padStart(9)} ${'precision'.padStart(9)} ${'neg hits'.padStart(9)} ${'false alarms'.padStart(14)} ${'line recall'.padStart(11)}`;
    console.log(header);
    for (const r of rows) {
      console.log(
        `${r.dataset.padEnd(18)} ${r.category.padEnd(15)} ${fmt(r.recall).padStart(7)} ${`${r.found}/${r.labelled}`.padStart(9)} ${fmt(r.precision).padStart(9)} ${`${r.negativeHits}/${r.negatives}`.padStart(9)} ${`${fmt(r.falseAlarmRate)} ${r.falseAlarms}/${r.withoutLabel}`.padStart(14)} ${fmt(r.lineRecall).padStart(11)}`,
      );
    }
    console.log(`\ntags (recall of the mapped detectors)`);
    for (const t of tags) console.log(`${t.tag.padEnd(34)} ${fmt(t.recall).padStart(7)} ${`${t.found}/${t.files}`.padStart(9)}`);
    console.log(`\nissue 10 targets`);
    for (const g of goals) console.log(`${g.met ? 'met    ' : 'NOT met'} ${g.name.padEnd(44)} ${fmt(g.value).padStart(7)} (${g.target})`);
    if (failures.length > 0) {
      console.log(`\nscan failures`);
      for (const f of failures.slice(0, 20)) console.log(`  ${f.record.file}: ${f.failed}`);
    }
  }
  if (args.misses) {
    const c = args.misses;
    console.log(`\nmissed (${c} labelled, not found):`);
    for (const o of outcomes) if (o.record.labels.includes(c) && !o.hits.has(c)) console.log(`  ${o.record.file}`);
    console.log(`\nfalse hits on explicit negatives:`);
    for (const o of outcomes) if (o.record.negative_for?.includes(c) && o.hits.has(c)) console.log(`  ${o.record.file}`);
  }
  if (args.check && goals.some((g) => !g.met)) process.exitCode = 1;
}

main();
