/**
 * The trades of one simulation on an isolated chain: fund a fresh buyer with the pool's
 * quote token, buy through the router (fee-on-transfer-supporting swap), transfer a tenth
 * to a second fresh account, sell half of the rest, then after some blocks sell the rest
 * (cooldowns, one-sell-only traps) and look for balances that moved with no transfer
 * (rebasing). Taxes come from balances (see docs/decisions/0020-simulation-tax-method.md, "Simulation: tax method").
 */
import { encodeFunctionData, formatUnits, parseAbi, type Address } from 'viem';
import { approveRouter } from './approve-router.ts';
import type { EvmSession, TxOutcome } from './evm-session.ts';
import type { FoundPool } from './find-pool.ts';
import { taxPercent } from './measure-tax.ts';
import { erc20Abi, MAX_UINT, NO_DEADLINE, pairAbi, routerAbi, wethAbi } from './simulation-abis.ts';
import { SimulationError } from './simulation-error.ts';
import type { SimulationStep, Taxes } from './simulation-types.ts';

export interface TradeOptions {
  /** Buy size as basis points of the pool's quote reserve (default 50 = 0.5 %). */
  readonly buyBps: number;
  /** Blocks and seconds mined before the second sell. */
  readonly cooldownBlocks: number;
  readonly cooldownSeconds: number;
}

export const DEFAULT_TRADE_OPTIONS: TradeOptions = { buyBps: 50, cooldownBlocks: 5, cooldownSeconds: 120 };

export interface TradesOutcome {
  readonly taxes: Taxes;
  readonly reason: string;
  readonly cooldown: boolean | null;
  readonly sellAgain: boolean | null;
  readonly balanceDrift: boolean | null;
  /** The buyer holds tokens after the trades? For the owner confirmations. */
  readonly buyer: Address;
  readonly bought: boolean;
  readonly buyIn: bigint;
}

/** Below this many raw units a V2 reserve is the locked minimum liquidity, not a market. */
const MIN_RESERVE = 1000n;

/** The least quote reserve that carries a realistic trade: 0.0001 of a quote unit, and at least 10^6 raw units. */
function minQuoteReserve(decimals: number): bigint {
  const tenThousandth = decimals >= 4 ? 10n ** BigInt(decimals - 4) : 1n;
  return tenThousandth > 1_000_000n ? tenThousandth : 1_000_000n;
}

export async function runTrades(
  session: EvmSession,
  token: Address,
  pool: FoundPool,
  options: TradeOptions,
  steps: SimulationStep[],
): Promise<TradesOutcome> {
  const path = { buy: [pool.quote, token], sell: [token, pool.quote] };
  const balance = (holder: Address) => session.read<bigint>(token, erc20Abi, 'balanceOf', [holder], 'INVALID_TOKEN_ADDRESS');
  const record = (step: SimulationStep) => {
    steps.push(step);
    return step;
  };
  const txStep = (
    step: SimulationStep['step'],
    description: string,
    from: Address,
    to: Address,
    out: TxOutcome & { data: `0x${string}` },
    values?: SimulationStep['values'],
  ): SimulationStep =>
    record({
      step,
      ok: out.ok,
      description,
      from,
      to,
      data: out.data,
      ...(out.hash ? { txHash: out.hash } : {}),
      gasUsed: out.gasUsed,
      ...(out.ok ? {} : { reason: out.reason }),
      ...(out.revertData ? { revertData: out.revertData } : {}),
      ...(values ? { values } : {}),
    });

  // Liquidity and the buy size.
  const [reserve0, reserve1] = await session.read<readonly [bigint, bigint, number]>(pool.pair, pairAbi, 'getReserves', [], 'QUOTE_ERROR');
  const token0 = await session.read<Address>(pool.pair, pairAbi, 'token0', [], 'QUOTE_ERROR');
  const [tokenReserve, quoteReserve] = token0.toLowerCase() === token.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0];
  const buyIn = (quoteReserve * BigInt(options.buyBps)) / 10_000n;
  const quoteDecimals = Number(await session.read<number>(pool.quote, erc20Abi, 'decimals', [], 'QUOTE_ERROR'));
  if (tokenReserve <= MIN_RESERVE || quoteReserve < minQuoteReserve(quoteDecimals) || buyIn === 0n) {
    throw new SimulationError(
      'INSUFFICIENT_LIQUIDITY',
      `pool ${pool.pair} holds ${tokenReserve} token and ${quoteReserve} ${pool.quoteSymbol} raw units: too little to trade`,
      {
        tokenReserve: String(tokenReserve),
        quoteReserve: String(quoteReserve),
      },
    );
  }

  const buyer = await session.freshAccount();
  const recipient = await session.freshAccount();
  await fundWithQuote(session, pool, buyer, buyIn, steps);
  const approveQuote = await session.sendCall(buyer, pool.quote, erc20Abi, 'approve', [pool.router, MAX_UINT]);
  if (!approveQuote.ok)
    throw new SimulationError('UNCAUGHT_ERROR', `approving ${pool.quoteSymbol} to the router reverted: ${approveQuote.reason}`);

  // Buy.
  const amountsOut = await session.read<readonly bigint[]>(pool.router, routerAbi, 'getAmountsOut', [buyIn, path.buy], 'QUOTE_ERROR');
  const expectedOut = amountsOut[1] ?? 0n;
  record({
    step: 'quote',
    ok: true,
    description: `router quote for ${buyIn} ${pool.quoteSymbol} raw units`,
    to: pool.router,
    values: { amountIn: String(buyIn), expectedOut: String(expectedOut) },
  });
  if (expectedOut === 0n)
    throw new SimulationError('INSUFFICIENT_LIQUIDITY', `the router quotes 0 tokens for ${buyIn} ${pool.quoteSymbol} raw units`);
  const before = await balance(buyer);
  // A fresh account has never received a token: a balance here is made up by balanceOf
  // (virtual or airdrop balances), so balances are no ledger and a failed sell proves nothing.
  const phantom = before > 0n;
  const buy = await session.sendCall(buyer, pool.router, routerAbi, 'swapExactTokensForTokensSupportingFeeOnTransferTokens', [
    buyIn,
    0n,
    path.buy,
    buyer,
    NO_DEADLINE,
  ]);
  const received = buy.ok ? (await balance(buyer)) - before : 0n;
  const buyTax = buy.ok ? taxPercent(expectedOut, received) : null;
  txStep('buy', `buy with ${formatUnits(buyIn, 0)} raw ${pool.quoteSymbol} through ${pool.dex}`, buyer, pool.router, buy, {
    expected: String(expectedOut),
    received: String(received),
    tax: buyTax,
  });
  const taxes: Taxes = {
    buyTax,
    sellTax: null,
    transferTax: null,
    buyGas: buy.ok ? buy.gasUsed : 0,
    sellGas: 0,
    transferGas: 0,
    error: '',
  };
  if (!buy.ok)
    return {
      taxes: { ...taxes, error: 'BUY_FAILED' },
      reason: buy.reason,
      cooldown: null,
      sellAgain: null,
      balanceDrift: null,
      buyer,
      bought: false,
      buyIn,
    };
  if (received <= 0n)
    return {
      taxes: { ...taxes, error: 'BUY_FAILED' },
      reason: 'the buy succeeded but delivered no tokens',
      cooldown: null,
      sellAgain: null,
      balanceDrift: null,
      buyer,
      bought: false,
      buyIn,
    };

  // Transfer a tenth to a second fresh account.
  const sendAmount = received / 10n > 0n ? received / 10n : received;
  const [senderBefore, recipientBefore] = [await balance(buyer), await balance(recipient)];
  const transfer = await session.sendCall(buyer, token, erc20Abi, 'transfer', [recipient, sendAmount]);
  let transferTax: number | null = null;
  if (transfer.ok) {
    const sent = senderBefore - (await balance(buyer));
    const got = (await balance(recipient)) - recipientBefore;
    transferTax = taxPercent(sent, got);
    txStep('transfer', `transfer ${sendAmount} raw units to a second fresh account`, buyer, token, transfer, {
      sent: String(sent),
      received: String(got),
      tax: transferTax,
    });
  } else txStep('transfer', `transfer ${sendAmount} raw units to a second fresh account`, buyer, token, transfer);
  taxes.transferTax = transferTax;
  taxes.transferGas = transfer.ok ? transfer.gasUsed : 0;

  // Sell half of what the buyer holds, at once.
  const approve = await approveRouter(session, token, buyer, pool.router, await balance(buyer));
  txStep('approve', 'approve the router to sell', buyer, token, approve);
  const first = approve.ok ? await sell(session, token, pool, buyer, (await balance(buyer)) / 2n, 'sell', steps) : null;

  // Some blocks later: look for balances that moved by themselves, then sell the rest.
  const held = await balance(buyer);
  const pairHeld = await balance(pool.pair);
  session.label('delayed sell: cooldown and selling again');
  await session.mine(options.cooldownBlocks, options.cooldownSeconds);
  const drift = (await balance(buyer)) !== held || (await balance(pool.pair)) !== pairHeld;
  record({
    step: 'balance-drift',
    ok: !drift,
    description: `balances after ${options.cooldownBlocks} blocks and ${options.cooldownSeconds} s with no transfer`,
    values: { buyerBefore: String(held), pairBefore: String(pairHeld), drift },
  });
  const second = approve.ok ? await sell(session, token, pool, buyer, await balance(buyer), 'sell-after-blocks', steps) : null;

  const sold = first?.ok ? first : second?.ok ? second : null;
  taxes.sellTax = sold?.tax ?? null;
  taxes.sellGas = sold?.gasUsed ?? 0;
  const cooldown = first && second ? !first.ok && second.ok : null;
  const sellAgain = first?.ok && second ? second.ok : null;
  let reason = '';
  if (phantom) {
    taxes.error = 'QUOTE_ERROR';
    reason = `a fresh account already held ${before} raw units before buying: balanceOf reports tokens nobody transferred, so taxes and sells measured from balances are not conclusive`;
    taxes.buyTax = null;
    taxes.sellTax = null;
    taxes.transferTax = null;
  } else if (!sold) {
    taxes.error = 'SELL_FAILED';
    reason = !approve.ok ? `approve reverted: ${approve.reason}` : (first?.reason ?? second?.reason ?? 'the sell failed');
  } else if (!transfer.ok) {
    taxes.error = 'TRANSFER_FAILED';
    reason = transfer.reason;
  } else if (drift) {
    taxes.error = 'QUOTE_ERROR';
    reason = 'balances change without transfers (a rebasing token): taxes measured from balances are not reliable';
    taxes.buyTax = null;
    taxes.sellTax = null;
    taxes.transferTax = null;
  }
  return { taxes, reason, cooldown, sellAgain, balanceDrift: drift, buyer, bought: true, buyIn };
}

interface SellOutcome {
  readonly ok: boolean;
  readonly tax: number | null;
  readonly gasUsed: number;
  readonly reason: string;
}

/**
 * Sells `amount` and measures the tax on the token side (what reached the pair against
 * what was sold), falling back to the quote side when the pair received more than was
 * sold (the token sold its own fee tokens into the pair in the same transaction).
 */
async function sell(
  session: EvmSession,
  token: Address,
  pool: FoundPool,
  seller: Address,
  amount: bigint,
  step: 'sell' | 'sell-after-blocks',
  steps: SimulationStep[],
): Promise<SellOutcome> {
  const path = [token, pool.quote];
  if (amount <= 0n) {
    steps.push({ step, ok: false, description: 'sell', reason: 'the seller holds no tokens', from: seller });
    return { ok: false, tax: null, gasUsed: 0, reason: 'the seller holds no tokens' };
  }
  let expectedQuote: bigint | null = null;
  try {
    expectedQuote =
      (await session.read<readonly bigint[]>(pool.router, routerAbi, 'getAmountsOut', [amount, path], 'QUOTE_ERROR'))[1] ?? null;
  } catch {
    // A quote that fails leaves the quote-side fallback unavailable; the sell still runs.
  }
  const balanceOf = (t: Address, h: Address) => session.read<bigint>(t, erc20Abi, 'balanceOf', [h], 'UNCAUGHT_ERROR');
  const pairBefore = await balanceOf(token, pool.pair);
  const quoteBefore = await balanceOf(pool.quote, seller);
  const data = encodeFunctionData({
    abi: routerAbi,
    functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
    args: [amount, 0n, path, seller, NO_DEADLINE],
  });
  const out = await session.send({ from: seller, to: pool.router, data });
  const description = `${step === 'sell' ? 'sell' : 'sell again after blocks:'} ${amount} raw units for ${pool.quoteSymbol}`;
  if (!out.ok) {
    const reason = await tokenReason(session, token, pool, seller, amount, out.reason);
    steps.push({
      step,
      ok: false,
      description,
      from: seller,
      to: pool.router,
      data,
      ...(out.hash ? { txHash: out.hash } : {}),
      gasUsed: out.gasUsed,
      reason,
      ...(out.revertData ? { revertData: out.revertData } : {}),
    });
    return { ok: false, tax: null, gasUsed: 0, reason };
  }
  const reachedPair = (await balanceOf(token, pool.pair)) - pairBefore;
  const quoteReceived = (await balanceOf(pool.quote, seller)) - quoteBefore;
  const tax =
    reachedPair <= amount ? taxPercent(amount, reachedPair) : expectedQuote !== null ? taxPercent(expectedQuote, quoteReceived) : null;
  const values = {
    sold: String(amount),
    reachedPair: String(reachedPair),
    expectedQuote: expectedQuote === null ? null : String(expectedQuote),
    quoteReceived: String(quoteReceived),
    tax,
    method: reachedPair <= amount ? 'token-side' : 'quote-side',
  };
  if (quoteReceived <= 0n) {
    steps.push({
      step,
      ok: false,
      description,
      from: seller,
      to: pool.router,
      data,
      ...(out.hash ? { txHash: out.hash } : {}),
      gasUsed: out.gasUsed,
      reason: 'the sell succeeded but paid nothing',
      values,
    });
    return { ok: false, tax, gasUsed: out.gasUsed, reason: 'the sell succeeded but paid nothing' };
  }
  steps.push({
    step,
    ok: true,
    description,
    from: seller,
    to: pool.router,
    data,
    ...(out.hash ? { txHash: out.hash } : {}),
    gasUsed: out.gasUsed,
    values,
  });
  return { ok: true, tax, gasUsed: out.gasUsed, reason: '' };
}

/**
 * The router's TransferHelper replaces the token's revert reason with its own
 * ("TRANSFER_FROM_FAILED"); replaying the token's transferFrom as the router recovers it.
 */
async function tokenReason(
  session: EvmSession,
  token: Address,
  pool: FoundPool,
  seller: Address,
  amount: bigint,
  routerReason: string,
): Promise<string> {
  if (!routerReason.includes('TRANSFER_FROM_FAILED')) return routerReason;
  const data = encodeFunctionData({ abi: transferFromAbi, functionName: 'transferFrom', args: [seller, pool.pair, amount] });
  const probe = await session.probe({ from: pool.router, to: token, data });
  return probe.ok ? routerReason : `${probe.reason} (the token's transferFrom to the pair; the router said ${routerReason})`;
}

const transferFromAbi = parseAbi(['function transferFrom(address, address, uint256) returns (bool)']);

/** Gives the buyer `amount` of the quote token: WETH by deposit, a stablecoin by a swap from the native token. */
async function fundWithQuote(session: EvmSession, pool: FoundPool, buyer: Address, amount: bigint, steps: SimulationStep[]): Promise<void> {
  if (pool.quote === pool.wrapped) {
    const out = await session.sendCall(buyer, pool.wrapped, wethAbi, 'deposit', [], amount);
    steps.push({
      step: 'fund',
      ok: out.ok,
      description: `wrap ${amount} wei`,
      from: buyer,
      to: pool.wrapped,
      gasUsed: out.gasUsed,
      ...(out.ok ? {} : { reason: out.reason }),
    });
    if (!out.ok) throw new SimulationError('UNCAUGHT_ERROR', `wrapping the native token reverted: ${out.reason}`);
    return;
  }
  const fundPath = [pool.wrapped, pool.quote];
  const [nativeIn] = await session.read<readonly bigint[]>(pool.router, routerAbi, 'getAmountsIn', [amount, fundPath], 'QUOTE_ERROR');
  if (nativeIn === undefined) throw new SimulationError('QUOTE_ERROR', `cannot price ${pool.quoteSymbol} in the native token`);
  const out = await session.sendCall(
    buyer,
    pool.router,
    routerAbi,
    'swapETHForExactTokens',
    [amount, fundPath, buyer, NO_DEADLINE],
    nativeIn * 2n,
  );
  steps.push({
    step: 'fund',
    ok: out.ok,
    description: `buy ${amount} raw ${pool.quoteSymbol} with the native token`,
    from: buyer,
    to: pool.router,
    gasUsed: out.gasUsed,
    ...(out.ok ? {} : { reason: out.reason }),
  });
  if (!out.ok) throw new SimulationError('QUOTE_ERROR', `buying ${pool.quoteSymbol} to trade with reverted: ${out.reason}`);
}
