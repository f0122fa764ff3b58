/**
 * Runs one source of a scan with a time limit and records how it went in `meta`.
 * A source that fails or times out yields null; the scan goes on without it.
 */
import type { DataSourceReport } from '../interface/schemas/audit-layout.ts';

export class DataSourceUnavailable extends Error {
  override readonly name = 'DataSourceUnavailable';
}

export interface DataSourceOutcome<T> {
  readonly value: T | null;
  readonly report: DataSourceReport;
}

export async function runDataSource<T>(
  fields: string[],
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T> | T,
): Promise<DataSourceOutcome<T>> {
  const started = performance.now();
  const controller = new AbortController();
  const elapsed = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, timeoutMs);
  });
  try {
    const value = await Promise.race([Promise.resolve().then(() => run(controller.signal)), timeout]);
    if (value === 'timeout')
      return { value: null, report: { status: 'timeout', reason: `no answer within ${timeoutMs} ms`, durationMs: elapsed(), fields } };
    return { value, report: { status: 'ok', durationMs: elapsed(), fields } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const status = error instanceof DataSourceUnavailable ? 'unavailable' : 'failed';
    return { value: null, report: { status, reason, durationMs: elapsed(), fields } };
  } finally {
    clearTimeout(timer);
  }
}

/** What the analysis reports about its own completeness (a detector that threw, a parse error…). */
/** Something the analysis could not read or do (the engine's `Diagnostic`). */
export type { Diagnostic as AnalysisDiagnostic } from '../analysis/solidity/program.ts';
import type { Diagnostic as AnalysisDiagnostic } from '../analysis/solidity/program.ts';

/** An `ok` report becomes `partial` with the diagnostics as its reason. */
export function withDiagnostics(report: DataSourceReport, diagnostics: readonly AnalysisDiagnostic[] | undefined): DataSourceReport {
  if (report.status !== 'ok' || !diagnostics || diagnostics.length === 0) return report;
  const shown = diagnostics.slice(0, 10).map((d) => `${d.kind}: ${d.message}${d.file ? ` (${d.file}${d.line ? `:${d.line}` : ''})` : ''}`);
  const more = diagnostics.length > shown.length ? `; and ${diagnostics.length - shown.length} more` : '';
  return { ...report, status: 'partial', reason: `${shown.join('; ')}${more}` };
}

/** A source this scan does not run (nothing to run it on, or another source covers it). */
export function skippedDataSource<T>(reason: string): Promise<DataSourceOutcome<T>> {
  return Promise.resolve({ value: null, report: { status: 'skipped', reason, durationMs: 0, fields: [] } });
}

/** A source that is not configured: recorded, never run. */
export function unavailableDataSource(fields: string[], reason: string): DataSourceReport {
  return { status: 'unavailable', reason, durationMs: 0, fields };
}
