/**
 * The Solana JSON-RPC methods the reader, the watch follower (and a curious user) need,
 * answered from a LiteSVM: getAccountInfo, getMultipleAccounts, getProgramAccounts,
 * getTokenLargestAccounts, getBalance, getHealth, getVersion, getSlot, getBlockHeight,
 * getLatestBlockhash, getBlock, getSignaturesForAddress. Answers have the shapes of a Solana
 * node's (`{context: {slot}, value}`), accounts in base64 or base58 with `dataSlice`. The
 * slot is the ledger's current one (./slot-ledger.ts): every commitment sees the same, as
 * one validator finalizes each slot at once. The program-wide methods use LiteSVM's own
 * index of accounts by owner.
 */
import type { LiteSVM } from 'litesvm';
import { getBase58Decoder, getBase58Encoder, getU64Decoder, isAddress, type Address } from '@solana/kit';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../solana-programs.ts';
import { createSlotLedger, type SlotLedger } from './slot-ledger.ts';

interface JsonRpcRequest {
  readonly jsonrpc?: unknown;
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const invalidParams = (message: string) => new RpcError(-32602, `Invalid params: ${message}`);
const MAX_BATCH = 100;
const MAX_MULTIPLE_ACCOUNTS = 100;

interface AccountConfig {
  readonly encoding?: string;
  readonly dataSlice?: { readonly offset: number; readonly length: number };
}

interface ProgramAccountsConfig extends AccountConfig {
  readonly filters?: ReadonlyArray<{
    readonly dataSize?: number;
    readonly memcmp?: { readonly offset: number; readonly bytes: string; readonly encoding?: string };
  }>;
  readonly withContext?: boolean;
}

export interface SolanaRpcHandlerOptions {
  readonly svm: LiteSVM;
  /** The network's slots (a ledger of its own when absent). */
  readonly ledger?: SlotLedger;
}

/** Most signatures getSignaturesForAddress answers at once (a node's limit). */
const MAX_SIGNATURES = 1000;

function address(value: unknown, what: string): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`${what} is not a base58 public key`);
  return value;
}

function config<T extends AccountConfig>(value: unknown): T {
  if (value === undefined || value === null) return {} as T;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('the configuration must be an object');
  return value as T;
}

export function createSolanaRpcHandler(options: SolanaRpcHandlerOptions): (payload: unknown) => Promise<unknown> {
  const { svm } = options;
  const ledger = options.ledger ?? createSlotLedger(svm);
  const base58 = getBase58Decoder();

  function encodeData(data: Uint8Array, cfg: AccountConfig): [string, string] {
    const encoding = cfg.encoding ?? 'base58';
    let bytes = data;
    if (cfg.dataSlice) {
      const { offset, length } = cfg.dataSlice;
      if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0)
        throw invalidParams('dataSlice needs non-negative integers');
      bytes = data.subarray(offset, offset + length);
    }
    if (encoding === 'base64') return [Buffer.from(bytes).toString('base64'), 'base64'];
    if (encoding === 'base58') {
      if (bytes.length > 128)
        throw new RpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      return [base58.decode(bytes), 'base58'];
    }
    throw invalidParams(`encoding ${encoding} is not supported by the embedded network (use base64 or base58)`);
  }

  function account(addr: Address, cfg: AccountConfig) {
    const found = svm.getAccount(addr as never);
    return found.exists ? view(found, cfg) : null;
  }

  function view(found: { data: unknown; executable: boolean; lamports: bigint; programAddress: string }, cfg: AccountConfig) {
    return {
      data: encodeData(found.data as Uint8Array, cfg),
      executable: found.executable,
      lamports: Number(found.lamports),
      owner: found.programAddress as string,
      rentEpoch: 0,
      space: (found.data as Uint8Array).length,
    };
  }

  function matches(data: Uint8Array, filters: ProgramAccountsConfig['filters']): boolean {
    for (const filter of filters ?? []) {
      if (filter.dataSize !== undefined && data.length !== Number(filter.dataSize)) return false;
      if (filter.memcmp) {
        const { offset, bytes, encoding } = filter.memcmp;
        const wanted = encoding === 'base64' ? Buffer.from(bytes, 'base64') : base58Bytes(bytes);
        if (Buffer.compare(Buffer.from(data.subarray(Number(offset), Number(offset) + wanted.length)), wanted) !== 0) return false;
      }
    }
    return true;
  }

  const methods: Record<string, (params: readonly unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': 'scopeward-litesvm', 'feature-set': 0 }),
    getSlot: () => ledger.slot(),
    getBlockHeight: () => ledger.slot(),
    getLatestBlockhash: () => ({
      context: { slot: ledger.slot() },
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: ledger.slot() + 150 },
    }),
    getBalance: ([addr]) => ({
      context: { slot: ledger.slot() },
      value: Number(svm.getBalance(address(addr, 'the address') as never) ?? 0n),
    }),
    getAccountInfo: ([addr, cfg]) => ({ context: { slot: ledger.slot() }, value: account(address(addr, 'the address'), config(cfg)) }),
    getBlock: ([slotParam]) => {
      if (typeof slotParam !== 'number' || !Number.isInteger(slotParam) || slotParam < 0)
        throw invalidParams('the slot must be an integer');
      const block = ledger.block(slotParam);
      // A node's answer for a slot it has no block of (skipped, or before its ledger).
      if (!block) throw new RpcError(-32009, `Slot ${slotParam} was skipped, or missing in long-term storage`);
      return {
        blockhash: block.blockhash,
        previousBlockhash: block.previousBlockhash,
        parentSlot: block.parentSlot,
        blockHeight: block.slot,
        blockTime: block.blockTime,
      };
    },
    getSignaturesForAddress: ([addr, cfg]) => {
      const limit = config<AccountConfig & { limit?: number }>(cfg).limit ?? MAX_SIGNATURES;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES) throw invalidParams(`limit must be 1 to ${MAX_SIGNATURES}`);
      return ledger.signaturesFor(address(addr, 'the address'), limit).map((s) => ({
        signature: s.signature,
        slot: s.slot,
        err: null,
        memo: null,
        blockTime: s.blockTime,
        confirmationStatus: 'finalized',
      }));
    },
    getMultipleAccounts: ([list, cfg]) => {
      if (!Array.isArray(list)) throw invalidParams('expected an array of addresses');
      if (list.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`at most ${MAX_MULTIPLE_ACCOUNTS} addresses`);
      const c = config<AccountConfig>(cfg);
      return { context: { slot: ledger.slot() }, value: list.map((a, i) => account(address(a, `address ${i}`), c)) };
    },
    getProgramAccounts: ([program, cfg]) => {
      const owner = address(program, 'the program id');
      const c = config<ProgramAccountsConfig>(cfg);
      const out = [];
      for (const found of svm.getProgramAccounts(owner as never)) {
        if (!matches(found.data as Uint8Array, c.filters)) continue;
        out.push({ pubkey: found.address as string, account: view(found, c) });
      }
      return c.withContext ? { context: { slot: ledger.slot() }, value: out } : out;
    },
    getTokenLargestAccounts: ([mintParam]) => {
      const mint = address(mintParam, 'the mint');
      const found = svm.getAccount(mint as never);
      if (!found.exists || (found.programAddress !== TOKEN_PROGRAM && found.programAddress !== TOKEN_2022_PROGRAM))
        throw invalidParams('Invalid param: not a Token mint');
      const data = found.data as Uint8Array;
      const decimals = data[44] ?? 0;
      const mintBytes = base58Bytes(mint);
      const u64 = getU64Decoder();
      const balances: Array<{ address: string; amount: bigint }> = [];
      for (const acc of svm.getProgramAccounts(found.programAddress)) {
        const bytes = acc.data as Uint8Array;
        if (bytes.length < 165 || Buffer.compare(Buffer.from(bytes.subarray(0, 32)), mintBytes) !== 0) continue;
        balances.push({ address: acc.address as string, amount: u64.decode(bytes.subarray(64, 72)) });
      }
      balances.sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0));
      return {
        context: { slot: ledger.slot() },
        value: balances.slice(0, 20).map((b) => ({
          address: b.address,
          amount: b.amount.toString(),
          decimals,
          uiAmount: Number(b.amount) / 10 ** decimals,
          uiAmountString: (Number(b.amount) / 10 ** decimals).toString(),
        })),
      };
    },
  };

  function answer(request: unknown): unknown {
    const r = (typeof request === 'object' && request !== null && !Array.isArray(request) ? request : {}) as JsonRpcRequest;
    const id = typeof r.id === 'string' || typeof r.id === 'number' ? r.id : null;
    if (r.jsonrpc !== '2.0' || typeof r.method !== 'string')
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
    const method = Object.hasOwn(methods, r.method) ? methods[r.method] : undefined;
    if (!method)
      return {
        jsonrpc: '2.0',
        id,
        error: { code: -32601, message: `Method not found: the embedded Solana network answers ${Object.keys(methods).join(', ')}` },
      };
    const params = r.params === undefined ? [] : r.params;
    if (!Array.isArray(params)) return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: expected an array' } };
    try {
      return { jsonrpc: '2.0', id, result: method(params) };
    } catch (error) {
      if (error instanceof RpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
      return { jsonrpc: '2.0', id, error: { code: -32603, message: error instanceof Error ? error.message : 'Internal error' } };
    }
  }

  return async (payload) => {
    if (Array.isArray(payload)) {
      if (payload.length === 0 || payload.length > MAX_BATCH)
        return { jsonrpc: '2.0', id: null, error: { code: -32600, message: `a batch holds 1 to ${MAX_BATCH} requests` } };
      return payload.map(answer);
    }
    return answer(payload);
  };
}

/** Raw bytes of a base58 string (memcmp filters and addresses arrive base58-encoded). */
function base58Bytes(text: string): Buffer {
  return Buffer.from(getBase58Encoder().encode(text));
}
