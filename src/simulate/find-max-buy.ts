/**
 * The largest buy that passes (max transaction / max wallet limits): probes buys of the
 * native token with eth_estimateGas (no state change) from a fresh account, first at
 * half the pool's quote reserve, then by bisection down to the size that passed.
 */
import { encodeFunctionData, type Address } from 'viem';
import type { EvmSession } from './evm-session.ts';
import type { FoundPool } from './find-pool.ts';
import { erc20Abi, NO_DEADLINE, pairAbi, routerAbi } from './simulation-abis.ts';
import type { MaxBuy, SimulationStep } from './simulation-types.ts';

const BISECTIONS = 8;

export async function findMaxBuy(
  session: EvmSession,
  token: Address,
  pool: FoundPool,
  passedQuoteIn: bigint,
  steps: SimulationStep[],
): Promise<MaxBuy> {
  const path = pool.quote === pool.wrapped ? [pool.wrapped, token] : [pool.wrapped, pool.quote, token];
  const [reserve0, reserve1] = await session.read<readonly [bigint, bigint, number]>(pool.pair, pairAbi, 'getReserves', [], 'QUOTE_ERROR');
  const token0 = await session.read<Address>(pool.pair, pairAbi, 'token0', [], 'QUOTE_ERROR');
  const quoteReserve = token0.toLowerCase() === token.toLowerCase() ? reserve1 : reserve0;
  const nativeFor = async (quoteAmount: bigint): Promise<bigint> =>
    pool.quote === pool.wrapped
      ? quoteAmount
      : ((
          await session.read<readonly bigint[]>(
            pool.router,
            routerAbi,
            'getAmountsIn',
            [quoteAmount, [pool.wrapped, pool.quote]],
            'QUOTE_ERROR',
          )
        )[0] ?? 0n);
  let hi = await nativeFor(quoteReserve / 2n);
  let lo = await nativeFor(passedQuoteIn);
  const buyer = await session.freshAccount(hi * 2n + 10n ** 21n);
  const probe = (value: bigint) =>
    session.probe({
      from: buyer,
      to: pool.router,
      value,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
        args: [0n, path, buyer, NO_DEADLINE],
      }),
    });
  const outFor = async (value: bigint) =>
    (await session.read<readonly bigint[]>(pool.router, routerAbi, 'getAmountsOut', [value, path], 'QUOTE_ERROR')).at(-1) ?? 0n;
  const supply = await session.read<bigint>(token, erc20Abi, 'totalSupply', [], 'UNCAUGHT_ERROR').catch(() => 0n);
  const percent = async (value: bigint) => (supply > 0n ? Number(((await outFor(value)) * 1_000_000n) / supply) / 10_000 : null);
  const probedUpTo = hi;

  const top = await probe(hi);
  if (top.ok) {
    steps.push({
      step: 'max-buy',
      ok: true,
      description: `a buy of half the pool's ${pool.quoteSymbol} reserve passes: no max-transaction limit below it`,
      values: { probedUpTo: String(hi) },
    });
    return {
      limited: false,
      largestPassingIn: String(hi),
      largestPassingOut: String(await outFor(hi)),
      percentOfSupply: await percent(hi),
      probedUpTo: String(probedUpTo),
      reason: '',
    };
  }
  let reason = top.reason;
  if (!(await probe(lo)).ok) lo = 0n;
  for (let i = 0; i < BISECTIONS && hi - lo > 1n; i += 1) {
    const mid = (lo + hi) / 2n;
    const out = await probe(mid);
    if (out.ok) lo = mid;
    else {
      hi = mid;
      reason = out.reason;
    }
  }
  const largestOut = lo > 0n ? await outFor(lo) : 0n;
  const result: MaxBuy = {
    limited: true,
    largestPassingIn: String(lo),
    largestPassingOut: String(largestOut),
    percentOfSupply: lo > 0n ? await percent(lo) : 0,
    probedUpTo: String(probedUpTo),
    reason,
  };
  steps.push({
    step: 'max-buy',
    ok: true,
    description: `largest passing buy found by bisection (smallest failing: ${hi} wei)`,
    reason,
    values: {
      largestPassingIn: result.largestPassingIn,
      largestPassingOut: result.largestPassingOut,
      percentOfSupply: result.percentOfSupply,
    },
  });
  return result;
}
