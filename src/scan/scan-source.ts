/**
 * A scan of source code rather than an address (the legacy scan's `type: source`):
 * analysis, similarity and, when the source compiles and deploys, a simulated
 * buy, transfer and sell on a fresh in-process chain.
 */
import type { AuditLayout, SmartAudit, DataSourceReport, Taxes } from '../interface/schemas/audit-layout.ts';
import type { AnalysisJob, ScanFinding, SourceAnalysis } from './scan-service.ts';
import { runDataSource, skippedDataSource, withDiagnostics } from './run-data-source.ts';
import { EMPTY_SMART_AUDIT } from './build-audit-layout.ts';
import { scoreScan } from './scoring/score-scan.ts';
import type { Verdict } from '../interface/schemas/verdict.ts';
import { sourceScanVerdict } from './verdict/scan-verdict.ts';
import { explorationFindings, markStaticFindings, withProvenKeys } from '../simulate/exploration-findings.ts';
import type { ExplorationResult } from '../simulate/explore-privileged.ts';
import type { CompilerInfo } from '../simulate/simulate-source.ts';
import type { SimulationMeta } from '../simulate/simulation-meta.ts';
import type { ContractSummary } from '../analysis/analyze.ts';
import type { Diagnostic } from '../analysis/solidity/program.ts';

export interface SourceScanDeps {
  readonly analyze: (sources: Readonly<Record<string, string>>, job?: AnalysisJob) => SourceAnalysisOutput | Promise<SourceAnalysisOutput>;
  readonly similarity?: (sources: Readonly<Record<string, string>>) => Promise<AuditLayout['similarity']>;
  readonly simulateSource?: (
    sources: Readonly<Record<string, string>>,
    signal: AbortSignal,
    job?: { readonly client?: string },
  ) => Promise<SourceSimulationOutcome>;
}

export interface SourceSimulationOutcome {
  readonly taxes: Taxes;
  readonly reason: string;
  readonly compiler: CompilerInfo;
  /** Scope, stages, owner actions (`meta.simulation`). */
  readonly meta?: SimulationMeta;
}

export type SourceAnalysisOutput = SourceAnalysis & { readonly contracts?: readonly ContractSummary[] };

export interface SourceScanResult {
  readonly smartAudit: SmartAudit;
  readonly findings: readonly ScanFinding[];
  readonly similarity: AuditLayout['similarity'];
  readonly taxes: Taxes | null;
  /** `meta.simulation`: the simulator's reason and compiler, then whatever of SimulationMeta it reached. */
  readonly simulation: (Partial<SimulationMeta> & { readonly reason: string; readonly compiler: CompilerInfo }) | null;
  readonly score: { readonly security: number | null; readonly rank: string; readonly factors: readonly unknown[] };
  readonly contracts: readonly ContractSummary[];
  readonly diagnostics: readonly Diagnostic[];
  readonly sources: Record<string, DataSourceReport>;
  /** Issue 29: can one buy, sell, and GoPlus's risks, from this scan alone (`meta.verdict`). */
  readonly verdict: Verdict;
}

export interface SourceScanOptions {
  /** Who the scan runs for (bounds a client's queued analyses). */
  readonly client?: string;
  /** Called as each source (analysis, similarity, simulation) finishes, with its report. */
  readonly onSource?: (name: string, report: DataSourceReport) => void;
}

export async function scanSource(
  deps: SourceScanDeps,
  sources: Readonly<Record<string, string>>,
  options: SourceScanOptions = {},
): Promise<SourceScanResult> {
  // Each source is reported as it finishes (the dashboard shows a scan's stages live).
  const reported = <T>(name: string, outcome: Promise<{ value: T | null; report: DataSourceReport }>) =>
    options.onSource ? outcome.then((o) => (options.onSource!(name, o.report), o)) : outcome;
  const [analysis, similarity, simulation] = await Promise.all([
    reported(
      'analysis',
      runDataSource(['smartAudit'], 15_000, (signal) =>
        deps.analyze(sources, { signal, ...(options.client !== undefined ? { client: options.client } : {}) }),
      ),
    ),
    reported(
      'similarity',
      deps.similarity
        ? runDataSource(['similarity'], 5_000, () => deps.similarity!(sources))
        : skippedDataSource<AuditLayout['similarity']>('no similarity index'),
    ),
    reported(
      'simulation',
      deps.simulateSource
        ? runDataSource(['taxes'], 30_000, (signal) =>
            deps.simulateSource!(sources, signal, options.client !== undefined ? { client: options.client } : {}),
          )
        : skippedDataSource<SourceSimulationOutcome>('no simulator'),
    ),
  ]);
  // What the simulation proved by calling every privileged function (issue 27) fills the keys and findings it proves.
  const exploration: ExplorationResult | null = simulation.value?.meta?.exploration ?? null;
  const analysed = analysis.value?.findings ?? [];
  const findings: ScanFinding[] = exploration
    ? [...markStaticFindings(analysed, exploration), ...explorationFindings(exploration, sources)]
    : [...analysed];
  const taxes = simulation.value?.taxes ?? null;
  // Only the code is known: the security score; the chain-based scores need an address.
  const scoring = scoreScan({
    findings: analysis.value ? findings : null,
    privilegedFunctions: analysis.value?.privilegedFunctions ?? null,
    unverified: false,
    proxy: false,
    renounced: null,
    taxes,
    topHolderShares: null,
    holderCount: null,
    liquidityUsd: null,
    lockedLiquidityShare: null,
    marketcapUsd: null,
    socials: null,
    ageDays: null,
    audited: false,
    hasWebsite: false,
  });
  const simulationMeta = simulation.value ? { ...simulation.value.meta, reason: simulation.value.reason } : null;
  const analysisReport = withDiagnostics(analysis.report, analysis.value?.diagnostics);
  const smartAudit = exploration
    ? withProvenKeys(analysis.value?.smartAudit ?? EMPTY_SMART_AUDIT, exploration)
    : (analysis.value?.smartAudit ?? EMPTY_SMART_AUDIT);
  const verdict = sourceScanVerdict({
    taxes,
    simulation: simulationMeta,
    simulationReport: simulation.report,
    findings: findings as Parameters<typeof sourceScanVerdict>[0]['findings'],
    analysisReport,
    smartAudit,
  });
  return {
    verdict,
    smartAudit,
    findings,
    similarity: similarity.value ?? { ranks: [], contracts: [] },
    taxes,
    simulation: simulation.value
      ? { ...simulation.value.meta, reason: simulation.value.reason, compiler: simulation.value.compiler }
      : null,
    // Only the code is known, so there is no total, and a rank labels only a total.
    score: { security: scoring.scores.security, rank: '', factors: scoring.factors.filter((f) => f.score === 'security') },
    contracts: analysis.value?.contracts ?? [],
    diagnostics: analysis.value?.diagnostics ?? [],
    sources: {
      analysis: analysisReport,
      similarity: similarity.report,
      simulation: simulation.report,
    },
  };
}
