/**
 * Precision and recall of the analysis on the project's labelled fixtures, per
 * smartAudit key and per detector.
 *
 *   node --import tsx scripts/accuracy.ts [--check] [--json]
 *
 * Labels are comments in the fixtures (see src/analysis/detectors/fixture-annotations.ts):
 * a file under detectors/__fixtures__/<id>/ is labelled for detector <id>; a file with
 * `@labelled-for: smart-audit` is labelled for every detector that feeds a smartAudit key
 * (`all`: every detector). Identical files found in several folders are analysed once,
 * with the union of their labels. `--check` exits 1 when a smartAudit key is below 0.95.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeSources } from '../src/analysis/analyze.ts';
import { detectors } from '../src/analysis/detectors/index.ts';
import { SMART_AUDIT_BOOLEAN_KEYS } from '../src/analysis/detectors/define-detector.ts';
import { readExpectations, readLabelScope } from '../src/analysis/detectors/fixture-annotations.ts';
import type { SmartAudit, SmartAuditRange } from '../src/analysis/report/smart-audit.ts';
import { createNodeModulesResolver } from '../src/source-files/node-modules-resolver.ts';

const TARGET = 0.95;
const root = fileURLToPath(new URL('..', import.meta.url));
const detectorFixtures = join(root, 'src/analysis/detectors/__fixtures__');
const tokenFixtures = join(root, 'src/analysis/__fixtures__/tokens');

interface Fixture {
  readonly name: string;
  readonly source: string;
  readonly labelledFor: Set<string>;
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  /** Files (boolean keys) or items (ranges) labelled positive. */
  support: number;
}

function collectFixtures(): Fixture[] {
  const byHash = new Map<string, Fixture>();
  const add = (path: string, folderDetector: string | undefined): void => {
    const source = readFileSync(path, 'utf8');
    const hash = createHash('sha256').update(source).digest('hex');
    const fixture = byHash.get(hash) ?? { name: basename(path), source, labelledFor: new Set<string>() };
    if (folderDetector) fixture.labelledFor.add(folderDetector);
    const scope = readLabelScope(source);
    for (const d of detectors) {
      if (scope === 'all' || (scope === 'smart-audit' && d.meta.smartAuditKey)) fixture.labelledFor.add(d.meta.id);
    }
    byHash.set(hash, fixture);
  };
  for (const id of readdirSync(detectorFixtures).sort()) {
    for (const f of readdirSync(join(detectorFixtures, id))
      .filter((x) => x.endsWith('.sol'))
      .sort())
      add(join(detectorFixtures, id, f), id);
  }
  for (const f of readdirSync(tokenFixtures)
    .filter((x) => x.endsWith('.sol'))
    .sort())
    add(join(tokenFixtures, f), undefined);
  return [...byHash.values()];
}

function tallyLines(t: Tally, expected: number[], actual: number[]): void {
  const remaining = [...actual];
  for (const line of expected) {
    const i = remaining.indexOf(line);
    if (i >= 0) {
      t.tp++;
      remaining.splice(i, 1);
    } else {
      t.fn++;
    }
  }
  t.fp += remaining.length;
  t.support += expected.length;
}

function ratio(a: number, b: number): number {
  return b === 0 ? 1 : a / b;
}

function main(): void {
  const check = process.argv.includes('--check');
  const json = process.argv.includes('--json');
  const resolveImport = createNodeModulesResolver({ roots: [root] });
  const perKey = new Map<string, Tally>();
  const perDetector = new Map<string, Tally>();
  const booleanKeys = new Set<string>(SMART_AUDIT_BOOLEAN_KEYS);
  const fixtures = collectFixtures();
  for (const fx of fixtures) {
    const result = analyzeSources(new Map([[fx.name, fx.source]]), { resolveImport });
    const expectations = readExpectations(fx.source);
    for (const d of detectors) {
      if (!fx.labelledFor.has(d.meta.id)) continue;
      const expected = expectations.filter((e) => e.detector === d.meta.id).map((e) => e.line);
      const actual = result.findings.filter((f) => f.detector === d.meta.id).map((f) => f.ranges[0]![0]);
      const dt = perDetector.get(d.meta.id) ?? { tp: 0, fp: 0, fn: 0, support: 0 };
      tallyLines(dt, expected, actual);
      perDetector.set(d.meta.id, dt);
      const key = d.meta.smartAuditKey;
      if (!key) continue;
      const kt = perKey.get(key) ?? { tp: 0, fp: 0, fn: 0, support: 0 };
      const value = result.smartAudit[key as keyof SmartAudit];
      if (booleanKeys.has(key)) {
        const want = expected.length > 0;
        const got = value === true;
        if (want && got) kt.tp++;
        else if (got) kt.fp++;
        else if (want) kt.fn++;
        if (want) kt.support++;
      } else {
        tallyLines(
          kt,
          expected,
          (value as SmartAuditRange[]).map((r) => r.range[0]),
        );
      }
      perKey.set(key, kt);
    }
  }
  const rows = (
    m: Map<string, Tally>,
  ): { name: string; precision: number; recall: number; tp: number; fp: number; fn: number; support: number }[] =>
    [...m.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, t]) => ({ name, precision: ratio(t.tp, t.tp + t.fp), recall: ratio(t.tp, t.tp + t.fn), ...t }));
  const keyRows = rows(perKey);
  const detectorRows = rows(perDetector);
  const failing = keyRows.filter((r) => r.precision < TARGET || r.recall < TARGET);
  if (json) {
    process.stdout.write(`${JSON.stringify({ fixtures: fixtures.length, smartAudit: keyRows, detectors: detectorRows }, null, 2)}\n`);
  } else {
    const fmt = (r: (typeof keyRows)[number]): string =>
      `${r.name.padEnd(28)} ${r.precision.toFixed(3).padStart(9)} ${r.recall.toFixed(3).padStart(7)} ${String(r.tp).padStart(4)} ${String(r.fp).padStart(4)} ${String(r.fn).padStart(4)} ${String(r.support).padStart(8)}`;
    const header = `${'name'.padEnd(28)} ${'precision'.padStart(9)} ${'recall'.padStart(7)} ${'tp'.padStart(4)} ${'fp'.padStart(4)} ${'fn'.padStart(4)} ${'labelled'.padStart(8)}`;
    console.log(`${fixtures.length} distinct fixture files\n\nsmartAudit keys (booleans counted per file)\n${header}`);
    for (const r of keyRows) console.log(fmt(r));
    console.log(`\ndetectors (findings by first line)\n${header}`);
    for (const r of detectorRows) console.log(fmt(r));
    console.log(
      failing.length === 0
        ? `\nevery smartAudit key is at or above ${TARGET}`
        : `\nbelow ${TARGET}: ${failing.map((r) => r.name).join(', ')}`,
    );
  }
  if (check && failing.length > 0) process.exitCode = 1;
}

main();
