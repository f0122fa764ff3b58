/**
 * The token's DEX pools: V2 `getPair`/`getReserves` and V3 pools across fee tiers,
 * against the network's wrapped native token and reference stablecoins, each valued in
 * USD (stablecoins at 1; the wrapped token priced by its deepest stablecoin pair).
 * Two round trips: discovery, then reserves.
 */
import { encodeFunctionData, erc20Abi, getAddress, parseAbi, type Address } from 'viem';
import type { DexRef, TokenRef } from './chain-details.ts';
import type { ChainClient } from './create-chain-client.ts';
import { decodeAddress, decodeStringish, decodeUint, ZERO_ADDRESS } from './decode.ts';
import { readMany, type RawCall, type RawResult } from './read-many.ts';
import { units as num, v2PriceInQuote, v3PriceInQuote } from '../market/prices.ts';

export interface PoolPair {
  readonly address: Address;
  readonly factory: string;
  /** The token asked about. */
  readonly tokenPrimary: Address;
  /** The other token of the pool (wrapped native or a stablecoin). */
  readonly token: string;
  /** USD value of both sides; 0 when the quote token has no USD price. */
  readonly worth: number;
  /** Reserves of the pool's token0 and token1 in whole units (V3: the pool's balances). */
  readonly reserve0: number;
  readonly reserve1: number;
  /** token0 priced in token1, and token1 in token0. */
  readonly price0: number;
  readonly price1: number;
  /** V3 fee tier in hundredths of a basis point; 0 for V2. */
  readonly v3Fee: number;
  /** True when the primary token is token1 (the quote token sorts first). */
  readonly reversed: boolean;
  readonly version: 'v2' | 'v3';
  readonly dex: string;
}

export interface PoolToken {
  readonly address: string;
  readonly decimals: number;
  readonly name: string;
  readonly symbol: string;
}

export interface PoolDex {
  readonly address: string;
  readonly router: string;
  readonly name: string;
  readonly icon: string;
}

export interface GetPoolsParameters {
  readonly address: string;
  /** The token's decimals (read when omitted). */
  readonly decimals?: number;
}

export interface GetPoolsReturnType {
  readonly pairs: readonly PoolPair[];
  readonly tokens: readonly PoolToken[];
  readonly dexes: readonly PoolDex[];
  /** USD price of the wrapped native token used for valuation; null when unknown. */
  readonly nativeUsd: number | null;
  /** The token's price in USD from its deepest pool; null without a priced pool. */
  readonly priceUsd: number | null;
  /** The wrapped/stable V2 pair `nativeUsd` came from (the market history prices the wrapped token at past blocks with it). */
  readonly nativePair: NativePair | null;
}

export interface NativePair {
  readonly address: Address;
  readonly wrappedIsToken0: boolean;
  readonly wrappedDecimals: number;
  readonly stableDecimals: number;
}

const v2FactoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
const v2PairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']);
const v3PoolAbi = parseAbi(['function slot0() view returns (uint160 sqrtPriceX96, int24, uint16, uint16, uint16, uint8, bool)']);

interface Candidate {
  readonly dex: DexRef;
  readonly quote: TokenRef;
  readonly fee: number;
}

interface PricingPair {
  readonly stable: TokenRef;
  readonly dex: DexRef;
}

function sortsFirst(a: string, b: string): boolean {
  return a.toLowerCase() < b.toLowerCase();
}

/** Discovery calls: pairs/pools of the token, and the wrapped/stable pairs for the native USD price. */
function discoveryCalls(
  token: string,
  dexes: readonly DexRef[],
  quotes: readonly TokenRef[],
  wrapped: TokenRef | null,
  stables: readonly TokenRef[],
) {
  const candidates: Candidate[] = [];
  const calls: RawCall[] = [];
  for (const dex of dexes) {
    for (const quote of quotes) {
      if (quote.address.toLowerCase() === token.toLowerCase()) continue;
      const fees = dex.version === 'v2' ? [0] : dex.feeTiers;
      for (const fee of fees) {
        candidates.push({ dex, quote, fee });
        calls.push({
          target: dex.factory,
          callData:
            dex.version === 'v2'
              ? encodeFunctionData({ abi: v2FactoryAbi, functionName: 'getPair', args: [token as Address, quote.address as Address] })
              : encodeFunctionData({ abi: v3FactoryAbi, functionName: 'getPool', args: [token as Address, quote.address as Address, fee] }),
        });
      }
    }
  }
  const pricing: PricingPair[] = [];
  if (wrapped) {
    for (const dex of dexes.filter((d) => d.version === 'v2')) {
      for (const stable of stables) {
        pricing.push({ stable, dex });
        calls.push({
          target: dex.factory,
          callData: encodeFunctionData({
            abi: v2FactoryAbi,
            functionName: 'getPair',
            args: [wrapped.address as Address, stable.address as Address],
          }),
        });
      }
    }
  }
  return { candidates, pricing, calls };
}

/**
 * Reads the token's pools on every known DEX of the client's network.
 *
 * @example
 * const { pairs, dexes } = await getPools(client, { address, decimals: 18 });
 */
export async function getPools(client: ChainClient, parameters: GetPoolsParameters): Promise<GetPoolsReturnType> {
  const token = getAddress(parameters.address);
  const { dexes, wrappedNative: wrapped, stablecoins: stables } = client.details;
  const quotes = [...(wrapped ? [wrapped] : []), ...stables];
  if (dexes.length === 0 || quotes.length === 0)
    return { pairs: [], tokens: [], dexes: [], nativeUsd: null, priceUsd: null, nativePair: null };

  const discovery = discoveryCalls(token, dexes, quotes, wrapped, stables);
  const decimalsCall = { target: token, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }) };
  const found = await readMany(client, [...discovery.calls, decimalsCall]);
  const decimals = parameters.decimals ?? Number(decodeUint(found[found.length - 1]) ?? 18n);

  const pools = discovery.candidates.flatMap((c, i) => {
    const address = decodeAddress(found[i]);
    return address && address !== ZERO_ADDRESS ? [{ ...c, address: getAddress(address) }] : [];
  });
  const pricingPools = discovery.pricing.flatMap((p, i) => {
    const address = decodeAddress(found[discovery.candidates.length + i]);
    return address && address !== ZERO_ADDRESS ? [{ ...p, address: getAddress(address) }] : [];
  });

  // Round trip 2: reserves of V2 pairs; price and balances of V3 pools; the pricing pairs.
  const calls: RawCall[] = [];
  for (const p of pools) {
    if (p.dex.version === 'v2')
      calls.push({ target: p.address, callData: encodeFunctionData({ abi: v2PairAbi, functionName: 'getReserves' }) });
    else {
      calls.push({ target: p.address, callData: encodeFunctionData({ abi: v3PoolAbi, functionName: 'slot0' }) });
      calls.push({ target: token, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [p.address] }) });
      calls.push({
        target: p.quote.address,
        callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [p.address] }),
      });
    }
  }
  for (const p of pricingPools)
    calls.push({ target: p.address, callData: encodeFunctionData({ abi: v2PairAbi, functionName: 'getReserves' }) });
  const quoteNames = quotes.map((q) => ({ target: q.address, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'name' }) }));
  const results = await readMany(client, [...calls, ...quoteNames]);

  let cursor = 0;
  const take = (): RawResult | undefined => results[cursor++];
  const poolReads = pools.map((p) =>
    p.dex.version === 'v2' ? { reserves: take() } : { slot0: take(), tokenBalance: take(), quoteBalance: take() },
  );
  const native = wrapped
    ? priceNative(
        wrapped,
        pricingPools.map((p) => ({ ...p, reserves: take() })),
      )
    : null;
  const nativeUsd = native?.price ?? null;
  const names = quotes.map(() => take());

  const usdOf = (quote: TokenRef): number | null =>
    stables.some((s) => s.address === quote.address) ? 1 : quote === wrapped ? nativeUsd : null;
  const pairs: PoolPair[] = [];
  pools.forEach((p, i) => {
    const reads = poolReads[i];
    if (!reads) return;
    const reversed = !sortsFirst(token, p.quote.address);
    let tokenAmount: number;
    let quoteAmount: number;
    let priceInQuote: number;
    if ('reserves' in reads) {
      const r = reads.reserves;
      if (!r?.success || r.returnData.length < 2 + 64 * 2) return;
      const r0 = BigInt(`0x${r.returnData.slice(2, 66)}`);
      const r1 = BigInt(`0x${r.returnData.slice(66, 130)}`);
      tokenAmount = num(reversed ? r1 : r0, decimals);
      quoteAmount = num(reversed ? r0 : r1, p.quote.decimals);
      priceInQuote = v2PriceInQuote(r0, r1, { tokenIsToken0: !reversed, tokenDecimals: decimals, quoteDecimals: p.quote.decimals }) ?? 0;
    } else {
      const sqrt = decodeUint(reads.slot0);
      const tb = decodeUint(reads.tokenBalance);
      const qb = decodeUint(reads.quoteBalance);
      if (sqrt === null || tb === null || qb === null) return;
      tokenAmount = num(tb, decimals);
      quoteAmount = num(qb, p.quote.decimals);
      priceInQuote = v3PriceInQuote(sqrt, { tokenIsToken0: !reversed, tokenDecimals: decimals, quoteDecimals: p.quote.decimals }) ?? 0;
    }
    const quoteUsd = usdOf(p.quote);
    const worth = quoteUsd === null ? 0 : (quoteAmount + tokenAmount * priceInQuote) * quoteUsd;
    const [reserve0, reserve1] = reversed ? [quoteAmount, tokenAmount] : [tokenAmount, quoteAmount];
    pairs.push({
      address: p.address,
      factory: p.dex.factory,
      tokenPrimary: token,
      token: p.quote.address,
      worth,
      reserve0,
      reserve1,
      price0: reserve0 > 0 ? reserve1 / reserve0 : 0,
      price1: reserve1 > 0 ? reserve0 / reserve1 : 0,
      v3Fee: p.fee,
      reversed,
      version: p.dex.version,
      dex: p.dex.name,
    });
  });
  pairs.sort((a, b) => b.worth - a.worth);

  const deepest = pairs.find((p) => p.worth > 0);
  const deepestQuote = deepest ? quotes.find((q) => q.address === deepest.token) : undefined;
  const deepestUsd = deepestQuote ? usdOf(deepestQuote) : null;
  const priceUsd = deepest && deepestUsd !== null ? (deepest.reversed ? deepest.price1 : deepest.price0) * deepestUsd : null;

  const usedQuotes = new Set(pairs.map((p) => p.token));
  const tokens = quotes
    .map((q, i) => ({ q, name: names[i] }))
    .filter(({ q }) => usedQuotes.has(q.address))
    .map(({ q, name }) => ({ address: q.address, decimals: q.decimals, symbol: q.symbol, name: decodeStringish(name) ?? q.symbol }));
  const usedDexes = new Set(pairs.map((p) => p.factory));
  const dexList = dexes
    .filter((d) => usedDexes.has(d.factory))
    .map((d) => ({ address: d.factory, router: d.router, name: d.name, icon: d.icon }));
  return { pairs, tokens, dexes: dexList, nativeUsd, priceUsd, nativePair: native?.pair ?? null };
}

/** USD price of the wrapped native token from its deepest V2 pair with a stablecoin, and that pair. */
function priceNative(
  wrapped: TokenRef,
  pairs: readonly (PricingPair & { address: Address; reserves: RawResult | undefined })[],
): { price: number; pair: NativePair } | null {
  let best: { depth: number; price: number; pair: NativePair } | null = null;
  for (const p of pairs) {
    const r = p.reserves;
    if (!r?.success || r.returnData.length < 130) continue;
    const r0 = BigInt(`0x${r.returnData.slice(2, 66)}`);
    const r1 = BigInt(`0x${r.returnData.slice(66, 130)}`);
    const wrappedFirst = sortsFirst(wrapped.address, p.stable.address);
    const s = num(wrappedFirst ? r1 : r0, p.stable.decimals);
    const price = v2PriceInQuote(r0, r1, {
      tokenIsToken0: wrappedFirst,
      tokenDecimals: wrapped.decimals,
      quoteDecimals: p.stable.decimals,
    });
    if (price !== null && (!best || s > best.depth))
      best = {
        depth: s,
        price,
        pair: { address: p.address, wrappedIsToken0: wrappedFirst, wrappedDecimals: wrapped.decimals, stableDecimals: p.stable.decimals },
      };
  }
  return best ? { price: best.price, pair: best.pair } : null;
}
