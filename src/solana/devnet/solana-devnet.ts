/**
 * The embedded Solana network: a LiteSVM in this process running the real SPL Token,
 * Token-2022 and Associated Token programs, holding the sample mints, answering the
 * Solana JSON-RPC methods the reader and the watch follower use. Rebuilt identically at
 * each start (fixed keys), in a few hundred milliseconds. Its slot advances with each
 * state change (./slot-ledger.ts); `scopeward_act` makes a sample's authority act
 * (./mint-actions.ts).
 */
import { LiteSVM } from 'litesvm';
import { isAddress, lamports } from '@solana/kit';
import { buildSampleMints, fixedSigner } from './build-sample-mints.ts';
import { createSolanaRpcHandler } from './solana-rpc-handler.ts';
import { createSlotLedger } from './slot-ledger.ts';
import { actOnMint, type MintActionResult } from './mint-actions.ts';
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
  /** The current slot (every slot is final: one validator, no fork). */
  slot(): number;
  /** Opens the next slot with nothing in it (a clock's tick). */
  advance(): number;
  /** Makes a sample mint's authority act (./mint-actions.ts); the same as `scopeward_act` over JSON-RPC. */
  act(mint: string, action: string, account?: string): Promise<MintActionResult>;
  close(): Promise<void>;
}

/** The JSON-RPC method of an authority action: params [mint, action] or [mint, action, account]; privileged callers only. */
export const MINT_ACTION_METHOD = 'scopeward_act';

interface RpcItem {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
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
  // The samples' authority, and the key `set-*-authority` hands an authority to (funded: it pays its own fees).
  const authority = await fixedSigner('authority');
  const successor = await fixedSigner('successor authority');
  svm.airdrop(successor.address as never, lamports(1_000_000_000n) as never);
  const signers = new Map([authority, successor].map((s) => [s.address as string, s]));
  const ledger = createSlotLedger(svm);
  const handler = createSolanaRpcHandler({ svm, ledger });
  const network = {
    svm,
    ledger,
    mints: built.mints,
    signers,
    successor: (current: string) => (current === authority.address ? successor.address : authority.address),
    holders: built.holders,
  };
  const act = (mint: string, action: string, account?: string) => actOnMint(network, mint, action, account);
  /** Answers an action item; the rest goes to the handler. */
  const answer = async (item: unknown): Promise<unknown> => {
    const r = item as RpcItem | null;
    if (r?.method !== MINT_ACTION_METHOD) return handler(item);
    const params = Array.isArray(r.params) ? r.params : [];
    try {
      if (typeof params[0] !== 'string' || typeof params[1] !== 'string' || (params[2] !== undefined && typeof params[2] !== 'string'))
        throw new Error(`${MINT_ACTION_METHOD} takes [mint, action] or [mint, action, account]`);
      return { jsonrpc: '2.0', id: r.id ?? null, result: await act(params[0], params[1], params[2] as string | undefined) };
    } catch (error) {
      return { jsonrpc: '2.0', id: r.id ?? null, error: { code: -32602, message: error instanceof Error ? error.message : String(error) } };
    }
  };
  const startupMs = Math.round(performance.now() - started);
  let closed = false;
  options.logger?.info(
    { mints: built.mints.map(({ behaviour, address }) => ({ behaviour, address })), startupMs },
    'solana devnet started',
  );
  return {
    async request(payload) {
      if (closed) throw new Error('the Solana devnet is closed');
      const isAct = (item: unknown) => (item as RpcItem | null)?.method === MINT_ACTION_METHOD;
      if (!Array.isArray(payload)) return answer(payload);
      if (!payload.some(isAct)) return handler(payload);
      // In order: an action changes what a later read of the same batch sees.
      const answers: unknown[] = [];
      for (const item of payload) answers.push(await answer(item));
      return answers;
    },
    mints: built.mints,
    // Any account of the SVM: the samples, their holders, and the programs it ships.
    holds: (address) => !closed && isAddress(address) && svm.getAccount(address).exists,
    holders: built.holders,
    authority: built.authority,
    startupMs,
    slot: () => ledger.slot(),
    advance: () => ledger.advance(),
    act,
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
