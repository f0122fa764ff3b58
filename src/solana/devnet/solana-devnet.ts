/**
 * The embedded Solana network: a LiteSVM in this process running the real SPL Token,
 * Token-2022 and Associated Token programs, holding the sample mints, answering the
 * Solana JSON-RPC methods the reader uses. Rebuilt identically at each start (fixed
 * keys), in a few hundred milliseconds.
 */
import { LiteSVM } from 'litesvm';
import { isAddress } from '@solana/kit';
import { buildSampleMints } from './build-sample-mints.ts';
import { createSolanaRpcHandler } from './solana-rpc-handler.ts';
import type { SampleMint, SampleMintBehaviour } from './sample-mints.ts';

export type { SampleMint, SampleMintBehaviour } from './sample-mints.ts';

export interface SolanaDevnet {
  /** Answers a Solana JSON-RPC request object or batch as a node would. */
  request(payload: unknown): Promise<unknown>;
  readonly mints: readonly SampleMint[];
  /** Whether the network holds an account at this address (the scan reads those here). */
  holds(address: string): boolean;
  /** Wallets holding the samples' balances, and the authority that built them. */
  readonly holders: readonly string[];
  readonly authority: string;
  readonly startupMs: number;
  close(): Promise<void>;
}

export interface SolanaDevnetLogger {
  info(obj: object, msg?: string): void;
}

/**
 * @example
 * const solana = await startSolanaDevnet();
 * await solana.request({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [solana.mints[0].address, { encoding: 'base64' }] });
 */
export async function startSolanaDevnet(options: { logger?: SolanaDevnetLogger } = {}): Promise<SolanaDevnet> {
  const started = performance.now();
  const svm = new LiteSVM();
  const built = await buildSampleMints(svm);
  const handler = createSolanaRpcHandler({ svm });
  const startupMs = Math.round(performance.now() - started);
  let closed = false;
  options.logger?.info(
    { mints: built.mints.map(({ behaviour, address }) => ({ behaviour, address })), startupMs },
    'solana devnet started',
  );
  return {
    async request(payload) {
      if (closed) throw new Error('the Solana devnet is closed');
      return handler(payload);
    },
    mints: built.mints,
    // Any account of the SVM: the samples, their holders, and the programs it ships.
    holds: (address) => !closed && isAddress(address) && svm.getAccount(address).exists,
    holders: built.holders,
    authority: built.authority,
    startupMs,
    async close() {
      closed = true;
    },
  };
}

/** The sample mint with one behaviour (throws when there is none). */
export function sampleMint(devnet: Pick<SolanaDevnet, 'mints'>, behaviour: SampleMintBehaviour): SampleMint {
  const mint = devnet.mints.find((m) => m.behaviour === behaviour);
  if (!mint) throw new Error(`the Solana devnet has no ${behaviour} mint`);
  return mint;
}
