/**
 * The token's market history from the chain: 24-hour trading volume in USD from the
 * `Swap` logs of its pools, and price30/price60, the percent change of its USD price
 * over 30 and 60 days (docs/decisions/0172-market-data-from-the-chain-issue-19.md, "Market data from the chain").
 *
 * Windows are anchored at the chain head's timestamp, not the wall clock: a node that
 * lags, or the devnet whose clock is its own, is measured against its own "now". A past
 * price comes from the deepest pool at the block in effect then (archive eth_call, or the
 * last Sync/Swap log before it), and failing that from our own stored history; when none
 * answers the figure is 0 and the report says why.
 */
import type { Address } from 'viem';
import type { ChainClient } from '../chain/create-chain-client.ts';
import { findBlockByTime, readBlockTime, type BlockTime } from '../chain/find-block-by-time.ts';
import type { GetPoolsReturnType, PoolPair } from '../chain/get-pools.ts';
import { getPoolStateAt, type PoolState } from '../chain/get-pool-state-at.ts';
import { getSwapLogs } from '../chain/get-swap-logs.ts';
import type { PriceHistory } from './price-history.ts';
import { percentChange, swapQuoteAmount, units, usdPrice, v2PriceInQuote, v3PriceInQuote } from './prices.ts';

const DAY = 86_400;
/** How much older than the target a stored price may be and still stand for it. */
const HISTORY_TOLERANCE_DAYS = 3;

export interface ReadMarketParameters {
  readonly network: string;
  readonly address: string;
  readonly decimals: number;
  /** The token's pools as the chain context read them (today's price, pairs, native pair). */
  readonly pools: GetPoolsReturnType;
  /** Our stored prices; without it only the chain answers. */
  readonly history?: PriceHistory;
  /** Largest eth_getLogs range for the volume (default 10,000 blocks). */
  readonly maxBlockRange?: bigint;
  /** eth_getLogs requests the volume may use (default 64). */
  readonly maxLogRequests?: number;
}

export interface PriceChange {
  /** Percent change to today's price; 0 when it could not be computed. */
  readonly percent: number;
  /** The price it was compared with, its time and where it came from; null when none. */
  readonly then: { readonly priceUsd: number; readonly at: string; readonly source: 'archive' | 'log' | 'history' } | null;
  /** Why there is no figure (empty when there is one). */
  readonly reason: string;
}

export interface MarketHistory {
  /** USD traded in the token's pools over the 24 hours before the chain head. */
  readonly tradingVolume: number;
  readonly price30: number;
  readonly price60: number;
  readonly changes: { readonly days30: PriceChange; readonly days60: PriceChange };
  readonly head: { readonly blockNumber: bigint; readonly at: string };
  readonly volume: { readonly swaps: number; readonly fromBlock: bigint; readonly complete: boolean; readonly reason: string };
  /** `ok` when every figure is computed from complete data; `partial` otherwise, with the reasons. */
  readonly status: 'ok' | 'partial';
  readonly reason: string;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Reads volume and price change for a token whose pools are known.
 *
 * @example
 * const market = await readMarketHistory(client, { network: 'LOCAL', address, decimals: 18, pools: ctx.pools, history });
 */
export async function readMarketHistory(client: ChainClient, p: ReadMarketParameters): Promise<MarketHistory> {
  const head = await readBlockTime(client);
  const stables = new Set(client.details.stablecoins.map((s) => s.address.toLowerCase()));
  const wrapped = client.details.wrappedNative?.address.toLowerCase() ?? null;
  const quoteDecimals = new Map(p.pools.tokens.map((t) => [t.address.toLowerCase(), t.decimals]));

  const [day, d30, d60] = await Promise.all(
    [DAY, 30 * DAY, 60 * DAY].map((seconds) => findBlockByTime(client, { timestamp: head.timestamp - seconds, head })),
  );

  const volumeRun = readVolume(client, p, head, day!.block, { stables, wrapped, quoteDecimals });
  const current = p.pools.priceUsd;
  const deepest = p.pools.pairs.find((pair) => pair.worth > 0) ?? null;
  const priceAt = (block: BlockTime | null, days: number) =>
    priceChange(client, p, { current, deepest, block, targetTime: head.timestamp - days * DAY, days, stables, wrapped, quoteDecimals });
  const [volume, days30, days60] = await Promise.all([volumeRun, priceAt(d30!.block, 30), priceAt(d60!.block, 60)]);

  // A store that fails costs the history one point, never this scan's figures.
  const stored =
    p.history && current !== null
      ? await p.history.record(p.network, p.address, { at: iso(head.timestamp), priceUsd: current }).then(
          () => '',
          (error: unknown) => `this price was not stored: ${error instanceof Error ? error.message : String(error)}`,
        )
      : '';

  const reasons = [
    ...(stored ? [stored] : []),
    ...(volume.reason ? [`tradingVolume: ${volume.reason}`] : []),
    ...(days30.reason ? [`price30: ${days30.reason}`] : []),
    ...(days60.reason ? [`price60: ${days60.reason}`] : []),
  ];
  return {
    tradingVolume: volume.usd,
    price30: days30.percent,
    price60: days60.percent,
    changes: { days30, days60 },
    head: { blockNumber: head.number, at: iso(head.timestamp) },
    volume: { swaps: volume.swaps, fromBlock: volume.fromBlock, complete: volume.complete, reason: volume.reason },
    status: reasons.length === 0 ? 'ok' : 'partial',
    reason: reasons.join('; '),
  };
}

interface Quotes {
  readonly stables: ReadonlySet<string>;
  readonly wrapped: string | null;
  readonly quoteDecimals: ReadonlyMap<string, number>;
}

async function readVolume(client: ChainClient, p: ReadMarketParameters, head: BlockTime, dayStart: BlockTime | null, q: Quotes) {
  const fromBlock = dayStart ? dayStart.number + 1n : 0n;
  const byPool = new Map(p.pools.pairs.map((pair) => [pair.address.toLowerCase(), pair]));
  const read = await getSwapLogs(client, {
    pools: p.pools.pairs.map((pair) => pair.address as Address),
    fromBlock,
    toBlock: head.number,
    ...(p.maxBlockRange !== undefined ? { maxBlockRange: p.maxBlockRange } : {}),
    ...(p.maxLogRequests !== undefined ? { maxRequests: p.maxLogRequests } : {}),
  });
  let usd = 0;
  const unpriced = new Set<string>();
  for (const log of read.logs) {
    const pair = byPool.get(log.pool.toLowerCase());
    if (!pair) continue;
    const quote = pair.token.toLowerCase();
    const quoteUsd = q.stables.has(quote) ? 1 : quote === q.wrapped ? p.pools.nativeUsd : null;
    const decimals = q.quoteDecimals.get(quote);
    if (quoteUsd === null || decimals === undefined) {
      unpriced.add(pair.address);
      continue;
    }
    // `reversed`: the token is token1, so the quote is token0.
    usd += units(swapQuoteAmount(log.amounts, pair.reversed), decimals) * quoteUsd;
  }
  const reasons: string[] = [];
  if (read.missing.length > 0) {
    const blocks = read.missing.reduce((n, m) => n + (m.toBlock - m.fromBlock + 1n), 0n);
    reasons.push(`partial: ${blocks} of ${head.number - fromBlock + 1n} blocks not read (${read.missing[0]!.reason})`);
  }
  if (unpriced.size > 0) reasons.push(`swaps in ${unpriced.size} pool(s) whose quote token has no USD price are not counted`);
  return { usd, swaps: read.logs.length, fromBlock, complete: read.missing.length === 0, reason: reasons.join('; ') };
}

interface ChangeInput extends Quotes {
  readonly current: number | null;
  readonly deepest: PoolPair | null;
  /** The block in effect at the target time; null when the chain is younger. */
  readonly block: BlockTime | null;
  readonly targetTime: number;
  readonly days: number;
}

async function priceChange(client: ChainClient, p: ReadMarketParameters, c: ChangeInput): Promise<PriceChange> {
  if (c.current === null || !c.deepest) return { percent: 0, then: null, reason: 'the token has no priced pool today' };
  const reasons: string[] = [];
  if (!c.block) reasons.push(`the chain starts after ${iso(c.targetTime)}`);
  else {
    const onChain = await chainPriceAt(client, p, c.deepest, c.block.number, c);
    if (onChain.price !== null) {
      const percent = percentChange(onChain.price, c.current) ?? 0;
      return { percent, then: { priceUsd: onChain.price, at: iso(c.block.timestamp), source: onChain.source! }, reason: '' };
    }
    reasons.push(...onChain.reasons);
  }
  const stored = await p.history?.priceAt(p.network, p.address, new Date(c.targetTime * 1000), HISTORY_TOLERANCE_DAYS * DAY * 1000);
  if (stored) {
    const percent = percentChange(stored.priceUsd, c.current) ?? 0;
    return { percent, then: { priceUsd: stored.priceUsd, at: stored.at, source: 'history' }, reason: '' };
  }
  reasons.push(p.history ? `no stored price within ${HISTORY_TOLERANCE_DAYS} days before ${iso(c.targetTime)}` : 'no price history store');
  return { percent: 0, then: null, reason: reasons.join('; ') };
}

/** The token's USD price at a block through the deepest pool (and the native pair for a wrapped quote). */
async function chainPriceAt(
  client: ChainClient,
  p: ReadMarketParameters,
  pair: PoolPair,
  blockNumber: bigint,
  q: Quotes,
): Promise<{ price: number | null; source: 'archive' | 'log' | null; reasons: string[] }> {
  const quote = pair.token.toLowerCase();
  const quoteDecimals = q.quoteDecimals.get(quote);
  if (quoteDecimals === undefined) return { price: null, source: null, reasons: ['the pool’s quote token is unknown'] };
  const native = p.pools.nativePair;
  const needsNative = !q.stables.has(quote);
  if (needsNative && (quote !== q.wrapped || !native))
    return { price: null, source: null, reasons: ['the pool’s quote token has no USD route'] };
  const [tokenSide, nativeSide] = await Promise.all([
    getPoolStateAt(client, { pool: pair.address, version: pair.version, blockNumber }),
    needsNative ? getPoolStateAt(client, { pool: native!.address, version: 'v2', blockNumber }) : Promise.resolve(null),
  ]);
  if (!tokenSide.found) return { price: null, source: null, reasons: tokenSide.reasons.slice() };
  const inQuote = priceInQuote(tokenSide.found.state, { tokenIsToken0: !pair.reversed, tokenDecimals: p.decimals, quoteDecimals });
  let quoteUsd: number | null = 1;
  if (nativeSide) {
    if (!nativeSide.found) return { price: null, source: null, reasons: nativeSide.reasons.map((r) => `native pair: ${r}`) };
    quoteUsd = priceInQuote(nativeSide.found.state, {
      tokenIsToken0: native!.wrappedIsToken0,
      tokenDecimals: native!.wrappedDecimals,
      quoteDecimals: native!.stableDecimals,
    });
  }
  const price = usdPrice(inQuote, quoteUsd);
  const source = tokenSide.found.source === 'archive' && (nativeSide?.found?.source ?? 'archive') === 'archive' ? 'archive' : 'log';
  return price === null ? { price: null, source: null, reasons: ['the pool was empty then'] } : { price, source, reasons: [] };
}

function priceInQuote(state: PoolState, sides: Parameters<typeof v2PriceInQuote>[2]): number | null {
  return state.version === 'v2' ? v2PriceInQuote(state.reserve0, state.reserve1, sides) : v3PriceInQuote(state.sqrtPriceX96, sides);
}
