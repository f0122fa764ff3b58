/**
 * What a test of the Solana scan needs without the service around it: a fixed scan context
 * (no histories, fixed percentiles and clock) and a scanner reading the embedded LiteSVM
 * network in process.
 */
import { SCORE_NAMES } from '../interface/schemas/audit-layout.ts';
import type { SolanaDevnet } from '../solana/devnet/solana-devnet.ts';
import { createSolanaRpcClient } from '../solana/solana-rpc.ts';
import { readSolanaToken } from '../solana/read-solana-token.ts';
import type { SolanaScanContext, SolanaScanner } from '../solana/solana-scan.ts';

const histories = Object.fromEntries([...SCORE_NAMES, 'topHolders'].map((n) => [n, []])) as unknown as SolanaScanContext['histories'];

/** The scan context of `address` on SOL: empty histories, percentiles of 50 (0 for market and community). */
export function solanaScanContext(address: string): SolanaScanContext {
  return {
    network: 'SOL',
    address,
    now: '2026-01-02T03:04:05.000Z',
    firstSeenAt: '',
    histories,
    percentiles: async () => ({ security: 50, decentralisation: 50, market: 0, community: 0, fundamentals: 50, total: 50 }),
    started: performance.now(),
  };
}

/** A scanner that reads mints from `devnet` in process, with a 5 s cap. */
export function devnetSolanaScanner(devnet: SolanaDevnet): SolanaScanner {
  return {
    timeoutMs: 5_000,
    read: (address, signal) => readSolanaToken(createSolanaRpcClient({ handler: devnet.request }).rpc, address, { signal }),
  };
}
