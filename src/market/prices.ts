/**
 * Prices and swap amounts from raw pool numbers: pure arithmetic shared by the pool
 * reader (today's price), the history (a past block's reserves or Sync log) and the
 * volume (Swap logs). Raw integers stay bigint until they are scaled by their decimals.
 */
import { formatUnits } from 'viem';

/** A bigint amount of a token with `decimals`, as a float of whole units. */
export function units(raw: bigint, decimals: number): number {
  return Number(formatUnits(raw, decimals));
}

/** Which side of a pool the priced token is. */
export interface PoolSides {
  /** True when the priced token is token0 (its address sorts before the quote's). */
  readonly tokenIsToken0: boolean;
  readonly tokenDecimals: number;
  readonly quoteDecimals: number;
}

/**
 * The token's price in quote units from V2 reserves: quote reserve over token reserve,
 * each in whole units (so 6-decimal USDC against an 18-decimal token prices correctly).
 * Null for an empty pool.
 */
export function v2PriceInQuote(reserve0: bigint, reserve1: bigint, sides: PoolSides): number | null {
  const tokenRaw = sides.tokenIsToken0 ? reserve0 : reserve1;
  const quoteRaw = sides.tokenIsToken0 ? reserve1 : reserve0;
  if (tokenRaw <= 0n || quoteRaw <= 0n) return null;
  return units(quoteRaw, sides.quoteDecimals) / units(tokenRaw, sides.tokenDecimals);
}

/**
 * The token's price in quote units from a V3 pool's sqrtPriceX96: (sqrtP / 2^96)² is
 * token1 per token0 in raw units; decimals turn it into whole units. Null at price 0.
 */
export function v3PriceInQuote(sqrtPriceX96: bigint, sides: PoolSides): number | null {
  if (sqrtPriceX96 <= 0n) return null;
  const raw1per0 = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
  const [dec0, dec1] = sides.tokenIsToken0 ? [sides.tokenDecimals, sides.quoteDecimals] : [sides.quoteDecimals, sides.tokenDecimals];
  const oneIn0 = raw1per0 * 10 ** (dec0 - dec1);
  if (!(oneIn0 > 0) || !Number.isFinite(oneIn0)) return null;
  return sides.tokenIsToken0 ? oneIn0 : 1 / oneIn0;
}

/**
 * USD per token through the pool's quote: a stablecoin counts as $1, the wrapped native
 * token as its own stable pair's price. Null when the quote has no USD price.
 */
export function usdPrice(priceInQuote: number | null, quoteUsd: number | null): number | null {
  if (priceInQuote === null || quoteUsd === null || !Number.isFinite(priceInQuote)) return null;
  return priceInQuote * quoteUsd;
}

/**
 * Percent change from `then` to `now` (+50 = half as much again, -25 = a quarter lower).
 * Null when there is no earlier price to compare with.
 */
export function percentChange(then: number | null, now: number | null): number | null {
  if (then === null || now === null || !(then > 0) || !Number.isFinite(now)) return null;
  return ((now - then) / then) * 100;
}

/** A decoded Swap log: V2 gives in/out amounts per side, V3 signed deltas of the pool. */
export type SwapAmounts =
  | {
      readonly version: 'v2';
      readonly amount0In: bigint;
      readonly amount1In: bigint;
      readonly amount0Out: bigint;
      readonly amount1Out: bigint;
    }
  | { readonly version: 'v3'; readonly amount0: bigint; readonly amount1: bigint };

/**
 * The quote-token amount one swap moved (raw units): what went in plus what came out on
 * the quote side. Volume is counted once per swap on the quote side, which is how
 * DEX dashboards count it (a buy for 1 ETH is 1 ETH of volume, not 2).
 */
export function swapQuoteAmount(swap: SwapAmounts, quoteIsToken0: boolean): bigint {
  if (swap.version === 'v2') return quoteIsToken0 ? swap.amount0In + swap.amount0Out : swap.amount1In + swap.amount1Out;
  const delta = quoteIsToken0 ? swap.amount0 : swap.amount1;
  return delta < 0n ? -delta : delta;
}
