/**
 * The Solana scanner of the scan service: reads network SOL through RPC_URL_SOL (a public
 * default otherwise), except the accounts the embedded Solana network holds, which are
 * read from it over its JSON-RPC endpoint (`POST /rpc/solana` on the service's port) so
 * the sample mints scan offline (docs/decisions.md, "Embedded Solana network").
 */
import { readSolanaToken } from './read-solana-token.ts';
import { createSolanaRpcClient, solanaRpcUrl, type CountingRpc } from './solana-rpc.ts';
import type { SolanaScanner } from './solana-scan.ts';

export interface EmbeddedSolana {
  holds(address: string): boolean;
  /** The embedded network's JSON-RPC URL once the service listens. */
  url(): string | undefined;
}

/** Default time cap of a whole Solana read: two round trips to a public node fit easily. */
export const SOLANA_READ_TIMEOUT_MS = 10_000;

export function createSolanaScanner(options: { env: Readonly<Record<string, string | undefined>>; embedded?: EmbeddedSolana | undefined; timeoutMs?: number }): SolanaScanner {
  const clients = new Map<string, CountingRpc>();
  const clientFor = (url: string) => {
    let client = clients.get(url);
    if (!client) {
      client = createSolanaRpcClient({ url });
      clients.set(url, client);
    }
    return client;
  };
  return {
    timeoutMs: options.timeoutMs ?? SOLANA_READ_TIMEOUT_MS,
    read(address, signal) {
      const local = options.embedded?.holds(address) ? options.embedded.url() : undefined;
      return readSolanaToken(clientFor(local ?? solanaRpcUrl(options.env)).rpc, address, { signal });
    },
  };
}
