/**
 * A chain layer `ChainClient` over an in-process EIP-1193 chain, so the simulator reads
 * pools and owners on the fork with the same readers the scan uses on the live chain.
 */
import { createPublicClient, custom, type PublicClient } from 'viem';
import type { ChainClient } from '../chain/create-chain-client.ts';
import type { Eip1193Provider } from '../devnet/edr-provider.ts';
import type { ChainDetails } from '../chain/chain-details.ts';

export function chainClientOverProvider(provider: Eip1193Provider, details: ChainDetails, chainId: number): ChainClient {
  const stats = { requests: 0, calls: 0 };
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      stats.requests += 1;
      stats.calls += 1;
      return provider.request({ method, params: Array.isArray(params) ? params : [] });
    },
  });
  const client = createPublicClient({ transport }) as PublicClient;
  return { network: details.symbol, chainId, details, rpcUrl: 'in-process', public: client, stats };
}
