/**
 * Where a receipt is replayed when the verifier names no chain of its own (issue 33):
 * source receipts rebuild their fresh chain themselves; receipts of the embedded devnet
 * (network LOCAL) replay on a devnet started for the purpose, which is rebuilt
 * identically (fixed genesis, same deployments), so its head is the recorded block as
 * long as the scanned devnet had not moved on; any other network needs an RPC URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Receipt } from './receipt.ts';
import type { OpenedSource } from './verify-receipt.ts';

export async function openReplaySource(
  receipt: Receipt,
  options: { readonly rpcUrl?: string | undefined },
): Promise<OpenedSource | string> {
  const env = receipt.environment;
  if (env.mode === 'local') return { source: {} };
  if (options.rpcUrl) return { source: { rpcUrl: options.rpcUrl } };
  if (env.network !== 'LOCAL')
    return `cannot replay: a ${env.mode} receipt of ${env.network} needs an RPC serving block ${env.block.number} of chain ${env.chainId} (--rpc URL)`;
  const { startDevnet } = await import('../devnet/devnet.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'scopeward-verify-'));
  try {
    const devnet = await startDevnet({ dataDir });
    return {
      source: { provider: devnet.provider },
      close: async () => {
        await devnet.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    return `cannot replay: the embedded devnet did not start (${error instanceof Error ? error.message : String(error)})`;
  }
}
