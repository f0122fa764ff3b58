/**
 * What the answer says about the exploration (issue 27): each proven effect fills the
 * `smartAudit` key it proves (at the function's lines) and becomes a finding with its
 * evidence; an effect in a function the static analysis did not name is marked "found by
 * behaviour"; findings of the analysis are marked proven or unproven (with why) by what
 * the exploration saw in their lines. Pure; the spec's shapes are kept (extra detail goes
 * in finding fields and `meta.simulation.exploration`).
 */
import { findingId, type Severity } from '../analysis/findings.ts';
import type { SmartAudit } from '../interface/schemas/audit-layout.ts';
import { locateFunction, type ExplorationEffect, type ExplorationResult } from './explore-privileged.ts';

type RangeKey = 'burn' | 'mint' | 'blacklist' | 'blacklistMany' | 'whitelist' | 'setFees' | 'maxTxAmount' | 'pause';

/** The smartAudit key an effect proves, from what it did and how it was called. */
export function smartAuditKey(e: Pick<ExplorationEffect, 'kind' | 'call'>): RangeKey | null {
  const args = e.call.slice(e.call.indexOf('(') + 1, -1);
  switch (e.kind) {
    case 'sell-blocked':
      // Aimed at the holder (one address, or a list of them) is a blacklist; at no one in particular a pause.
      return /\[holder\]/.test(args) ? 'blacklistMany' : /\bholder\b/.test(args) ? 'blacklist' : 'pause';
    case 'sell-limited':
      return 'maxTxAmount';
    case 'sell-tax-raised':
      return 'setFees';
    case 'balance-lowered':
      return 'burn';
    case 'minted':
      return 'mint';
    case 'closed-until-opened':
      // A trading switch: GoPlus's transfer_pausable.
      return 'pause';
    default:
      return null;
  }
}

const TITLES: Record<ExplorationEffect['kind'], string> = {
  'sell-blocked': 'A privileged call stops holders from selling',
  'sell-limited': 'A privileged call limits how much a holder can sell',
  'sell-tax-raised': 'A privileged call raises the sell tax',
  'balance-lowered': "A privileged call lowers a holder's balance",
  minted: 'A privileged call creates tokens',
  'ownership-retrieved': 'Ownership can be taken back or claimed',
  'self-destructed': 'A privileged call destroys the token',
  'code-replaced': "A privileged call replaces the token's code",
  'delayed-sell-trap': 'Sells fail once time passes',
  'buy-restricted': 'Only some accounts can buy',
  'closed-until-opened': 'Holders cannot sell until the owner opens trading',
};

export interface ExplorationFinding {
  readonly id: string;
  readonly detector: string;
  readonly severity: Severity;
  readonly confidence: 'high';
  readonly title: string;
  readonly description: string;
  readonly recommendation: string;
  readonly file: string;
  readonly ranges: [number, number][];
  readonly snippet: string;
  readonly origin: 'simulation';
  /** The call, its caller and what was seen (the same sentence as in `meta.simulation.exploration`). */
  readonly evidence: string;
  /** False when the static analysis did not name the function: found by behaviour alone. */
  readonly predicted: boolean;
  readonly [key: string]: unknown;
}

function severityOf(e: ExplorationEffect): ExplorationFinding['severity'] {
  if (
    e.kind === 'sell-blocked' ||
    e.kind === 'self-destructed' ||
    e.kind === 'code-replaced' ||
    e.kind === 'delayed-sell-trap' ||
    e.kind === 'balance-lowered'
  )
    return 'high';
  if (e.kind === 'sell-tax-raised') return e.sellRestriction ? 'high' : 'medium';
  if (e.kind === 'buy-restricted') return 'low';
  return 'medium';
}

/** The findings of the exploration's effects, one per function and kind. */
export function explorationFindings(x: ExplorationResult, sources: Readonly<Record<string, string>>): ExplorationFinding[] {
  const out: ExplorationFinding[] = [];
  for (const e of x.effects) {
    const file = e.location?.file ?? '';
    const range: [number, number] = e.location ? [e.location.range[0], e.location.range[1]] : [0, 0];
    const behaviour = e.predicted === false && e.signature !== '';
    const title = `${TITLES[e.kind]}${behaviour ? ' (found by behaviour)' : ''}`;
    const who = e.caller
      ? ` Caller: ${e.caller} (${e.callerRole})${e.anyone ? '; a fresh account without privilege can make the same call' : ''}.`
      : '';
    const description = `${e.evidence}.${who}${behaviour ? ' The static analysis did not name this function as an owner power; the simulation proved it by calling it.' : ''}`;
    const lines =
      file && sources[file]
        ? sources[file]!.split('\n')
            .slice(range[0] - 1, Math.min(range[1], range[0] + 7))
            .join('\n')
        : '';
    out.push({
      id: findingId('simulation-exploration', file, range, `${e.kind} ${e.call}`),
      detector: `exploration-${e.kind}`,
      severity: severityOf(e),
      confidence: 'high',
      title,
      description,
      recommendation:
        e.kind === 'closed-until-opened'
          ? 'Tokens held before the opening (a presale, an airdrop) are stuck until the owner makes that call: check on chain that trading is open, and do not buy early from someone who cannot sell either.'
          : 'Treat the caller as able to do this to any holder at any time; prefer tokens where no address holds such a power.',
      file,
      ranges: [range],
      snippet: lines,
      origin: 'simulation',
      evidence: e.evidence,
      predicted: !behaviour,
    });
  }
  for (const d of x.dependencies ?? []) {
    const name = d.call.slice(0, d.call.indexOf('('));
    const args = d.call.slice(d.call.indexOf('(') + 1, -1);
    const arity =
      args === ''
        ? ''
        : args
            .split(', ')
            .map(() => 'x')
            .join(',');
    const location = name ? locateFunction(sources, name, `${name}(${arity})`) : null;
    const file = location?.file ?? '';
    const range: [number, number] = location ? location.range : [0, 0];
    out.push({
      id: findingId('simulation-dependency', file, range, d.call),
      detector: 'exploration-external-dependency',
      severity: 'high',
      confidence: 'high',
      title: 'Transfers depend on an external contract outside the source',
      description: `${d.evidence}.`,
      recommendation: 'Read the external contract the token is pointed at: its owner controls who can trade.',
      file,
      ranges: [range],
      snippet: '',
      origin: 'simulation',
      evidence: d.evidence,
      predicted: true,
    });
  }
  return out;
}

/** `smartAudit` with each proven effect's function lines added to its key (kept when the analysis already has them). */
export function withProvenKeys(smartAudit: SmartAudit, x: ExplorationResult): SmartAudit {
  const next = { ...smartAudit } as Record<string, unknown>;
  for (const e of x.effects) {
    const key = smartAuditKey(e);
    if (!key || !e.location) continue;
    const entries = [...((next[key] as { range: [number, number]; file?: string }[] | undefined) ?? [])];
    const [start, end] = e.location.range;
    const covered = entries.some((r) => (r.file === undefined || r.file === e.location!.file) && r.range[0] <= start && r.range[1] >= end);
    if (!covered) entries.push({ range: [start, end], file: e.location.file });
    next[key] = entries;
  }
  return next as SmartAudit;
}

interface LocatedFinding {
  readonly file?: unknown;
  readonly ranges?: unknown;
  readonly [key: string]: unknown;
}

/**
 * Marks the analysis's findings by the exploration: `simulation: { proven: true, evidence }`
 * when an effect was seen in their lines, `{ proven: false, why }` when a power the analysis
 * named there could not be shown. Findings elsewhere are left as they are.
 */
export type SimulationMark = { readonly proven: true; readonly evidence: string } | { readonly proven: false; readonly why: string };

export function markStaticFindings<T extends LocatedFinding>(
  findings: readonly T[],
  x: ExplorationResult,
): (T & { readonly simulation?: SimulationMark })[] {
  const inside = (f: T, file: string, line: number) =>
    (f.file === file || f.file === undefined) &&
    Array.isArray(f.ranges) &&
    (f.ranges as [number, number][]).some((r) => Array.isArray(r) && r[0] <= line && line <= r[1]);
  return findings.map((f) => {
    const proven = x.effects.find((e) => e.location && inside(f, e.location.file, e.location.range[0]));
    if (proven) return { ...f, simulation: { proven: true, evidence: proven.evidence } };
    const unproven = (x.unproven ?? []).find(
      (u) => u.line !== null && Array.isArray(f.ranges) && inside({ ...f, file: undefined }, '', u.line),
    );
    if (unproven) return { ...f, simulation: { proven: false, why: unproven.why } };
    return f;
  });
}
