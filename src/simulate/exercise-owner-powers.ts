/**
 * Owner powers proven on the simulated chain, not read: after a holder bought, the owner
 * calls each power the source analysis found (pause, blacklist, fees, limits, cooldown,
 * mint, trading switch, balance changes) and the holder tries to sell again. Each try runs
 * from a snapshot that is reverted after, so powers do not see each other. Arguments come
 * from the parameter types: the holder (then the pair) for addresses, both truth values,
 * and a few numbers that a fee, a limit or a delay would make restrictive; the first
 * choice after which the sell fails is the evidence, else the one that raised the sell
 * tax most, else the first the owner could call. A mint is measured (the supply and the
 * recipients' balances around the call): one that created nothing, such as
 * `mint(holder, 0)`, is no proof of the power (`minted: "0"`, see mintShown).
 */
import { encodeFunctionData, parseAbi, type Abi, type Address, type Hex } from 'viem';
import type { TokenPower } from '../analysis/token-powers.ts';
import type { EvmSession } from './evm-session.ts';
import type { FoundPool } from './find-pool.ts';
import { holderWithTokens } from './holder-with-tokens.ts';
import { taxPercent } from './measure-tax.ts';
import { erc20Abi, NO_DEADLINE, routerAbi } from './simulation-abis.ts';
import type { OwnerActionCheck, SimulationStep } from './simulation-types.ts';

export interface ExerciseContext {
  readonly session: EvmSession;
  readonly token: Address;
  readonly pool: FoundPool;
  readonly owner: Address;
  readonly powers: readonly TokenPower[];
  /** Sell tax measured before any owner action (percent), to tell a raised fee. */
  readonly baselineSellTax: number | null;
  /** At most this many argument choices per power. */
  readonly maxChoices?: number;
}

interface Choice {
  readonly args: readonly unknown[];
  /** The arguments as a reader sees them: `holder`, `pair`, `true`, `99`. */
  readonly text: string;
}

const NUMBERS: Readonly<Record<string, readonly bigint[]>> = {
  'set-fees': [10_000n, 9_900n, 5_000n, 2_500n, 1_000n, 100n, 99n, 50n, 25n],
  'max-tx': [0n, 1n],
  cooldown: [10n ** 9n, 86_400n],
  'trading-switch': [0n, 10n ** 12n],
  pause: [0n, 10n ** 12n],
  default: [0n, 1n, 99n, 10n ** 9n],
};

/** Argument choices for a power, most likely restrictive first. */
export function argumentChoices(power: Pick<TokenPower, 'kind' | 'params'>, holder: Address, pair: Address, max = 6): Choice[] {
  const perParam = power.params.map((p): { value: unknown; text: string }[] => {
    const t = p.type;
    if (t === 'address')
      return [
        { value: holder, text: 'holder' },
        { value: pair, text: 'pair' },
      ];
    if (t === 'address[]')
      return [
        { value: [holder], text: '[holder]' },
        { value: [pair], text: '[pair]' },
      ];
    if (t === 'bool') {
      // An "exempt"/"whitelist" flag restricts by being false; every other flag by being true (pausing, blocking).
      const first = power.kind === 'whitelist' || power.kind === 'trading-switch' ? false : true;
      return [
        { value: first, text: String(first) },
        { value: !first, text: String(!first) },
      ];
    }
    const uint = /^u?int(\d*)$/.exec(t);
    if (uint) {
      const bits = BigInt(uint[1] || 256);
      const cap = t.startsWith('u') ? 2n ** bits - 1n : 2n ** (bits - 1n) - 1n;
      return (NUMBERS[power.kind] ?? NUMBERS.default!).filter((n) => n <= cap).map((n) => ({ value: n, text: String(n) }));
    }
    if (/^u?int\d*\[\]$/.test(t)) return [{ value: [], text: '[]' }];
    if (t === 'string') return [{ value: '', text: '""' }];
    if (t === 'bytes') return [{ value: '0x', text: '0x' }];
    if (/^bytes\d+$/.test(t)) return [{ value: `0x${'00'.repeat(Number(t.slice(5)))}`, text: '0x0…' }];
    return [];
  });
  if (perParam.some((values) => values.length === 0)) return [];
  const out: Choice[] = [];
  // Vary the parameters together (index i of each, clamped) first, then the full product, up to `max`.
  const longest = Math.max(1, ...perParam.map((v) => v.length));
  const seen = new Set<string>();
  const push = (picked: { value: unknown; text: string }[]) => {
    const text = picked.map((p) => p.text).join(', ');
    if (seen.has(text) || out.length >= max) return;
    seen.add(text);
    out.push({ args: picked.map((p) => p.value), text });
  };
  for (let i = 0; i < longest; i++) push(perParam.map((v) => v[Math.min(i, v.length - 1)]!));
  const product = (index: number, acc: { value: unknown; text: string }[]): void => {
    if (out.length >= max) return;
    if (index === perParam.length) return push(acc);
    for (const v of perParam[index]!) product(index + 1, [...acc, v]);
  };
  product(0, []);
  return out;
}

export async function exerciseOwnerPowers(ctx: ExerciseContext, evidence: SimulationStep[]): Promise<OwnerActionCheck[]> {
  const { session, token, pool, owner } = ctx;
  const checks: OwnerActionCheck[] = [];
  const powers = dedupe(ctx.powers.filter((p) => p.fillable));
  if (powers.length === 0) return checks;
  await session.impersonate(owner, 10n ** 22n);
  const holder = await holderWithTokens(session, token, pool);
  if (!holder) {
    return powers.map((p) => ({
      kind: p.kind,
      signature: p.signature,
      call: null,
      executed: false,
      sellAfter: 'not-run',
      sellTaxAfter: null,
      statement: 'no holder could buy the token to test this power with',
      line: p.line,
    }));
  }
  for (const power of powers) {
    session.label(`owner power: ${power.signature}`);
    checks.push(await exerciseOne(ctx, power, holder, evidence));
  }
  return checks;
}

function dedupe(powers: readonly TokenPower[]): TokenPower[] {
  const seen = new Set<string>();
  return powers.filter((p) => (seen.has(p.signature) ? false : (seen.add(p.signature), true)));
}

interface SellOutcome {
  readonly ok: boolean;
  readonly reason: string;
  readonly tax: number | null;
  readonly data: Hex;
  readonly gasUsed: number;
}

/**
 * A sell that failed because the pair's balance passed what its reserves can hold
 * (`UniswapV2: OVERFLOW`, e.g. after an action moved the owner's whole balance into the
 * pair) hit a limit of the pool, not a rule of the token: it proves no sell restriction.
 */
export function hitPoolLimit(sell: { readonly ok: boolean; readonly reason: string }): boolean {
  return !sell.ok && sell.reason.includes('UniswapV2: OVERFLOW');
}

/** The holder sells half of what it bought (less if an owner action took tokens away), whatever an action added. */
async function holderSells(session: EvmSession, token: Address, pool: FoundPool, holder: Address, bought: bigint): Promise<SellOutcome> {
  const balanceOf = (h: Address) => session.read<bigint>(token, erc20Abi, 'balanceOf', [h], 'UNCAUGHT_ERROR');
  const now = await balanceOf(holder);
  const amount = bought / 2n < now ? bought / 2n : now;
  const pairBefore = await balanceOf(pool.pair);
  const sell = await session.sendCall(holder, pool.router, routerAbi, 'swapExactTokensForTokensSupportingFeeOnTransferTokens', [
    amount,
    0n,
    [token, pool.quote],
    holder,
    NO_DEADLINE,
  ]);
  if (!sell.ok)
    return {
      ok: false,
      reason: await tokenReason(session, token, pool, holder, amount, sell.reason),
      tax: null,
      data: sell.data,
      gasUsed: sell.gasUsed,
    };
  if (amount === 0n)
    return { ok: false, reason: 'the holder has no tokens left to sell', tax: null, data: sell.data, gasUsed: sell.gasUsed };
  const reached = (await balanceOf(pool.pair)) - pairBefore;
  return { ok: true, reason: '', tax: reached <= amount ? taxPercent(amount, reached) : null, data: sell.data, gasUsed: sell.gasUsed };
}

/** The router hides the token's reason behind TRANSFER_FROM_FAILED: replay the token's transferFrom as the router. */
async function tokenReason(
  session: EvmSession,
  token: Address,
  pool: FoundPool,
  holder: Address,
  amount: bigint,
  routerReason: string,
): Promise<string> {
  if (!routerReason.includes('TRANSFER_FROM_FAILED')) return routerReason;
  const data = encodeFunctionData({ abi: transferFromAbi, functionName: 'transferFrom', args: [holder, pool.pair, amount] });
  const probe = await session.probe({ from: pool.router, to: token, data });
  return probe.ok || !probe.reason ? routerReason : probe.reason;
}

const transferFromAbi = parseAbi(['function transferFrom(address, address, uint256) returns (bool)']);

async function exerciseOne(
  ctx: ExerciseContext,
  power: TokenPower,
  holder: Address,
  evidence: SimulationStep[],
): Promise<OwnerActionCheck> {
  const { session, token, pool, owner } = ctx;
  let abi: Abi;
  try {
    abi = parseAbi([`function ${power.signature}`] as readonly string[]);
  } catch {
    return {
      kind: power.kind,
      signature: power.signature,
      call: null,
      executed: false,
      sellAfter: 'not-run',
      sellTaxAfter: null,
      statement: `cannot encode a call to ${power.signature}`,
      line: power.line,
    };
  }
  const tried: string[] = [];
  const bought = await session.read<bigint>(token, erc20Abi, 'balanceOf', [holder], 'UNCAUGHT_ERROR');
  let best: { call: string; sell: SellOutcome; steps: SimulationStep[]; minted: bigint | null } | null = null;
  const measuresMint = power.kind === 'mint';
  for (const choice of argumentChoices(power, holder, pool.pair, ctx.maxChoices ?? (power.kind === 'set-fees' ? 9 : 6))) {
    const call = `${power.function}(${choice.text})`;
    let data: Hex;
    try {
      data = encodeFunctionData({ abi, functionName: power.function, args: choice.args });
    } catch {
      continue;
    }
    const snapshot = await session.snapshot();
    try {
      const probe = await session.probe({ from: owner, to: token, data });
      if (!probe.ok) {
        tried.push(`${call}: ${probe.reason || 'reverted'}`);
        continue;
      }
      const supplyBefore = measuresMint ? await mintMeasure(session, token, [holder, pool.pair, owner]) : null;
      const sent = await session.send({ from: owner, to: token, data });
      if (!sent.ok) {
        tried.push(`${call}: ${sent.reason}`);
        continue;
      }
      const minted = supplyBefore ? created(supplyBefore, await mintMeasure(session, token, [holder, pool.pair, owner])) : null;
      const sell = await holderSells(session, token, pool, holder, bought);
      const steps: SimulationStep[] = [
        { step: 'owner-action', ok: true, description: `the owner calls ${call}`, from: owner, to: token, data, gasUsed: sent.gasUsed },
        {
          step: 'sell',
          ok: sell.ok,
          description: `after ${call}, the holder sells half its tokens`,
          from: holder,
          to: pool.router,
          data: sell.data,
          gasUsed: sell.gasUsed,
          ...(sell.ok ? { values: { tax: sell.tax } } : { reason: sell.reason }),
        },
      ];
      // Among equal sells, a mint that created tokens is the evidence, not one that created none.
      const mintedMore = minted !== null && minted > 0n && (best?.minted ?? 0n) === 0n;
      if (!best || rank(sell) > rank(best.sell) || (rank(sell) === rank(best.sell) && mintedMore)) best = { call, sell, steps, minted };
      if (!sell.ok && !hitPoolLimit(sell)) break;
    } finally {
      await session.revert(snapshot);
    }
  }
  if (!best) {
    const statement =
      tried.length > 0
        ? `the owner could not call ${power.signature}: ${tried.slice(0, 2).join('; ')}`
        : `no arguments could be chosen for ${power.signature}`;
    evidence.push({
      step: 'owner-action',
      ok: false,
      description: `the owner tries ${power.signature}`,
      from: owner,
      to: token,
      reason: statement,
    });
    return {
      kind: power.kind,
      signature: power.signature,
      call: null,
      executed: false,
      sellAfter: 'not-run',
      sellTaxAfter: null,
      statement,
      line: power.line,
    };
  }
  evidence.push(...best.steps);
  const { call, sell, minted } = best;
  const raised = sell.ok && sell.tax !== null && (ctx.baselineSellTax === null || sell.tax > ctx.baselineSellTax + 0.5);
  const statement = hitPoolLimit(sell)
    ? `after \`${call}\` by the owner the holder's sell reverted with ${JSON.stringify(sell.reason)}: the pair's balance passed what its reserves can hold, a limit of the pool rather than a rule of the token, so this proves no sell restriction`
    : !sell.ok
      ? `after \`${call}\` by the owner the holder's sell reverted with ${JSON.stringify(sell.reason || 'no reason')}`
      : raised
        ? `after \`${call}\` by the owner the holder's sell paid a ${sell.tax}% tax (was ${ctx.baselineSellTax ?? 'n/a'}%)`
        : `after \`${call}\` by the owner the holder could still sell (tax ${sell.tax ?? 'n/a'}%)`;
  const mintWords =
    minted === null
      ? ''
      : minted > 0n
        ? `; the call created ${minted} raw units`
        : '; the call went through but created no tokens (the supply and the balances stayed as they were), so it proves no mint';
  return {
    kind: power.kind,
    signature: power.signature,
    call,
    executed: true,
    ...(minted === null ? {} : { minted: String(minted) }),
    sellAfter: sell.ok ? 'passed' : hitPoolLimit(sell) ? 'inconclusive' : 'failed',
    sellTaxAfter: sell.ok ? sell.tax : null,
    statement: `${statement}${mintWords}`,
    line: power.line,
  };
}

interface MintMeasure {
  readonly supply: bigint | null;
  readonly balances: readonly (bigint | null)[];
}

async function mintMeasure(session: EvmSession, token: Address, holders: readonly Address[]): Promise<MintMeasure> {
  const read = (fn: 'totalSupply' | 'balanceOf', args: readonly unknown[]) =>
    session.read<bigint>(token, erc20Abi, fn, args, 'UNCAUGHT_ERROR').catch(() => null);
  return { supply: await read('totalSupply', []), balances: await Promise.all(holders.map((h) => read('balanceOf', [h]))) };
}

/** What a call created: the supply's rise, or (a supply that cannot be read or is kept apart) what the recipients gained. */
export function created(before: MintMeasure, after: MintMeasure): bigint {
  const supply = before.supply !== null && after.supply !== null ? after.supply - before.supply : 0n;
  const gained = before.balances.reduce<bigint>((sum, b, i) => {
    const a = after.balances[i];
    return b === null || a === null || a === undefined || a <= b ? sum : sum + (a - b);
  }, 0n);
  return supply > gained ? supply : gained;
}

/**
 * Whether an owner action proves a mint power: it went through and was measured to
 * create tokens. A call that created none (`mint(holder, 0)`), or an unmeasured one, is no evidence.
 */
export function mintShown(check: Pick<OwnerActionCheck, 'kind' | 'executed' | 'minted'>): boolean {
  if (check.kind !== 'mint' || !check.executed || check.minted === undefined) return false;
  try {
    return BigInt(check.minted) > 0n;
  } catch {
    return false;
  }
}

/** Failed sells outrank the pool's own limit, which outranks taxed sells, which outrank free ones. */
function rank(sell: SellOutcome): number {
  return sell.ok ? (sell.tax ?? 0) : hitPoolLimit(sell) ? 500 : 1_000;
}
