/**
 * The verdict of a scan (issue 29): can a holder buy, can they sell now, which owner
 * actions were shown to block or tax their sell, who holds the powers, and GoPlus's 16
 * token-risk categories each answered yes, no or unknown with its evidence. One pure
 * function over what the scan already found; the API (`meta.verdict`), the details page
 * and the chat all read its answer, so they never disagree.
 *
 * An answer is `no` only when the code was read completely (a verified source analysed
 * without gaps): an unverified contract or a partial analysis leaves the categories it
 * found nothing for `unknown`, never clean.
 */
import type { Evidence, Verdict } from '../../interface/schemas/verdict.ts';

/** One risk category: the findings and smartAudit keys that report it (src/analysis/goplus-categories.ts). */
export interface RiskCategory {
  readonly id: string;
  readonly name: string;
  readonly smartAuditKeys: readonly string[];
  readonly findings: readonly string[];
}

export interface VerdictFinding {
  readonly detector: string;
  readonly severity: string;
  readonly file?: string | undefined;
  readonly ranges?: readonly (readonly [number, number])[] | readonly (readonly number[])[] | undefined;
}

export interface VerdictOwnerAction {
  readonly kind: string;
  /** Who made the call, when the simulation says (`owner/deployer`, `state variable marketingWallet`, `anyone`). */
  readonly by?: string | undefined;
  readonly call: string | null;
  readonly executed: boolean;
  readonly sellAfter: string;
  readonly sellTaxAfter: number | null;
  readonly statement?: string;
  readonly line?: number | null;
}

export interface VerdictTaxes {
  readonly buyTax: number | null;
  readonly sellTax: number | null;
  readonly error: string;
}

export interface VerdictInput {
  /** The simulated trades; null when no simulation ran (then why in `simulationReason`). */
  readonly taxes: VerdictTaxes | null;
  readonly simulationReason?: string | undefined;
  readonly ownerActions?: readonly VerdictOwnerAction[] | undefined;
  /** Sells tried later with no owner action (delayed traps), when the simulation tried them. */
  readonly delayedSells?: readonly { readonly after: string; readonly failed: boolean; readonly detail: string }[] | undefined;
  /** Findings of the source or bytecode analysis; null when no code was analysed. */
  readonly findings: readonly VerdictFinding[] | null;
  /** Whether the source was analysed completely (verified, no diagnostics): only then is an absence a `no`. */
  readonly analysisComplete: boolean;
  /** Why the analysis is not complete (unverified, partial…), said on `unknown` answers. */
  readonly incompleteReason?: string | undefined;
  readonly smartAudit?: Readonly<Record<string, unknown>> | null | undefined;
  /** `meta.powers`: each money power and its holder. */
  readonly powers?:
    readonly { readonly power: string; readonly holder: { readonly kind: string; readonly address?: string | undefined } }[] | undefined;
  readonly categories: readonly RiskCategory[];
}

/** Taxes errors that say the simulation could not trade at all (nothing is known about buying or selling). */
const NOT_TRADED = new Set(['POOL_NOT_FOUND', 'INSUFFICIENT_LIQUIDITY', 'INVALID_TOKEN_ADDRESS', 'QUOTE_ERROR', 'UNCAUGHT_ERROR']);

/** Owner-action kinds the simulation exercises, and the category a proven one shows. */
const ACTION_CATEGORY: Readonly<Record<string, string>> = {
  blacklist: 'blacklist',
  'blacklist-many': 'blacklist',
  pause: 'transfer-pausable',
  'set-fees': 'slippage-modification',
  'personal-fee': 'personal-slippage-modification',
  'max-tx': 'anti-whale-modification',
  'max-wallet': 'anti-whale-modification',
  cooldown: 'trading-cooldown',
  'trading-switch': 'honeypot',
  mint: 'mintable',
  'balance-change': 'balance-manipulation',
  burn: 'balance-manipulation',
};

/**
 * Findings of the simulation's exploration (issue 27: `exploration-<effect>`), each the
 * proof of one category; the static detectors' own ids are in the categories' lists.
 */
const EXPLORATION_CATEGORY: Readonly<Record<string, string>> = {
  'exploration-minted': 'mintable',
  'exploration-ownership-retrieved': 'ownership-retrieval',
  'exploration-balance-lowered': 'balance-manipulation',
  'exploration-self-destructed': 'self-destruction',
  'exploration-external-dependency': 'external-invocation',
  'exploration-buy-restricted': 'whitelist',
  'exploration-sell-tax-raised': 'slippage-modification',
  'exploration-sell-limited': 'anti-whale-modification',
  'exploration-delayed-sell-trap': 'honeypot',
  'exploration-closed-until-opened': 'transfer-pausable',
};

/** A sell tax at or above this, set by an owner call, counts as taxing a holder's sell away. */
const PUNITIVE_SELL_TAX = 50;

function canBuy(taxes: VerdictTaxes | null): Verdict['canBuy'] {
  if (!taxes || NOT_TRADED.has(taxes.error)) return 'unknown';
  if (taxes.error === 'BUY_FAILED') return 'no';
  return taxes.buyTax === null ? 'unknown' : 'yes';
}

function canSell(taxes: VerdictTaxes | null): Verdict['canSell'] {
  if (!taxes || NOT_TRADED.has(taxes.error) || taxes.error === 'BUY_FAILED') return 'unknown';
  if (taxes.error === 'SELL_FAILED') return 'no';
  return taxes.sellTax === null ? 'unknown' : 'yes';
}

function findingEvidence(finding: VerdictFinding): Evidence {
  const lines = (finding.ranges ?? [])
    .filter((r) => r.length >= 2 && typeof r[0] === 'number' && typeof r[1] === 'number')
    .map((r) => [r[0]!, r[1]!] as [number, number]);
  return {
    kind: 'finding',
    detector: finding.detector,
    severity: finding.severity,
    ...(finding.file ? { file: finding.file } : {}),
    ...(lines.length > 0 ? { lines } : {}),
  };
}

function nonEmpty(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value === true;
}

function holderOf(input: VerdictInput): string {
  const holders = new Set((input.powers ?? []).map((p) => p.holder.kind));
  return holders.size === 1 ? [...holders][0]! : holders.size === 0 ? 'unknown' : [...holders].join(' or ');
}

export function computeVerdict(input: VerdictInput): Verdict {
  const buy = canBuy(input.taxes);
  const sell = canSell(input.taxes);
  const by = holderOf(input);
  const sellAfterOwnerActions: Verdict['sellAfterOwnerActions'] = [];
  for (const action of input.ownerActions ?? []) {
    if (!action.executed || !action.call) continue;
    const baseline = input.taxes?.sellTax ?? 0;
    if (action.sellAfter === 'failed') {
      sellAfterOwnerActions.push({
        call: action.call,
        effect: 'blocks',
        sellTaxAfter: null,
        by: action.by ?? by,
        line: action.line ?? null,
      });
    } else if (
      action.sellAfter === 'passed' &&
      action.sellTaxAfter !== null &&
      action.sellTaxAfter >= PUNITIVE_SELL_TAX &&
      action.sellTaxAfter > baseline
    ) {
      sellAfterOwnerActions.push({
        call: action.call,
        effect: 'taxes',
        sellTaxAfter: action.sellTaxAfter,
        by: action.by ?? by,
        line: action.line ?? null,
      });
    }
  }
  const delayed = (input.delayedSells ?? []).filter((d) => d.failed).map((d) => ({ after: d.after, detail: d.detail }));

  const risks = input.categories.map((category): Verdict['risks'][number] => {
    const evidence: Evidence[] = [];
    for (const finding of input.findings ?? [])
      if (category.findings.includes(finding.detector) || EXPLORATION_CATEGORY[finding.detector] === category.id)
        evidence.push(findingEvidence(finding));
    // A smartAudit key with no matching finding above (e.g. from another detector) still counts.
    if (evidence.length === 0)
      for (const key of category.smartAuditKeys)
        if (nonEmpty(input.smartAudit?.[key]))
          evidence.push({ kind: 'simulation', step: `smartAudit.${key}`, detail: `smartAudit.${key} is set` });
    if (category.id === 'honeypot' && input.taxes?.error === 'SELL_FAILED')
      evidence.push({ kind: 'simulation', step: 'sell', detail: input.simulationReason || 'a simulated sell reverted' });
    for (const action of input.ownerActions ?? []) {
      if (ACTION_CATEGORY[action.kind] !== category.id || !action.executed || !action.call) continue;
      const shown = action.sellAfter === 'failed' || (action.sellTaxAfter !== null && action.sellTaxAfter > (input.taxes?.sellTax ?? 0));
      if (shown)
        evidence.push({
          kind: 'simulation',
          step: action.call,
          detail: action.statement ?? `after ${action.call} the holder's sell ${action.sellAfter}`,
        });
    }
    if (category.id === 'honeypot')
      for (const d of delayed) evidence.push({ kind: 'simulation', step: `sell after ${d.after}`, detail: d.detail });
    if (evidence.length > 0) return { id: category.id, name: category.name, answer: 'yes', evidence };
    if (input.analysisComplete) return { id: category.id, name: category.name, answer: 'no', evidence };
    return {
      id: category.id,
      name: category.name,
      answer: 'unknown',
      evidence,
      reason: input.incompleteReason ?? 'the code could not be read completely',
    };
  });

  const powerHolders = (input.powers ?? []).map((p) => ({
    power: p.power,
    holder: p.holder.kind,
    ...(p.holder.address ? { address: p.holder.address } : {}),
  }));
  return {
    canBuy: buy,
    canSell: sell,
    summary: summarise(input, buy, sell, sellAfterOwnerActions, delayed, risks),
    sellAfterOwnerActions,
    delayed,
    powerHolders,
    risks,
  };
}

/** The banner's words: whether one can sell, then the worst thing the owner was shown able to do. */
function summarise(
  input: VerdictInput,
  buy: Verdict['canBuy'],
  sell: Verdict['canSell'],
  actions: Verdict['sellAfterOwnerActions'],
  delayed: Verdict['delayed'],
  risks: Verdict['risks'],
): string {
  const parts: string[] = [];
  if (sell === 'no') parts.push(`You cannot sell: ${input.simulationReason || 'a simulated sell reverted'}.`);
  else if (buy === 'no') parts.push('You cannot buy: a simulated buy reverted.');
  else if (sell === 'yes') {
    const tax = input.taxes?.sellTax;
    parts.push(`You can sell now${tax !== null && tax !== undefined ? ` (sell tax ${formatPercent(tax)})` : ''}.`);
  } else parts.push(`Whether you can sell is not known: ${input.simulationReason || 'the simulation could not trade this token'}.`);
  const block = actions.find((a) => a.effect === 'blocks');
  const tax = actions.find((a) => a.effect === 'taxes');
  if (block) parts.push(`The owner can block your sell: \`${block.call}\` was shown to make a holder's sell revert.`);
  else if (tax)
    parts.push(`The owner can tax your sell away: after \`${tax.call}\` a holder's sell paid ${formatPercent(tax.sellTaxAfter ?? 0)}.`);
  if (delayed[0]) parts.push(`A sell that passes now fails after ${delayed[0].after}.`);
  if (!block && !tax && sell !== 'no') {
    const flagged = risks.filter((r) => r.answer === 'yes' && r.id !== 'external-invocation').map((r) => r.name.toLowerCase());
    if (flagged.length > 0) parts.push(`The code has: ${flagged.join(', ')}.`);
  }
  return parts.join(' ');
}

function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} %`;
}
