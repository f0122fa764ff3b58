/**
 * The scoring model (docs/scoring.md): six scores from 0 to 100, higher is safer, each
 * with its raw value and the factors that moved it. Pure and deterministic: the same
 * facts always give the same scores.
 *
 * A score whose facts are all unavailable is null (its raw value too) and is left out
 * of the total, whose weights are renormalised over the scores that exist. Unknown is
 * never scored as safe.
 */
import type { ScoreName } from '../../interface/schemas/audit-layout.ts';
import { describeHolder, type PowerHolder } from '../power-holder.ts';
import { detectors } from '../../analysis/detectors/index.ts';
import type { MoneyPower } from '../../analysis/detectors/define-detector.ts';
import type { Severity } from '../../shared/severities.ts';

export type FindingSeverity = Severity;

export interface ScoringFinding {
  readonly detector: string;
  readonly severity: FindingSeverity;
  readonly title: string;
}

export interface ScoringInput {
  /** Findings from the source analysis and the bytecode analysis; null when no code could be analysed. */
  readonly findings: readonly ScoringFinding[] | null;
  readonly unverified: boolean;
  readonly proxy: boolean;
  /** null when the owner could not be read. */
  readonly renounced: boolean | null;
  /** Who holds the owner-gated powers, read on chain; null when there is no chain (source scans). */
  readonly powerHolder?: PowerHolder | null;
  /** Privileged entry points of the source other than handing ownership over; null when unknown (bytecode). */
  readonly privilegedFunctions?: number | null;
  /**
   * Why a holder cannot sell whatever the market does, when the token's own rules say so
   * without a simulation (a Solana mint that is non-transferable or whose new accounts start
   * frozen): capped as a honeypot.
   */
  readonly sellImpossible?: string | null;
  /** Simulation outcome; null when it did not run. */
  readonly taxes: {
    readonly buyTax: number | null;
    readonly sellTax: number | null;
    readonly transferTax: number | null;
    readonly error: string;
  } | null;
  /** Shares of the supply (0..1) of the largest holders, excluding pools, lockers and dead addresses; null when unknown. */
  readonly topHolderShares: readonly number[] | null;
  readonly holderCount: number | null;
  /** USD value of all pools; null when pools could not be read. */
  readonly liquidityUsd: number | null;
  /** Share (0..1) of the deepest pool's LP tokens held by lockers; null when unknown. */
  readonly lockedLiquidityShare: number | null;
  readonly marketcapUsd: number | null;
  /**
   * Issue 19: trading over the last day and the price change over 30 days, from the chain
   * (src/market); a null member is a figure that could not be computed (no pool history).
   */
  readonly trading?: { readonly volumeUsd: number | null; readonly change30Percent: number | null } | null;
  /** Follower and member counts from configured social providers; null when none answered. */
  readonly socials: {
    readonly twitterFollowers: number;
    readonly telegramMembers: number;
    readonly discordMembers: number;
    readonly redditMembers?: number;
  } | null;
  /** Growth of that audience over the last 30 days of stored readings (0.1: +10%); null with under 7 days of readings. */
  readonly audienceGrowth?: number | null;
  /** The project's GitHub activity; null when no repository statistics were read. */
  readonly repository?: {
    /** Commits in the last 4 weeks; null when the provider gave no weekly activity. */
    readonly recentCommits: number | null;
    readonly contributors: number;
    /** Age of the GitHub organisation (or user) in days; null when unknown. */
    readonly organizationAgeDays: number | null;
  } | null;
  /** Age of the website's domain registration in days (RDAP); null when unknown. */
  readonly domainAgeDays?: number | null;
  /** The website's domain passes the DNS e-mail checks (SPF, DKIM, DMARC); null when not checked. */
  readonly emailChecksPass?: boolean | null;
  /** Age of the contract in days; null when the creation is unknown. */
  readonly ageDays: number | null;
  /** An audit report is registered for the address (operation 1's registry). */
  readonly audited: boolean;
  readonly hasWebsite: boolean;
}

export interface ScoreFactor {
  readonly score: ScoreName;
  readonly factor: string;
  /** Points added (positive) or taken (negative). */
  readonly effect: number;
  readonly detail: string;
}

export interface ScoreResult {
  /** Clamped to 0..100 and rounded; null when the score has no facts. */
  readonly scores: Record<ScoreName, number | null>;
  /** Before clamping (may leave 0..100), unrounded. */
  readonly raw: Record<ScoreName, number | null>;
  readonly rank: string;
  readonly factors: ScoreFactor[];
}

export const TOTAL_WEIGHTS: Readonly<Record<Exclude<ScoreName, 'total'>, number>> = {
  security: 0.45,
  decentralisation: 0.2,
  market: 0.15,
  fundamentals: 0.1,
  community: 0.1,
};

/**
 * Points a finding takes from the security score, by severity. Fitted with
 * `npm run calibrate` on the CRPWarner groups (docs/scoring.md): findings that do not
 * let anyone take holders' money (selfdestruct, unchecked transfers, reclaimable
 * ownership) are as common among tokens labelled safe as among rug pulls, so they weigh
 * less than the powers below.
 */
export const SEVERITY_PENALTY: Readonly<Record<FindingSeverity, number>> = { critical: 35, high: 15, medium: 5, low: 1, informational: 0 };

export type { MoneyPower };

/**
 * Bytecode capabilities (src/analysis/bytecode/classify-capabilities.ts) and Solana mint
 * codes (src/solana/finding-codes.ts) that are such a power. Source detectors declare it
 * in their own metadata (`scoring`), read from the registry below.
 */
const OTHER_MONEY_POWERS: Readonly<Record<string, MoneyPower>> = {
  'bytecode-mint': 'mint',
  'bytecode-blacklist': 'sell-block',
  'bytecode-pause': 'sell-block',
  // Solana mints: the authorities that can take or lock holders' tokens.
  'solana:STMA': 'mint',
  'solana:STFA': 'sell-block',
  'solana:ST2THE': 'sell-block',
  'solana:ST2PDA': 'balance-change',
};

/** Detectors (source, bytecode and Solana) whose finding is a power over holders' money. */
export const MONEY_POWER_DETECTORS: Readonly<Record<string, MoneyPower>> = {
  ...Object.fromEntries(
    detectors.flatMap((d) => (d.meta.scoring.kind === 'money-power' ? [[d.meta.id, d.meta.scoring.power] as const] : [])),
  ),
  ...OTHER_MONEY_POWERS,
};

const POWER_TEXT: Readonly<Record<MoneyPower, string>> = {
  mint: 'mint without limit',
  'sell-block': 'stop holders from selling',
  'balance-change': "change or destroy holders' balances",
  'unbounded-fee': 'raise fees without a bound',
};

/**
 * Owner controls over who may trade and how much (trading switched on by the owner, a
 * list of exempt accounts, cooldowns, transaction and wallet limits, fee setters, from the
 * source or from an unverified contract's function names): not a
 * power to take money by itself, but the levers a sell block is built from. Fitted with
 * `npm run calibrate`: about a third of the rug pulls carry one, one token in 27 of those
 * labelled without.
 */
export const TRADE_CONTROL_DETECTORS: ReadonlySet<string> = new Set([
  ...detectors.filter((d) => d.meta.scoring.kind === 'trade-control').map((d) => d.meta.id),
  // The same controls named by an unverified contract's functions.
  'bytecode-setFees',
  'bytecode-maxTxAmount',
]);
/** Points the first finding of each trade control takes, times its holder's weight. */
export const TRADE_CONTROL_PENALTY = 10;

/** Simulation outcomes that decide something about the token, and what each costs. */
const DECISIVE_SIMULATION_ERRORS: Readonly<Record<string, readonly [number, string]>> = {
  SELL_FAILED: [-70, 'the simulated sell failed: looks like a honeypot'],
  BUY_FAILED: [-40, 'the simulated buy failed'],
  TRANSFER_FAILED: [-40, 'the simulated transfer failed'],
  INSUFFICIENT_LIQUIDITY: [-10, 'the pool lacks liquidity for a simulated trade'],
};
/** Points a simulation that did not run, or ran and decided nothing (no pool, a failed quote, an error), takes. */
export const INCONCLUSIVE_SIMULATION_PENALTY = 5;

/**
 * Points each privileged function takes (a lever its holder keeps), and at most all of them.
 * Fitted with `npm run calibrate`: 147 of 149 rug pulls keep such functions, 19 of 27
 * tokens labelled without; 4 and 40 separate best (2/20 gave AUC 0.857, 4/40 0.862, 5/50 0.852).
 */
export const PRIVILEGED_FUNCTION_PENALTY = { each: 4, max: 40 } as const;

/** Points the first finding of each power takes (its repeats count a quarter). */
export const POWER_PENALTY = 25;

/** The highest security score, and total, while one account holds such a power (top of C). */
export const ONE_ACCOUNT_CAP = { security: 35, total: 39 } as const;
/** … while a multisig (2 signers or more) or a timelock holds it (top of B). */
export const SHARED_HOLDER_CAP = { security: 54, total: 54 } as const;
/** … when a simulated sell failed: the token is a honeypot (D). */
export const HONEYPOT_CAP = { security: 20, total: 24 } as const;
/**
 * Points each kind of power beyond the first lowers the cap: an account that can both mint
 * and stop sells has two ways to take holders' money. Fitted with `npm run calibrate`:
 * rug pulls carry two kinds or more far more often than the tokens labelled without.
 */
export const EXTRA_POWER_CAP_STEP = 10;

/** The cap for `kinds` kinds of power under `cap` (one kind), never below 0. */
export function powerCap(cap: { readonly security: number; readonly total: number }, kinds: number) {
  const lower = EXTRA_POWER_CAP_STEP * Math.max(0, kinds - 1);
  return { security: Math.max(0, cap.security - lower), total: Math.max(0, cap.total - lower) };
}

/** Findings that make a renounce or an owner read untrustworthy: the powers stay with someone. */
const HIDDEN_CONTROL = new Set(['fake-renounce', 'hidden-owner', 'reclaimable-ownership']);

/**
 * How much a power weighs given who holds it: nobody (renounced, really) a quarter; a
 * multisig of 2 or more signers or a timelock of a day or more half; one account, a
 * contract we cannot read as either, or an unknown holder in full.
 */
export function holderWeight(holder: PowerHolder | null | undefined): { weight: number; cap: { security: number; total: number } | null } {
  if (!holder) return { weight: 1, cap: ONE_ACCOUNT_CAP };
  if (holder.kind === 'nobody') return { weight: 0.25, cap: null };
  if ((holder.kind === 'multisig' && holder.threshold >= 2) || (holder.kind === 'timelock' && holder.delaySeconds >= 86_400))
    return { weight: 0.5, cap: SHARED_HOLDER_CAP };
  return { weight: 1, cap: ONE_ACCOUNT_CAP };
}

/** Rank labels from the total score, highest first (docs/scoring.md). */
export const RANKS: ReadonlyArray<readonly [min: number, label: string]> = [
  [85, 'AAA'],
  [70, 'AA'],
  [55, 'A'],
  [40, 'B'],
  [25, 'C'],
  [0, 'D'],
];

class Tally {
  raw: number;
  readonly factors: ScoreFactor[] = [];
  constructor(
    readonly score: ScoreName,
    base: number,
    baseDetail: string,
  ) {
    this.raw = base;
    this.factors.push({ score, factor: 'base', effect: base, detail: baseDetail });
  }
  /** The base line's text, written once the factors are known so it never contradicts them. */
  describeBase(detail: (moves: readonly ScoreFactor[]) => string): this {
    this.factors[0] = { ...this.factors[0]!, detail: detail(this.factors.slice(1)) };
    return this;
  }
  /** Lowers the raw value to `max` (a factor says why) when it is above. */
  cap(max: number, factor: string, detail: string): void {
    if (this.raw > max) this.add(factor, max - this.raw, detail);
  }
  add(factor: string, effect: number, detail: string): void {
    if (effect === 0) return;
    this.raw += effect;
    this.factors.push({ score: this.score, factor, effect: round1(effect), detail });
  }
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const clamp = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

/** The holder the scoring assumes: a renounce contradicted by the code counts as unknown. */
function effectiveHolder(input: ScoringInput): PowerHolder | null {
  const hidden = (input.findings ?? []).some((f) => HIDDEN_CONTROL.has(f.detector));
  if (input.powerHolder)
    return hidden && input.powerHolder.kind === 'nobody'
      ? { kind: 'unknown', reason: 'renounced, but the code keeps another path to the powers' }
      : input.powerHolder;
  if (input.renounced === true && !hidden) return { kind: 'nobody' };
  return null;
}

interface SecurityTally {
  readonly tally: Tally;
  /** The cap on the total that the powers found impose, if any. */
  readonly totalCap: { readonly max: number; readonly detail: string } | null;
}

function security(input: ScoringInput): SecurityTally | null {
  if (input.findings === null && input.taxes === null) return null;
  const t = new Tally('security', 100, '');
  const holder = effectiveHolder(input);
  const { weight, cap } = holderWeight(holder);
  const heldBy = holder ? describeHolder(holder) : 'the privileged account (its holder is not known without a chain)';
  const seen = new Map<string, number>();
  const powers = new Set<MoneyPower>();
  for (const finding of input.findings ?? []) {
    // A detector counts fully once, then at a quarter: ten mint functions are not ten times one.
    const times = seen.get(finding.detector) ?? 0;
    seen.set(finding.detector, times + 1);
    const power = MONEY_POWER_DETECTORS[finding.detector];
    const repeat = times === 0 ? 1 : 0.25;
    if (power) {
      powers.add(power);
      t.add(
        `finding:${finding.detector}`,
        -POWER_PENALTY * repeat * weight,
        `${finding.severity}: ${finding.title}; held by ${heldBy}${weight < 1 ? ` (weight ${weight})` : ''}`,
      );
    } else if (TRADE_CONTROL_DETECTORS.has(finding.detector)) {
      const points = Math.max(SEVERITY_PENALTY[finding.severity], TRADE_CONTROL_PENALTY * weight);
      t.add(
        `finding:${finding.detector}`,
        -points * repeat,
        `${finding.severity}: ${finding.title}; a control over trading held by ${heldBy}${weight < 1 ? ` (weight ${weight})` : ''}`,
      );
    } else {
      t.add(`finding:${finding.detector}`, -SEVERITY_PENALTY[finding.severity] * repeat, `${finding.severity}: ${finding.title}`);
    }
  }
  const levers = input.privilegedFunctions ?? 0;
  if (levers > 0) {
    const effect = -Math.min(PRIVILEGED_FUNCTION_PENALTY.max, PRIVILEGED_FUNCTION_PENALTY.each * levers) * weight;
    t.add(
      'privileged-functions',
      effect,
      `${levers} privileged function${levers === 1 ? '' : 's'} besides handing ownership over, held by ${heldBy}`,
    );
  }
  if (input.findings === null) t.add('no-code-analysis', -15, 'neither source nor bytecode could be analysed');
  if (input.unverified) t.add('unverified', -20, 'source code is not verified: behaviour known only from bytecode and simulation');
  if (input.proxy) t.add('upgradeable', -10, 'behind an upgradeable proxy: the code can be replaced');
  const taxes = input.taxes;
  if (taxes) {
    const failure = DECISIVE_SIMULATION_ERRORS[taxes.error];
    if (failure) t.add(`simulation:${taxes.error}`, failure[0], failure[1]);
    // No pool, a failed quote or an error of the simulator decides nothing: as unknown as no simulation.
    else if (taxes.error !== '')
      t.add(
        `simulation:${taxes.error}`,
        -INCONCLUSIVE_SIMULATION_PENALTY,
        `the trade simulation could not decide (${taxes.error}): taxes and sellability unconfirmed`,
      );
    for (const [name, value] of [
      ['buy', taxes.buyTax],
      ['sell', taxes.sellTax],
      ['transfer', taxes.transferTax],
    ] as const) {
      // Up to 5% is an ordinary token fee; beyond it every point of tax costs a point, doubled past 25%.
      if (value !== null && value > 5) t.add(`${name}-tax`, -(value - 5 + Math.max(0, value - 25)), `${name} tax ${round1(value)}%`);
    }
  } else {
    t.add('no-simulation', -INCONCLUSIVE_SIMULATION_PENALTY, 'the trade simulation did not run: taxes and sellability unconfirmed');
  }
  const decided = taxes !== null && (taxes.error === '' || taxes.error in DECISIVE_SIMULATION_ERRORS);
  const read = [input.findings !== null ? (input.unverified ? 'the bytecode' : 'the code') : null, decided ? 'the simulated trades' : null]
    .filter(Boolean)
    .join(' and ');
  t.describeBase((moves) =>
    moves.some((m) => m.effect < 0) ? `starts at 100; each risk below takes its points` : `no risk found in ${read}`,
  );

  // Caps: what lets one account take holders' money decides the score whatever else looks good.
  let totalCap: SecurityTally['totalCap'] = null;
  if (taxes?.error === 'SELL_FAILED') {
    t.cap(HONEYPOT_CAP.security, 'cap:honeypot', `capped at ${HONEYPOT_CAP.security}: the simulated sell failed, holders cannot sell`);
    totalCap = { max: HONEYPOT_CAP.total, detail: 'capped: the token cannot be sold' };
  } else if (input.sellImpossible) {
    t.cap(HONEYPOT_CAP.security, 'cap:cannot-sell', `capped at ${HONEYPOT_CAP.security}: ${input.sellImpossible}`);
    totalCap = { max: HONEYPOT_CAP.total, detail: `capped: ${input.sellImpossible}` };
  } else if (powers.size > 0 && cap) {
    const what = [...powers].map((p) => POWER_TEXT[p]).join(', ');
    const capped = powerCap(cap, powers.size);
    t.cap(capped.security, 'cap:powers', `capped at ${capped.security}: ${heldBy} can ${what}`);
    totalCap = { max: capped.total, detail: `capped at ${capped.total}: ${heldBy} can ${what}` };
  }
  return { tally: t, totalCap };
}

function decentralisation(input: ScoringInput): Tally | null {
  if (input.topHolderShares === null && input.renounced === null && input.lockedLiquidityShare === null) return null;
  const t = new Tally('decentralisation', 100, '');
  if (input.renounced === false) t.add('owned', -15, 'an owner account still controls the contract');
  if (input.proxy) t.add('upgrade-admin', -10, 'an admin can upgrade the implementation');
  const shares = input.topHolderShares;
  if (shares) {
    const top1 = shares[0] ?? 0;
    const top10 = shares.slice(0, 10).reduce((a, b) => a + b, 0);
    if (top1 > 0.05)
      t.add('largest-holder', -Math.min(40, (top1 - 0.05) * 100), `the largest holder has ${round1(top1 * 100)}% of the supply`);
    if (top10 > 0.3)
      t.add('top-10-holders', -Math.min(30, (top10 - 0.3) * 60), `the 10 largest holders have ${round1(top10 * 100)}% of the supply`);
  }
  if (input.holderCount !== null && input.holderCount < 50)
    t.add('few-holders', -Math.min(20, 50 - input.holderCount) / 2, `${input.holderCount} holders`);
  if (input.lockedLiquidityShare !== null) {
    if (input.lockedLiquidityShare < 0.5)
      t.add(
        'unlocked-liquidity',
        -20 * (1 - input.lockedLiquidityShare * 2),
        `${round1(input.lockedLiquidityShare * 100)}% of the liquidity is locked`,
      );
  } else if (input.liquidityUsd !== null && input.liquidityUsd > 0) {
    t.add('liquidity-lock-unknown', -10, 'no lock of the liquidity was found');
  }
  return t.describeBase((moves) =>
    moves.length > 0
      ? 'starts at 100; each concentration of control below takes its points'
      : 'no concentration of supply, ownership or liquidity found in what was read',
  );
}

function market(input: ScoringInput): Tally | null {
  if (input.liquidityUsd === null) return null;
  const t = new Tally('market', 0, '');
  // 20 points per decade of liquidity above $1,000: $1M or more scores 60, $100M scores 100.
  if (input.liquidityUsd > 1000)
    t.add(
      'liquidity',
      Math.min(100, 20 * Math.log10(input.liquidityUsd / 1000)),
      `$${Math.round(input.liquidityUsd).toLocaleString('en-US')} of liquidity`,
    );
  if (input.liquidityUsd > 0 && input.marketcapUsd !== null && input.marketcapUsd > 0) {
    const ratio = input.liquidityUsd / input.marketcapUsd;
    if (ratio < 0.02)
      t.add('thin-liquidity', -15, `liquidity is ${round1(ratio * 100)}% of the market cap: large sells move the price far`);
  }
  const volume = input.trading?.volumeUsd ?? null;
  // 10 points per decade of daily volume above $1,000, at most 20: a pool people trade in.
  if (volume !== null && volume > 1000)
    t.add('volume', Math.min(20, 10 * Math.log10(volume / 1000)), `$${Math.round(volume).toLocaleString('en-US')} traded in 24 hours`);
  const change = input.trading?.change30Percent ?? null;
  if (change !== null && change <= -25) t.add('price-fall', change <= -50 ? -20 : -10, `the price fell ${round1(-change)}% in 30 days`);
  const liquidity = input.liquidityUsd;
  return t.describeBase(() =>
    liquidity <= 0
      ? 'no liquidity in any pool found'
      : liquidity <= 1000
        ? `$${round1(liquidity)} of liquidity: too little to score`
        : 'starts at 0; the liquidity below adds its points',
  );
}

function community(input: ScoringInput): Tally | null {
  if (input.socials === null) return null;
  const t = new Tally('community', 0, '');
  const s = input.socials;
  const audience = s.twitterFollowers + s.telegramMembers + s.discordMembers + (s.redditMembers ?? 0);
  if (audience > 100) t.add('audience', Math.min(100, 25 * Math.log10(audience / 100)), `${audience} followers and members`);
  // Half a point per percent of growth over 30 days, 15 at most either way: a growing community
  // is alive; one that is leaving is a warning.
  const growth = input.audienceGrowth ?? null;
  if (growth !== null && growth !== 0)
    t.add(
      growth > 0 ? 'audience-growth' : 'audience-decline',
      Math.max(-15, Math.min(15, 50 * growth)),
      `the audience ${growth > 0 ? 'grew' : 'shrank'} ${round1(Math.abs(growth) * 100)}% over 30 days`,
    );
  return t.describeBase(() =>
    audience > 100 ? 'starts at 0; the audience below adds its points' : `${audience} followers and members: too few to score`,
  );
}

function fundamentals(input: ScoringInput): Tally {
  const t = new Tally('fundamentals', 20, 'a deployed contract starts at 20');
  if (!input.unverified) t.add('verified', 25, 'source code is verified');
  if (input.audited) t.add('audited', 30, 'an audit report is registered');
  if (input.hasWebsite) t.add('website', 5, 'a website is known');
  if (input.ageDays !== null) {
    if (input.ageDays >= 30) t.add('age', Math.min(20, input.ageDays / 18), `deployed ${Math.floor(input.ageDays)} days ago`);
    else t.add('new', -10, `deployed ${Math.floor(input.ageDays)} days ago`);
  }
  const repo = input.repository ?? null;
  if (repo) {
    if (repo.recentCommits !== null && repo.recentCommits > 0)
      t.add(
        'repository-activity',
        Math.min(10, 5 * Math.log10(1 + repo.recentCommits)),
        `${repo.recentCommits} commits in the last 4 weeks`,
      );
    if (repo.contributors >= 2) t.add('contributors', Math.min(5, repo.contributors / 2), `${repo.contributors} contributors`);
    if (repo.organizationAgeDays !== null) {
      if (repo.organizationAgeDays >= 365)
        t.add('organization-age', 5, `GitHub organisation created ${Math.floor(repo.organizationAgeDays)} days ago`);
      else if (repo.organizationAgeDays < 30)
        t.add('new-organization', -5, `GitHub organisation created ${Math.floor(repo.organizationAgeDays)} days ago`);
    }
  }
  const domainAge = input.domainAgeDays ?? null;
  if (domainAge !== null) {
    if (domainAge >= 365) t.add('domain-age', 5, `domain registered ${Math.floor(domainAge)} days ago`);
    else if (domainAge < 30) t.add('new-domain', -5, `domain registered ${Math.floor(domainAge)} days ago`);
  }
  if (input.emailChecksPass === true) t.add('email-security', 3, "the website's domain publishes SPF, DKIM and DMARC");
  return t;
}

export function rankOf(total: number | null): string {
  if (total === null) return '';
  return RANKS.find(([min]) => total >= min)?.[1] ?? 'D';
}

export function scoreScan(input: ScoringInput): ScoreResult {
  const secured = security(input);
  const tallies = {
    security: secured?.tally ?? null,
    decentralisation: decentralisation(input),
    market: market(input),
    community: community(input),
    fundamentals: fundamentals(input),
  };
  const scores = {} as Record<ScoreName, number | null>;
  const raw = {} as Record<ScoreName, number | null>;
  const factors: ScoreFactor[] = [];
  let weighted = 0;
  let weights = 0;
  let rawWeighted = 0;
  for (const [name, tally] of Object.entries(tallies) as Array<[Exclude<ScoreName, 'total'>, Tally | null]>) {
    raw[name] = tally ? round1(tally.raw) : null;
    scores[name] = tally ? clamp(tally.raw) : null;
    if (!tally) continue;
    factors.push(...tally.factors);
    weighted += TOTAL_WEIGHTS[name] * clamp(tally.raw);
    rawWeighted += TOTAL_WEIGHTS[name] * tally.raw;
    weights += TOTAL_WEIGHTS[name];
  }
  // Without a security score the total would describe everything but the code: no total.
  const total = tallies.security && weights > 0 ? weighted / weights : null;
  scores.total = total === null ? null : clamp(total);
  raw.total = total === null ? null : round1(rawWeighted / weights);
  // A token whose powers let one account take holders' money never ranks above C (a honeypot: D).
  const totalCap = secured?.totalCap;
  if (totalCap && scores.total !== null && scores.total > totalCap.max) {
    factors.push({ score: 'total', factor: 'cap', effect: totalCap.max - scores.total, detail: totalCap.detail });
    scores.total = totalCap.max;
  }
  return { scores, raw, rank: rankOf(scores.total), factors };
}
