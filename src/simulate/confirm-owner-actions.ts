/**
 * Confirms static findings on the fork: as the owner, call a blacklist, pause, fee setter
 * or mint function (common names and shapes), then let a trader who already holds the
 * token transfer and sell. Each action runs from the same snapshot and is reverted, so
 * actions do not see each other. A function the token lacks is skipped cheaply: every
 * candidate is probed with eth_estimateGas before one is sent.
 */
import { encodeFunctionData, parseAbi, toFunctionSelector, type Abi, type Address, type Hex } from 'viem';
import type { EvmSession } from './evm-session.ts';
import type { FoundPool } from './find-pool.ts';
import { holderWithTokens } from './holder-with-tokens.ts';
import { taxPercent } from './measure-tax.ts';
import { erc20Abi, NO_DEADLINE, routerAbi } from './simulation-abis.ts';
import type { Confirmation, SimulationStep, TaxError } from './simulation-types.ts';

export const CONFIRM_KINDS = ['blacklist', 'pause', 'setFees', 'mint'] as const;
export type ConfirmKind = (typeof CONFIRM_KINDS)[number];

interface Candidate {
  readonly signature: string;
  readonly args: (trader: Address, amount: bigint) => readonly unknown[];
}

const FEE_VALUES = [10_000n, 9_900n, 5_000n, 2_500n, 1_000n, 100n, 99n, 50n, 25n, 10n];
const fee = (signature: string, arity: number): Candidate[] =>
  FEE_VALUES.map((v) => ({ signature, args: () => Array<bigint>(arity).fill(v) }));

const CANDIDATES: Record<ConfirmKind, readonly Candidate[]> = {
  blacklist: [
    { signature: 'blacklist(address,bool)', args: (t) => [t, true] },
    { signature: 'setBlacklist(address,bool)', args: (t) => [t, true] },
    { signature: 'setBlacklisted(address,bool)', args: (t) => [t, true] },
    { signature: 'setBot(address,bool)', args: (t) => [t, true] },
    { signature: 'setBots(address[],bool)', args: (t) => [[t], true] },
    { signature: 'addToBlacklist(address)', args: (t) => [t] },
    { signature: 'addBlacklist(address)', args: (t) => [t] },
    { signature: 'blacklistAddress(address)', args: (t) => [t] },
    { signature: 'blacklistMany(address[])', args: (t) => [[t]] },
    { signature: 'addBots(address[])', args: (t) => [[t]] },
  ],
  pause: [
    { signature: 'pause()', args: () => [] },
    { signature: 'setPaused(bool)', args: () => [true] },
    { signature: 'setTradingEnabled(bool)', args: () => [false] },
    { signature: 'enableTrading(bool)', args: () => [false] },
    { signature: 'setTrading(bool)', args: () => [false] },
    { signature: 'stopTrading()', args: () => [] },
  ],
  setFees: [
    ...fee('setFees(uint256)', 1),
    ...fee('setFee(uint256)', 1),
    ...fee('setTaxFee(uint256)', 1),
    ...fee('setSellFee(uint256)', 1),
    ...fee('setFees(uint256,uint256)', 2),
    ...fee('setTaxes(uint256,uint256)', 2),
  ],
  mint: [
    { signature: 'mint(address,uint256)', args: (t, a) => [t, a] },
    { signature: 'mintTo(address,uint256)', args: (t, a) => [t, a] },
  ],
};

const abiOf = (signature: string): Abi => parseAbi([`function ${signature}`] as readonly string[]);
const nameOf = (signature: string) => signature.slice(0, signature.indexOf('('));

export interface ConfirmContext {
  readonly session: EvmSession;
  readonly token: Address;
  readonly pool: FoundPool;
  /** The owner found by the chain layer; null when none (renounced). */
  readonly owner: Address | null;
  /** Transfer and sell taxes measured before, to tell whether a fee setter raised them. */
  readonly baseline: { readonly transferTax: number | null; readonly sellTax: number | null };
}

export async function confirmOwnerActions(
  ctx: ConfirmContext,
  kinds: readonly ConfirmKind[],
): Promise<Partial<Record<ConfirmKind, Confirmation>>> {
  const out: Partial<Record<ConfirmKind, Confirmation>> = {};
  if (kinds.length === 0) return out;
  if (!ctx.owner) {
    for (const kind of kinds)
      out[kind] = { confirmed: false, call: null, error: '', reason: 'no owner to act (none found, or renounced)', evidence: [] };
    return out;
  }
  const { session, owner } = ctx;
  await session.impersonate(owner, 10n ** 22n);
  const selectors = await dispatchedSelectors(ctx);
  const trader = await holderWithTokens(ctx.session, ctx.token, ctx.pool);
  if (!trader) {
    for (const kind of kinds)
      out[kind] = { confirmed: false, call: null, error: '', reason: 'could not buy tokens to trade with', evidence: [] };
    return out;
  }
  for (const kind of kinds) {
    const snapshot = await session.snapshot();
    try {
      out[kind] = await confirmOne(ctx, kind, owner, trader, selectors);
    } finally {
      await session.revert(snapshot);
    }
  }
  return out;
}

/**
 * The bytecode of the token and of its EIP-1967 implementation, to skip candidates whose
 * selector the dispatcher cannot match (a PUSH4 of it is absent). Null when the code
 * delegates elsewhere in a way we do not follow: then every candidate is probed.
 */
async function dispatchedSelectors(ctx: ConfirmContext): Promise<((selector: Hex) => boolean) | null> {
  const { session, token } = ctx;
  const codes = [await session.code(token)];
  const slot = await session.rpc<Hex>('eth_getStorageAt', [token, EIP1967_IMPLEMENTATION_SLOT, 'latest']);
  const implementation = `0x${slot.slice(-40)}` as Address;
  if (!/^0x0{40}$/.test(implementation)) codes.push(await session.code(implementation));
  const delegates = codes.some((c) => c.includes('f4')) && codes.length === 1;
  if (delegates && (codes[0] ?? '').length < 2_000) return null;
  const text = codes.join('').toLowerCase();
  return (selector) => text.includes(`63${selector.slice(2).toLowerCase()}`);
}

const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

async function confirmOne(
  ctx: ConfirmContext,
  kind: ConfirmKind,
  owner: Address,
  trader: Address,
  selectors: ((selector: Hex) => boolean) | null,
): Promise<Confirmation> {
  const { session, token } = ctx;
  const evidence: SimulationStep[] = [];
  const held = await session.read<bigint>(token, erc20Abi, 'balanceOf', [trader], 'UNCAUGHT_ERROR');
  const supply = await session.read<bigint>(token, erc20Abi, 'totalSupply', [], 'UNCAUGHT_ERROR');
  const mintAmount = supply > 0n ? supply / 10n : 10n ** 18n;

  let called: { signature: string; data: Hex } | null = null;
  for (const candidate of CANDIDATES[kind]) {
    if (selectors && !selectors(toFunctionSelector(`function ${candidate.signature}`))) continue;
    const data = encodeFunctionData({
      abi: abiOf(candidate.signature),
      functionName: nameOf(candidate.signature),
      args: candidate.args(trader, mintAmount),
    });
    if (!(await session.probe({ from: owner, to: token, data })).ok) continue;
    const sent = await session.send({ from: owner, to: token, data });
    evidence.push({
      step: 'owner-action',
      ok: sent.ok,
      description: `the owner calls ${candidate.signature}`,
      from: owner,
      to: token,
      data,
      gasUsed: sent.gasUsed,
      ...(sent.ok ? {} : { reason: sent.reason }),
    });
    if (sent.ok) {
      called = { signature: candidate.signature, data };
      break;
    }
  }
  if (!called)
    return {
      confirmed: false,
      call: null,
      error: '',
      reason: `the owner has no callable ${kind} function among the known shapes`,
      evidence,
    };

  if (kind === 'mint') {
    const after = await session.read<bigint>(token, erc20Abi, 'balanceOf', [trader], 'UNCAUGHT_ERROR');
    const minted = after - held;
    const confirmed = minted > 0n;
    evidence.push({
      step: 'owner-action',
      ok: confirmed,
      description: 'balance of the mint recipient',
      values: { before: String(held), after: String(after) },
    });
    return {
      confirmed,
      call: called.signature,
      error: '',
      reason: confirmed ? `the owner minted ${minted} raw units to a trader` : 'the mint call succeeded but no balance changed',
      evidence,
    };
  }

  const trade = await tradeAfter(ctx, trader, held, evidence);
  if (kind === 'setFees') {
    const raised = (now: number | null, before: number | null) => now !== null && (before === null || now > before);
    const confirmed =
      raised(trade.transferTax, ctx.baseline.transferTax) || raised(trade.sellTax, ctx.baseline.sellTax) || trade.error !== '';
    const reason = confirmed
      ? `after ${called.signature} the transfer tax is ${trade.transferTax ?? 'n/a'}% (was ${ctx.baseline.transferTax ?? 'n/a'}%) and the sell tax ${trade.sellTax ?? 'n/a'}% (was ${ctx.baseline.sellTax ?? 'n/a'}%)${trade.reason ? `; ${trade.reason}` : ''}`
      : `${called.signature} succeeded but taxes did not rise`;
    return { confirmed, call: called.signature, error: trade.error, reason, evidence };
  }
  const confirmed = trade.error !== '';
  return {
    confirmed,
    call: called.signature,
    error: trade.error,
    reason: confirmed
      ? `after ${called.signature}: ${trade.reason}`
      : `${called.signature} succeeded but the trader could still transfer and sell`,
    evidence,
  };
}

interface TradeAfter {
  readonly error: TaxError | '';
  readonly reason: string;
  readonly transferTax: number | null;
  readonly sellTax: number | null;
}

/** The trader transfers a tenth to a fresh account and sells half: what an owner's action changed. */
async function tradeAfter(ctx: ConfirmContext, trader: Address, held: bigint, evidence: SimulationStep[]): Promise<TradeAfter> {
  const { session, token, pool } = ctx;
  const balanceOf = (t: Address, h: Address) => session.read<bigint>(t, erc20Abi, 'balanceOf', [h], 'UNCAUGHT_ERROR');
  const to = await session.freshAccount(0n);
  const amount = held / 10n;
  const transfer = await session.sendCall(trader, token, erc20Abi, 'transfer', [to, amount]);
  const received = transfer.ok ? await balanceOf(token, to) : 0n;
  const transferTax = transfer.ok ? taxPercent(amount, received) : null;
  evidence.push({
    step: 'transfer',
    ok: transfer.ok,
    description: `the trader transfers ${amount} raw units`,
    from: trader,
    to: token,
    data: transfer.data,
    gasUsed: transfer.gasUsed,
    ...(transfer.ok ? { values: { sent: String(amount), received: String(received), tax: transferTax } } : { reason: transfer.reason }),
  });

  const sellAmount = (await balanceOf(token, trader)) / 2n;
  const pairBefore = await balanceOf(token, pool.pair);
  const sell = await session.sendCall(trader, pool.router, routerAbi, 'swapExactTokensForTokensSupportingFeeOnTransferTokens', [
    sellAmount,
    0n,
    [token, pool.quote],
    trader,
    NO_DEADLINE,
  ]);
  const reached = sell.ok ? (await balanceOf(token, pool.pair)) - pairBefore : 0n;
  const sellTax = sell.ok && reached <= sellAmount ? taxPercent(sellAmount, reached) : null;
  evidence.push({
    step: 'sell',
    ok: sell.ok,
    description: `the trader sells ${sellAmount} raw units`,
    from: trader,
    to: pool.router,
    data: sell.data,
    gasUsed: sell.gasUsed,
    ...(sell.ok ? { values: { sold: String(sellAmount), reachedPair: String(reached), tax: sellTax } } : { reason: sell.reason }),
  });

  if (!sell.ok) return { error: 'SELL_FAILED', reason: `the sell reverted: ${sell.reason}`, transferTax, sellTax };
  if (!transfer.ok) return { error: 'TRANSFER_FAILED', reason: `the transfer reverted: ${transfer.reason}`, transferTax, sellTax };
  return { error: '', reason: '', transferTax, sellTax };
}
