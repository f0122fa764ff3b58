/**
 * Records what a simulation asks of its in-process chain, in order, so a receipt can say
 * exactly which calls support a verdict and a verifier can send the same calls again
 * (issue 33). It wraps the chain's EIP-1193 provider: every request still goes through
 * unchanged; the ones that change state or read it are written down with their outcome.
 *
 * Kept: transactions (from, to, value, calldata, gas limit; status, gas used, a digest of
 * the logs, the block's timestamp), reads (eth_call, eth_estimateGas, code, storage,
 * balances: their answer or error), and the state overrides and clock moves (impersonation,
 * balances, storage, mining, snapshots). Left out: chain metadata (block and receipt
 * lookups, logs searches, chain id) whose answers name hashes and times of this run.
 */
import { keccak256, toHex } from 'viem';
import type { Eip1193Provider, Eip1193RequestArguments } from '../devnet/edr-provider.ts';
import { RpcResponseError } from '../devnet/edr-provider.ts';
import { canonicalJson } from './canonical-json.ts';

/** A JSON-RPC error as recorded: code, data and message (only code and data are compared on replay). */
export interface RecordedError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** What a transaction did, as its receipt says; `blockTimestamp` pins the clock on replay. */
export interface TxOutcome {
  readonly status: 'success' | 'reverted';
  readonly gasUsed: string;
  /** keccak256 of the canonical JSON of the logs' [address, topics, data]. */
  readonly logsDigest: string;
  readonly contractAddress: string | null;
  readonly blockTimestamp: number;
}

export interface RecordedCall {
  /** Position in the run (0-based): what a differing step is named by. */
  readonly index: number;
  /** The conclusion this call's sequence supports ("validation", "trades", "owner power: blacklist(address)"…). */
  readonly supports: string;
  readonly method: string;
  readonly params: readonly unknown[];
  /** A read's answer or a state method's answer (a snapshot id, true); absent for transactions. */
  readonly result?: unknown;
  readonly error?: RecordedError;
  readonly tx?: TxOutcome;
  /** Blocks a mining call produced: the last one's timestamp (the replay pins the clock to it). */
  readonly minedTimestamp?: number;
}

/** The block a run starts from: a fork's block, the devnet's head under a snapshot, a fresh chain's head. */
export interface StartBlock {
  readonly number: number;
  readonly hash: string;
  readonly timestamp: number;
}

/** Methods whose answers are recorded and compared on replay. */
const READS = new Set(['eth_call', 'eth_estimateGas', 'eth_getCode', 'eth_getStorageAt', 'eth_getBalance', 'eth_getTransactionCount']);
/** Methods that change the chain's state or clock: recorded and sent again on replay. */
const STATE = new Set([
  'hardhat_impersonateAccount',
  'hardhat_stopImpersonatingAccount',
  'hardhat_setBalance',
  'hardhat_setStorageAt',
  'hardhat_setCode',
  'hardhat_setNonce',
  'hardhat_mine',
  'evm_mine',
  'evm_increaseTime',
  'evm_snapshot',
  'evm_revert',
]);

export function isRecordedMethod(method: string): boolean {
  return READS.has(method) || STATE.has(method) || method === 'eth_sendTransaction';
}

export interface CallRecorder {
  /** The provider to give the simulation: the same chain, every request recorded. */
  readonly provider: Eip1193Provider;
  /** Names the conclusion the following calls support. */
  supports(label: string): void;
  /** The calls so far, in order (finishes a transaction whose receipt nobody read yet). */
  calls(): Promise<readonly RecordedCall[]>;
  /** The block the recording started at (read once, before the first recorded call). */
  start(): Promise<StartBlock>;
}

interface Pending {
  readonly index: number;
  readonly hash: string;
}

interface RawReceipt {
  status: string;
  gasUsed: string;
  blockNumber: string;
  contractAddress?: string | null;
  logs?: readonly { address: string; topics: readonly string[]; data: string }[];
}

/** The digest of a receipt's logs: what they say, not where they were mined. */
export function logsDigest(logs: readonly { address: string; topics: readonly string[]; data: string }[]): string {
  return keccak256(
    toHex(canonicalJson(logs.map((l) => [l.address.toLowerCase(), l.topics.map((t) => t.toLowerCase()), l.data.toLowerCase()]))),
  );
}

export function recordedError(error: RpcResponseError): RecordedError {
  return { code: error.code, message: error.message, ...(error.data !== undefined && error.data !== null ? { data: error.data } : {}) };
}

export async function txOutcomeOf(chain: Eip1193Provider, hash: string): Promise<TxOutcome | null> {
  const receipt = (await chain.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as RawReceipt | null;
  if (!receipt) return null;
  const block = (await chain.request({ method: 'eth_getBlockByNumber', params: [receipt.blockNumber, false] })) as {
    timestamp: string;
  } | null;
  return {
    status: receipt.status === '0x1' ? 'success' : 'reverted',
    gasUsed: BigInt(receipt.gasUsed).toString(),
    logsDigest: logsDigest(receipt.logs ?? []),
    contractAddress: receipt.contractAddress ? receipt.contractAddress.toLowerCase() : null,
    blockTimestamp: block ? Number(BigInt(block.timestamp)) : 0,
  };
}

export async function headTimestamp(chain: Eip1193Provider): Promise<number> {
  const head = (await chain.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as { timestamp: string };
  return Number(BigInt(head.timestamp));
}

export function recordCalls(chain: Eip1193Provider): CallRecorder {
  // A slot is taken when a request is sent, so calls sent together (the chain readers batch
  // with Promise.all) keep distinct, ordered indexes; a slot whose request failed outside
  // JSON-RPC (an abort, a dead connection) stays empty and is dropped from the receipt.
  const recorded: (RecordedCall | null)[] = [];
  let label = 'setup';
  let pending: Pending | null = null;
  let startBlock: Promise<StartBlock> | null = null;
  // Requests are recorded in the order they were sent.
  const readStart = () =>
    (startBlock ??= (async () => {
      const head = (await chain.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
        number: string;
        hash: string;
        timestamp: string;
      };
      return { number: Number(BigInt(head.number)), hash: head.hash, timestamp: Number(BigInt(head.timestamp)) };
    })());

  /** A transaction's outcome is read before the next request changes the chain. */
  const settle = async () => {
    if (!pending) return;
    const { index, hash } = pending;
    pending = null;
    const tx = await txOutcomeOf(chain, hash);
    const call = recorded[index]!;
    recorded[index] = tx ? { ...call, tx } : { ...call, error: { code: -32000, message: 'the chain mined no receipt' } };
  };

  const provider: Eip1193Provider = {
    handleJsonRpc: (payload) => chain.handleJsonRpc(payload),
    async request(args: Eip1193RequestArguments) {
      const { method } = args;
      const params = [...(args.params ?? [])];
      if (!isRecordedMethod(method)) return chain.request(args);
      await readStart();
      await settle();
      const index = recorded.length;
      const base = { index, supports: label, method, params };
      recorded.push(null);
      try {
        const result = await chain.request({ method, params });
        if (method === 'eth_sendTransaction') {
          recorded[index] = base;
          pending = { index, hash: String(result) };
        } else if (method === 'hardhat_mine' || method === 'evm_mine') {
          recorded[index] = { ...base, result, minedTimestamp: await headTimestamp(chain) };
        } else recorded[index] = { ...base, result };
        return result;
      } catch (error) {
        if (error instanceof RpcResponseError) recorded[index] = { ...base, error: recordedError(error) };
        throw error;
      }
    },
  };

  return {
    provider,
    supports(next) {
      label = next;
    },
    async calls() {
      await settle();
      // Numbered by position once the empty slots are gone: a step's index is its place in the receipt.
      return recorded
        .filter((call): call is RecordedCall => call !== null)
        .map((call, index) => (call.index === index ? call : { ...call, index }));
    },
    start: readStart,
  };
}
