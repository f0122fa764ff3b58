/**
 * The pool a simulation trades on: the token's deepest Uniswap-V2-style pair found by
 * the chain layer's `getPools`, against the wrapped native token or a stablecoin, with
 * the router of the same DEX.
 */
import { getAddress, type Address } from 'viem';
import { getPools } from '../chain/get-pools.ts';
import type { ChainClient } from '../chain/create-chain-client.ts';
import { SimulationError } from './simulation-error.ts';
import type { SimulationPool } from './simulation-types.ts';

export interface FoundPool extends SimulationPool {
  readonly wrapped: Address;
}

export async function findPool(client: ChainClient, token: Address): Promise<FoundPool> {
  const { wrappedNative } = client.details;
  if (!wrappedNative)
    throw new SimulationError('POOL_NOT_FOUND', `no wrapped native token is known on ${client.network}`, { network: client.network });
  const pools = await getPools(client, { address: token });
  const v2 = pools.pairs.filter((p) => p.version === 'v2');
  const best = v2[0];
  if (!best) {
    const v3 = pools.pairs.length - v2.length;
    const reason =
      v3 > 0
        ? `no V2 pool (${v3} V3 pool(s) found; V3 swaps are not simulated)`
        : `no pool against ${wrappedNative.symbol} or a stablecoin on the known DEXes`;
    throw new SimulationError('POOL_NOT_FOUND', reason, { network: client.network });
  }
  const dex = client.details.dexes.find((d) => d.factory.toLowerCase() === best.factory.toLowerCase());
  if (!dex) throw new SimulationError('POOL_NOT_FOUND', `no router known for factory ${best.factory}`, { factory: best.factory });
  const quoteRef = [wrappedNative, ...client.details.stablecoins].find((t) => t.address.toLowerCase() === best.token.toLowerCase());
  return {
    pair: getAddress(best.address),
    router: getAddress(dex.router),
    factory: getAddress(dex.factory),
    quote: getAddress(best.token),
    quoteSymbol: quoteRef?.symbol ?? '',
    dex: dex.name,
    wrapped: getAddress(wrappedNative.address),
  };
}
