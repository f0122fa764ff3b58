/**
 * A dashboard scan's findings as SARIF 2.1.0, through the analysis' own SARIF writer (one
 * rule per detector from its metadata). Findings without a source location (bytecode,
 * simulation) are results without a location, so none is lost from the export.
 */
import { detectors } from '../analysis/detectors/index.ts';
import { SEVERITIES, type Confidence, type Finding, type Severity } from '../analysis/findings.ts';
import { toSarif as writeSarif } from '../analysis/report/sarif.ts';
import type { DashboardScanRecord } from './dashboard-scan-repository.ts';

export function toSarif(record: Pick<DashboardScanRecord, 'result'>, toolVersion: string): object {
  return writeSarif(
    scanFindings(record.result).map(asFinding),
    detectors.map((d) => d.meta),
    { toolVersion },
  );
}

/** The findings of either result shape (`meta.findings` of an address scan, `report.findings` of a source scan). */
export function scanFindings(result: Record<string, unknown> | null): Record<string, unknown>[] {
  if (!result) return [];
  const meta = result.meta as { findings?: unknown } | undefined;
  const report = result.report as { findings?: unknown } | undefined;
  const list = result.type === 'source' ? report?.findings : meta?.findings;
  return Array.isArray(list) ? list.filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null) : [];
}

function asFinding(f: Record<string, unknown>): Finding {
  const severity = (SEVERITIES as readonly string[]).includes(String(f.severity)) ? (f.severity as Severity) : 'informational';
  const ranges = Array.isArray(f.ranges)
    ? f.ranges.filter((r): r is [number, number] => Array.isArray(r) && typeof r[0] === 'number' && typeof r[1] === 'number')
    : [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: text(f.id) || `${text(f.detector)}:${text(f.title)}`,
    detector: text(f.detector),
    severity,
    confidence: (['high', 'medium', 'low'].includes(String(f.confidence)) ? f.confidence : 'medium') as Confidence,
    title: text(f.title),
    description: text(f.description) || text(f.title),
    recommendation: text(f.recommendation),
    file: text(f.file),
    ranges: text(f.file) ? ranges : [],
    snippet: text(f.snippet),
  };
}
