/**
 * The scan's `marketHistory` source: runs readMarketHistory with a time limit and turns
 * its outcome into the `meta.sources.marketHistory` report (ok, partial with the reasons,
 * failed, timeout, or skipped when the token has no pool to measure).
 */
import type { ChainClient } from '../chain/create-chain-client.ts';
import type { ContractContext } from '../chain/read-contract-context.ts';
import { runDataSource, skippedDataSource, type DataSourceOutcome } from '../scan/run-data-source.ts';
import type { PriceHistory } from './price-history.ts';
import { readMarketHistory, type MarketHistory } from './read-market.ts';

export const MARKET_FIELDS = ['tradingVolume', 'price30', 'price60'];

export async function runMarketSource(
  client: ChainClient,
  chain: ContractContext,
  network: string,
  history: PriceHistory | undefined,
  timeoutMs: number,
): Promise<DataSourceOutcome<MarketHistory>> {
  const pools = chain.pools;
  if (!pools || pools.pairs.length === 0)
    return skippedDataSource(pools ? 'the token has no pool to measure' : 'the pools could not be read');
  const outcome = await runDataSource(MARKET_FIELDS, timeoutMs, () =>
    readMarketHistory(client, {
      network,
      address: chain.address,
      decimals: chain.contract.decimals,
      pools,
      ...(history ? { history } : {}),
    }),
  );
  if (outcome.value?.status !== 'partial') return outcome;
  return { value: outcome.value, report: { ...outcome.report, status: 'partial', reason: outcome.value.reason } };
}
