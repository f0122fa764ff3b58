/**
 * What the contract details page shows, computed from a scan's result: findings with their
 * line ranges, counts by severity, the six scores with the factors that moved each. Pure
 * (no DOM, no I/O) so it is tested here and the page only lays it out.
 */
import { SCORE_NAMES, type ScoreName } from '../shared/scan-result.ts';
import { SEVERITIES, type Severity } from '../shared/severities.ts';

/** Most severe first: the one list of severities (src/shared/severities.ts). */
export const SEVERITY_ORDER = SEVERITIES;
export type SeverityName = Severity;

export interface ViewFinding {
  readonly key: string;
  readonly severity: SeverityName;
  readonly title: string;
  readonly description: string;
  readonly recommendation: string;
  readonly detector: string;
  /** Source path the ranges are in; '' when the finding names none. */
  readonly file: string;
  readonly ranges: ReadonlyArray<readonly [number, number]>;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const line = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

function rangesOf(raw: Record<string, unknown>): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  if (Array.isArray(raw['ranges'])) {
    for (const r of raw['ranges'] as unknown[]) {
      if (Array.isArray(r) && line(r[0]) !== undefined) out.push([r[0] as number, line(r[1]) ?? (r[0] as number)]);
    }
  }
  const start = line(raw['line']);
  if (out.length === 0 && start !== undefined) out.push([start, line(raw['endLine']) ?? start]);
  return out;
}

/** The engine's findings (address scans) or the source report's (source scans), checked field by field. */
export function viewFindings(list: readonly unknown[] | undefined): ViewFinding[] {
  const findings: ViewFinding[] = [];
  (list ?? []).forEach((item, index) => {
    if (typeof item !== 'object' || item === null) return;
    const raw = item as Record<string, unknown>;
    const severity = (SEVERITY_ORDER as readonly string[]).includes(str(raw['severity']))
      ? (raw['severity'] as SeverityName)
      : 'informational';
    findings.push({
      key: str(raw['id']) || `${index}`,
      severity,
      title: str(raw['title']) || str(raw['detector']) || 'Finding',
      description: str(raw['description']),
      recommendation: str(raw['recommendation']),
      detector: str(raw['detector']),
      file: str(raw['file']),
      ranges: rangesOf(raw),
    });
  });
  return findings.sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
}

export function severityCounts(findings: readonly ViewFinding[]): Record<SeverityName, number> {
  const counts = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, 0])) as Record<SeverityName, number>;
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

export interface Factor {
  readonly score: string;
  readonly factor: string;
  readonly effect: number;
  readonly detail: string;
}

export interface ViewScore {
  readonly name: ScoreName;
  readonly value: number | null;
  readonly percentile: number | null;
  /** What moved it, largest effect first. */
  readonly factors: readonly Factor[];
}

const SCORE_FIELD: Record<ScoreName, string> = {
  security: 'securityScore',
  decentralisation: 'decentralisationScore',
  market: 'marketScore',
  community: 'communityScore',
  fundamentals: 'fundamentalsScore',
  total: 'totalScore',
};

/**
 * The six scores. `layout` is the address scan's auditLayout; a source scan passes only
 * its security and total (the others need a deployed token and are null: not computed).
 */
export function viewScores(
  layout: Readonly<Record<string, unknown>> | null,
  factors: readonly Factor[] | undefined,
  source?: { security: number | null; total: number | null },
): ViewScore[] {
  return SCORE_NAMES.map((name) => {
    const fromLayout = layout ? layout[SCORE_FIELD[name]] : undefined;
    const value = typeof fromLayout === 'number' ? fromLayout : source && (name === 'security' || name === 'total') ? source[name] : null;
    const pct = layout ? layout[`${SCORE_FIELD[name]}Percentile`] : undefined;
    return {
      name,
      value,
      percentile: typeof pct === 'number' ? pct : null,
      factors: (factors ?? []).filter((f) => f.score === name).sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect)),
    };
  });
}

/** Lines of one file that any finding marks, with the findings marking each (for the viewer's highlight and tooltip). */
export function markedLines(findings: readonly ViewFinding[], file: string, onlyFile: boolean): Map<number, ViewFinding[]> {
  const marks = new Map<number, ViewFinding[]>();
  for (const finding of findings) {
    // A finding without a file belongs to the only file when there is one.
    if (finding.file !== file && !(finding.file === '' && onlyFile)) continue;
    for (const [start, end] of finding.ranges) {
      for (let n = start; n <= Math.max(start, end) && n - start < 10_000; n++) marks.set(n, [...(marks.get(n) ?? []), finding]);
    }
  }
  return marks;
}

/** Sorted source paths, the one holding the most findings first (where a reader starts). */
export function orderedFiles(sources: Readonly<Record<string, string>>, findings: readonly ViewFinding[]): string[] {
  const hits = new Map<string, number>();
  for (const f of findings) hits.set(f.file, (hits.get(f.file) ?? 0) + 1);
  return Object.keys(sources).sort((a, b) => (hits.get(b) ?? 0) - (hits.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
}

export interface ViewSimilarity {
  /** The contract of the scanned source that matches. */
  readonly name: string;
  readonly origin: string;
  /** The reference file it matches. */
  readonly referenceFile: string;
  readonly score: number;
  /** Where the match is in the scanned code, when it can be placed: a single source file. */
  readonly at?: { readonly path: string; readonly lines: readonly [number, number] };
}

/** 1-based line of a UTF-16 offset into a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(Math.max(0, offset), text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/**
 * similarity.contracts with their place in the code: `start`/`end` are character offsets
 * into the scanned source (docs/decisions/0028-similarity-similarity-contracts.md, similarity), so they become lines when that
 * source is one file. Several files were joined before matching: no line is claimed then.
 */
export function viewSimilarity(
  contracts: ReadonlyArray<{ name: string; start: number; end: number; score: number; origin: string; file: string }> | undefined,
  sources: Readonly<Record<string, string>>,
): ViewSimilarity[] {
  const paths = Object.keys(sources);
  const only = paths.length === 1 ? paths[0]! : undefined;
  return (contracts ?? []).map((c) => ({
    name: c.name,
    origin: c.origin,
    referenceFile: c.file,
    score: c.score,
    ...(only !== undefined && c.end >= c.start
      ? { at: { path: only, lines: [lineAt(sources[only]!, c.start), lineAt(sources[only]!, Math.max(c.start, c.end - 1))] as const } }
      : {}),
  }));
}
