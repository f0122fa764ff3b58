/**
 * The Solana scanner of the scan service: reads network SOL through RPC_URL_SOL (a public
 * default otherwise), except the accounts the embedded Solana network holds, which are
 * read from it over its JSON-RPC endpoint (`POST /rpc/solana` on the service's port) so
 * the sample mints scan offline (docs/decisions/0080-embedded-solana-network-routing-of-network-sol.md, "Embedded Solana network").
 */
import type { CountingRpc } from './solana-rpc.ts';
import type { SolanaScanner } from './solana-scan.ts';

/** Public mainnet's endpoint, used when RPC_URL_SOL is not set. */
export const DEFAULT_SOLANA_RPC_URL = 'https://api.mainnet-beta.solana.com';

export interface EmbeddedSolana {
  holds(address: string): boolean;
  /** The embedded network's JSON-RPC URL once the service listens. */
  url(): string | undefined;
}

/** Default time cap of a whole Solana read: two round trips to a public node fit easily. */
export const SOLANA_READ_TIMEOUT_MS = 10_000;

export function createSolanaScanner(options: {
  env: Readonly<Record<string, string | undefined>>;
  embedded?: EmbeddedSolana | undefined;
  timeoutMs?: number;
}): SolanaScanner {
  const clients = new Map<string, CountingRpc>();
  return {
    timeoutMs: options.timeoutMs ?? SOLANA_READ_TIMEOUT_MS,
    async read(address, signal) {
      // Loaded on the first Solana scan: @solana/kit and the program clients are large.
      const [{ readSolanaToken }, { createSolanaRpcClient }] = await Promise.all([
        import('./read-solana-token.ts'),
        import('./solana-rpc.ts'),
      ]);
      const local = options.embedded?.holds(address) ? options.embedded.url() : undefined;
      const url = local ?? (options.env.RPC_URL_SOL?.trim() || DEFAULT_SOLANA_RPC_URL);
      let client = clients.get(url);
      if (!client) {
        client = createSolanaRpcClient({ url });
        clients.set(url, client);
      }
      return readSolanaToken(client.rpc, address, { signal });
    },
  };
}
