/**
 * Runs detectors over the model: builds each deployable contract's analysis once, walks
 * the model once, dispatches to every detector's visitors, and stamps findings with the
 * detector's metadata. A detector that throws becomes a recorded failure.
 */
import { compareFindings, findingId, type Finding, type LineRange } from '../findings.ts';
import { analyzeContract, type ContractAnalysis } from '../solidity/contract-analysis.ts';
import type { ContractModel, Diagnostic, Program } from '../solidity/program.ts';
import { lineOf, type SourceUnit } from '../solidity/source-unit.ts';
import type { Detector, DetectorMeta, ReportDescriptor, Visitors } from './define-detector.ts';
import { formatMessage } from './define-detector.ts';

/** A finding plus what the smartAudit builder needs that the public record does not carry. */
export interface RawFinding {
  readonly finding: Finding;
  readonly meta: DetectorMeta;
  readonly messageId: string;
  readonly extra: Readonly<Record<string, string | null>> | undefined;
}

export interface EngineResult {
  readonly raw: RawFinding[];
  readonly findings: Finding[];
  readonly failures: Diagnostic[];
  readonly analyses: ContractAnalysis[];
}

/** Contracts of the input that no other input contract inherits: what gets deployed. */
export function deployableContracts(program: Program): ContractModel[] {
  const inherited = new Set<ContractModel>();
  for (const c of program.contracts) for (const base of c.linearization.slice(1)) inherited.add(base);
  return program.contracts.filter((c) => !c.unit.external && (c.kind === 'contract' || c.kind === 'abstract') && !inherited.has(c));
}

export function runDetectors(program: Program, detectors: readonly Detector[]): EngineResult {
  const raw = new Map<string, RawFinding>();
  const failures: Diagnostic[] = [];
  const active: { meta: DetectorMeta; visitors: Visitors }[] = [];
  for (const detector of detectors) {
    const ctx = {
      program,
      report: (d: ReportDescriptor): void => {
        const r = toFinding(detector.meta, d);
        if (!raw.has(r.finding.id)) raw.set(r.finding.id, r);
      },
    };
    guarded(detector.meta.id, failures, () => active.push({ meta: detector.meta, visitors: detector.create(ctx) }));
  }
  const dispatch = <K extends keyof Visitors>(key: K, arg: Parameters<NonNullable<Visitors[K]>>[0]): void => {
    for (const { meta, visitors } of active) {
      const handler = visitors[key] as ((a: typeof arg) => void) | undefined;
      if (handler) guarded(meta.id, failures, () => handler(arg));
    }
  };
  dispatch('program', program);
  const inputs = program.units.filter((u) => !u.external);
  for (const unit of inputs) dispatch('sourceUnit', unit);
  for (const pragma of program.pragmas) if (!pragma.unit.external) dispatch('pragma', pragma);
  for (const c of program.contracts) {
    if (c.unit.external) continue;
    for (const fn of [...c.functions, ...c.modifiers]) dispatch('function', fn);
  }
  for (const fn of program.freeFunctions) if (!fn.contract.unit.external) dispatch('function', fn);
  const analyses: ContractAnalysis[] = [];
  for (const c of deployableContracts(program)) {
    let analysis: ContractAnalysis | undefined;
    guarded('model', failures, () => {
      analysis = analyzeContract(program, c);
    });
    if (!analysis) continue;
    analyses.push(analysis);
    // A summary cut short by the work budget misses what runs after the cut: say so.
    const cut = analysis.entries.filter((e) => e.summary.truncated).map((e) => e.fn.name);
    if (cut.length > 0) {
      failures.push({
        kind: 'truncated',
        file: c.unit.path,
        line: lineOf(c.unit, c.node.start),
        message: `${c.name}: the analysis budget ran out in ${cut.slice(0, 5).join(', ')}${cut.length > 5 ? ` and ${cut.length - 5} more` : ''}; effects past that point were not seen`,
      });
    }
    dispatch('contract', analysis);
  }
  const list = [...raw.values()];
  const findings = list.map((r) => r.finding).sort(compareFindings);
  return { raw: list, findings, failures, analyses };
}

function guarded(id: string, failures: Diagnostic[], run: () => void): void {
  try {
    run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push({ kind: 'detector-failure', message: `${id}: ${message}` });
  }
}

function snippetOf(unit: SourceUnit, range: LineRange): string {
  const lines: string[] = [];
  const last = Math.min(range[1], range[0] + 7);
  for (let l = range[0]; l <= last; l++) {
    const start = unit.lineStarts[l - 1];
    if (start === undefined) break;
    const end = unit.lineStarts[l] ?? unit.source.length;
    lines.push(unit.source.slice(start, end).replace(/\r?\n$/, ''));
  }
  return lines.join('\n');
}

function toFinding(meta: DetectorMeta, d: ReportDescriptor): RawFinding {
  const template = meta.messages[d.messageId];
  if (template === undefined) throw new Error(`unknown messageId ${d.messageId}`);
  const description = formatMessage(template, d.data);
  const rangeOf = (n: { start: number; end: number }): LineRange => [lineOf(d.unit, n.start), lineOf(d.unit, Math.max(n.start, n.end - 1))];
  const range = rangeOf(d.node);
  const ranges: LineRange[] = [range];
  for (const n of d.related ?? []) {
    const r = rangeOf(n);
    if (!ranges.some((x) => x[0] === r[0] && x[1] === r[1])) ranges.push(r);
  }
  const finding: Finding = {
    id: findingId(meta.id, d.unit.path, range, description),
    detector: meta.id,
    severity: d.severity ?? meta.severity,
    confidence: meta.confidence,
    title: meta.title,
    description,
    recommendation: meta.recommendation,
    file: d.unit.path,
    ranges,
    ...(d.contract !== undefined ? { contract: d.contract } : {}),
    snippet: snippetOf(d.unit, range),
    ...(meta.checklist !== undefined ? { checklist: meta.checklist } : {}),
  };
  return { finding, meta, messageId: d.messageId, extra: d.extra };
}
