/**
 * The verdict of each kind of scan (issue 29): an address scan (cyberscan, score, the
 * legacy operation and the dashboard read the same stored result), a source scan, and a
 * Solana mint (its token program's finding codes in the same form). Each only gathers
 * what computeVerdict reads from the scan's own result.
 */
import { GOPLUS_CATEGORIES } from '../../analysis/goplus-categories.ts';
import type { ScanMeta, DataSourceReport } from '../../interface/schemas/audit-layout.ts';
import type { Verdict } from '../../interface/schemas/verdict.ts';
import type { ExplorationEffect } from '../../interface/schemas/scan-evidence.ts';
import { computeVerdict, type VerdictFinding, type VerdictOwnerAction, type VerdictTaxes } from './compute-verdict.ts';
import { smartAuditKey } from '../../simulate/exploration-findings.ts';

/**
 * The owner-action kind an exploration effect proves, read from how it was called (the same
 * reading that fills its smartAudit key): a sell blocked by a call aimed at the holder is a
 * blacklist, at no one in particular a pause; a raised sell tax is a fee setter. The
 * checklist's row then cites the proof, not only the static lines.
 */
const KIND_OF_KEY: Readonly<Record<string, string>> = {
  blacklist: 'blacklist',
  blacklistMany: 'blacklist-many',
  pause: 'pause',
  setFees: 'set-fees',
};

/** The fields of an exploration effect the verdict reads (readonly, so the engine's and the wire's both fit). */
type EffectRead = Pick<ExplorationEffect, 'kind' | 'call' | 'callerRole' | 'anyone' | 'evidence' | 'sellTaxAfter'> & {
  readonly location: { readonly range: readonly [number, number] } | null;
};

/** What the verdict reads of `meta.simulation` (the stored answer's typed evidence). */
interface SimulationMetaLike {
  readonly reason?: string;
  readonly ownerActions?: readonly VerdictOwnerAction[];
  /** Issue 27: every privileged function called after a buy, and what it was seen to do. */
  readonly exploration?: { readonly effects?: readonly EffectRead[] };
}

/** The exploration's effects as owner actions on a sell, and its delayed-sell traps. */
function fromExploration(simulation: SimulationMetaLike | null | undefined): {
  actions: VerdictOwnerAction[];
  delayed: { after: string; failed: boolean; detail: string }[];
} {
  const actions: VerdictOwnerAction[] = [];
  const delayed: { after: string; failed: boolean; detail: string }[] = [];
  for (const e of simulation?.exploration?.effects ?? []) {
    if (e.kind === 'delayed-sell-trap') {
      delayed.push({ after: e.call.replace(/^no owner action, /, '').replace(/ passes$/, ''), failed: true, detail: e.evidence });
    } else if (e.kind === 'sell-blocked' || e.kind === 'sell-tax-raised') {
      const key = smartAuditKey(e);
      actions.push({
        kind: (key && KIND_OF_KEY[key]) ?? e.kind,
        call: e.call,
        by: e.anyone ? 'anyone' : e.callerRole || undefined,
        executed: true,
        sellAfter: e.kind === 'sell-blocked' ? 'failed' : 'passed',
        sellTaxAfter: e.sellTaxAfter,
        statement: e.evidence,
        line: e.location?.range[0] ?? null,
      });
    }
  }
  return { actions, delayed };
}

/** Why categories the analysis found nothing for are unknown rather than clean; undefined when the read was complete. */
function incompleteReason(analysis: DataSourceReport | undefined, unverified: boolean): string | undefined {
  if (unverified) return 'the contract is not verified: only its bytecode was read';
  if (!analysis) return 'the code was not analysed';
  if (analysis.status === 'ok') return undefined;
  return `the analysis was ${analysis.status}${analysis.reason ? `: ${analysis.reason}` : ''}`;
}

export interface AddressVerdictInput {
  readonly taxes: VerdictTaxes | null;
  readonly simulation: SimulationMetaLike | undefined;
  readonly simulationReport: DataSourceReport | undefined;
  readonly findings: readonly VerdictFinding[] | null;
  readonly analysisReport: DataSourceReport | undefined;
  readonly unverified: boolean;
  readonly smartAudit: Readonly<Record<string, unknown>> | null;
  readonly powers: ScanMeta['powers'];
}

export function addressScanVerdict(input: AddressVerdictInput): Verdict {
  const reason = incompleteReason(input.analysisReport, input.unverified);
  const explored = fromExploration(input.simulation);
  return computeVerdict({
    taxes: input.taxes,
    simulationReason: input.simulation?.reason ?? input.simulationReport?.reason,
    ownerActions: [...(input.simulation?.ownerActions ?? []), ...explored.actions],
    delayedSells: explored.delayed,
    findings: input.findings,
    analysisComplete: reason === undefined && input.findings !== null,
    incompleteReason: reason,
    smartAudit: input.smartAudit,
    powers: input.powers,
    categories: GOPLUS_CATEGORIES,
  });
}

export interface SourceVerdictInput {
  readonly taxes: VerdictTaxes | null;
  readonly simulation: SimulationMetaLike | null;
  readonly simulationReport: DataSourceReport | undefined;
  readonly findings: readonly VerdictFinding[];
  readonly analysisReport: DataSourceReport | undefined;
  readonly smartAudit: Readonly<Record<string, unknown>>;
}

/** A source scan: the code is all there is (no owner on a chain, so no power holders). */
export function sourceScanVerdict(input: SourceVerdictInput): Verdict {
  const reason = incompleteReason(input.analysisReport, false);
  const explored = fromExploration(input.simulation);
  return computeVerdict({
    taxes: input.taxes,
    simulationReason: input.simulation?.reason ?? input.simulationReport?.reason,
    ownerActions: [...(input.simulation?.ownerActions ?? []), ...explored.actions],
    delayedSells: explored.delayed,
    findings: input.analysisReport?.status === 'ok' || input.analysisReport?.status === 'partial' ? input.findings : null,
    analysisComplete: reason === undefined,
    incompleteReason: reason,
    smartAudit: input.smartAudit,
    powers: [],
    categories: GOPLUS_CATEGORIES,
  });
}
