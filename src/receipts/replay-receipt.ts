/**
 * The replay half of `scopeward verify` (issue 33): rebuild the chain state a receipt
 * starts from, send its calls again in order, and compare each outcome with the recorded
 * one. Fork and snapshot receipts replay on a fork of the recorded block (its hash must
 * match); source receipts on a fresh chain with the same DEX and clock. The answer is
 * "reproduced", the first step that differs and how, or why it cannot be replayed.
 *
 * Bounded: every call's gas is capped (a receipt asking for more is refused before it is
 * sent) and the whole replay has a wall-clock cap checked around every request.
 */
import { numberToHex } from 'viem';
import { createEdrProvider, RpcResponseError, type Eip1193Provider } from '../devnet/edr-provider.ts';
import { deployDexChain } from '../simulate/deploy-dex.ts';
import { canonicalJson } from './canonical-json.ts';
import { isRecordedMethod, recordedError, txOutcomeOf, type RecordedCall, type TxOutcome } from './call-recorder.ts';
import type { Receipt } from './receipt.ts';

export type ReplayOutcome =
  | { readonly status: 'reproduced'; readonly calls: number; readonly durationMs: number }
  | {
      readonly status: 'differs';
      readonly step: number;
      readonly method: string;
      readonly supports: string;
      /** What differs, in words ("gas used 51234, the receipt says 51200"). */
      readonly how: string;
      readonly durationMs: number;
    }
  | { readonly status: 'cannot replay'; readonly reason: string; readonly durationMs: number };

/**
 * Where fork and snapshot receipts are replayed: a JSON-RPC URL serving the recorded block
 * (forked in process), or a chain of the caller's own whose head is the recorded block
 * (a freshly started devnet: it is rebuilt identically, so its head hash is the same).
 */
export type ReplaySource = { readonly rpcUrl?: string } | { readonly provider: Eip1193Provider };

export interface ReplayOptions {
  /** Wall-clock cap of the whole replay (default 30 s). */
  readonly timeoutMs?: number;
  /** Largest gas limit a replayed call may ask for (default 30,000,000: the simulation's deployments). */
  readonly maxGas?: bigint;
}

export const DEFAULT_REPLAY_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_GAS = 30_000_000n;

const CLOCK_METHODS = new Set(['hardhat_mine', 'evm_mine', 'evm_increaseTime']);

class ReplayStop extends Error {
  override readonly name = 'ReplayStop';
}

/** Resolves with `work` or throws ReplayStop once `deadline` (performance.now() ms) passes. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, what: string): Promise<T> {
  const left = deadline - performance.now();
  if (left <= 0) throw new ReplayStop(`time cap reached before ${what}`);
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReplayStop(`time cap reached during ${what}`)), left);
  });
  try {
    return await Promise.race([work, cap]);
  } finally {
    clearTimeout(timer);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The chain a receipt's calls start on, or why none can be had. */
async function openChain(receipt: Receipt, source: ReplaySource, deadline: number): Promise<Eip1193Provider | string> {
  const env = receipt.environment;
  if (env.mode === 'local') {
    const chain = await beforeDeadline(deployDexChain({ genesisTimestamp: env.chain.genesisTimestamp }), deadline, 'building the chain');
    const same = (['deployer', 'weth', 'factory', 'router'] as const).every((k) => chain[k].toLowerCase() === env.chain[k].toLowerCase());
    if (!same) return 'cannot replay: the simulation chain deploys its DEX at other addresses than the receipt names';
    return chain.provider;
  }
  if ('provider' in source) {
    const head = (await beforeDeadline(
      source.provider.request({ method: 'eth_getBlockByNumber', params: ['latest', false] }),
      deadline,
      'reading the head',
    )) as { number: string; hash: string };
    if (Number(BigInt(head.number)) !== env.block.number || head.hash.toLowerCase() !== env.block.hash.toLowerCase())
      return `cannot replay: block not available at this RPC (its head is block ${Number(BigInt(head.number))} ${head.hash}, the receipt's block is ${env.block.number} ${env.block.hash})`;
    return source.provider;
  }
  if (!source.rpcUrl)
    return `cannot replay: a ${env.mode} receipt of ${env.network} needs an RPC serving block ${env.block.number} (--rpc URL)`;
  // Asked first, with a plain request: EDR would keep retrying a node that does not answer
  // in the background, long after the replay said it cannot run.
  const problem = await remoteBlockProblem(source.rpcUrl, env.block, deadline);
  if (problem) return `cannot replay: block not available at this RPC (${problem})`;
  let chain: Eip1193Provider;
  try {
    chain = await beforeDeadline(
      createEdrProvider({
        chainId: env.chainId,
        fork: { url: source.rpcUrl, blockNumber: BigInt(env.block.number), remoteChainId: env.chainId },
      }),
      deadline,
      'forking the RPC',
    );
  } catch (error) {
    if (error instanceof ReplayStop) return `cannot replay: block not available at this RPC (${error.message})`;
    return `cannot replay: block not available at this RPC (${describe(error)})`;
  }
  const block = (await beforeDeadline(
    chain.request({ method: 'eth_getBlockByNumber', params: [numberToHex(env.block.number), false] }),
    deadline,
    'reading the block',
  ).catch(() => null)) as { hash?: string } | null;
  if (!block?.hash) return 'cannot replay: block not available at this RPC';
  if (block.hash.toLowerCase() !== env.block.hash.toLowerCase())
    return `cannot replay: block not available at this RPC (block ${env.block.number} there is ${block.hash}, the receipt's is ${env.block.hash})`;
  return chain;
}

/** Why `url` cannot serve `block` (no answer, no such block, another hash), or null when it can. */
async function remoteBlockProblem(url: string, block: { number: number; hash: string }, deadline: number): Promise<string | null> {
  const wait = Math.max(1, Math.min(10_000, deadline - performance.now()));
  let answer: { result?: { hash?: string } | null; error?: { message?: string } };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [numberToHex(block.number), false] }),
      signal: AbortSignal.timeout(wait),
    });
    if (!response.ok) return `HTTP ${response.status}`;
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    return describe(error);
  }
  if (answer.error) return answer.error.message ?? 'the node answered an error';
  const hash = answer.result?.hash;
  if (!hash) return `it has no block ${block.number}`;
  if (hash.toLowerCase() !== block.hash.toLowerCase()) return `block ${block.number} there is ${hash}, the receipt's is ${block.hash}`;
  return null;
}

/** The gas a call asks for, when it names one. */
function gasOf(call: RecordedCall): bigint | null {
  const first = call.params[0] as { gas?: unknown } | undefined;
  if (typeof first !== 'object' || first === null || typeof first.gas !== 'string') return null;
  try {
    return BigInt(first.gas);
  } catch {
    return null;
  }
}

function compareTx(recorded: TxOutcome, actual: TxOutcome): string | null {
  if (recorded.status !== actual.status)
    return `the transaction ${actual.status === 'success' ? 'succeeded' : 'reverted'}, the receipt says it ${recorded.status === 'success' ? 'succeeded' : 'reverted'}`;
  if (recorded.gasUsed !== actual.gasUsed) return `gas used ${actual.gasUsed}, the receipt says ${recorded.gasUsed}`;
  if (recorded.logsDigest !== actual.logsDigest)
    return `the logs differ (digest ${actual.logsDigest}, the receipt says ${recorded.logsDigest})`;
  if (recorded.contractAddress !== actual.contractAddress)
    return `the contract was created at ${String(actual.contractAddress)}, the receipt says ${String(recorded.contractAddress)}`;
  return null;
}

const short = (value: unknown) => {
  const text = canonicalJson(value ?? null);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** Sets the time of the next block to the recorded one; a chain already past it cannot run the call as it ran. */
async function pinClock(chain: Eip1193Provider, timestamp: number): Promise<string | null> {
  try {
    await chain.request({ method: 'evm_setNextBlockTimestamp', params: [numberToHex(timestamp)] });
    return null;
  } catch (error) {
    return `the chain's clock is past the recorded block time ${timestamp} (${describe(error)})`;
  }
}

async function replayOne(
  chain: Eip1193Provider,
  call: RecordedCall,
  snapshots: Map<string, unknown>,
  deadline: number,
): Promise<string | null> {
  let params: unknown[] = [...call.params];
  if (call.method === 'evm_revert') params = [snapshots.get(String(params[0])) ?? params[0]];
  if (call.method === 'eth_sendTransaction' && call.tx) {
    const problem = await pinClock(chain, call.tx.blockTimestamp);
    if (problem) return problem;
  }
  if (call.method === 'hardhat_mine' && call.minedTimestamp !== undefined) {
    const blocks = Number(BigInt(String(params[0] ?? '0x1')));
    const interval = Number(BigInt(String(params[1] ?? '0x1')));
    const problem = await pinClock(chain, call.minedTimestamp - Math.max(0, blocks - 1) * interval);
    if (problem) return problem;
  }
  if (call.method === 'evm_mine' && call.minedTimestamp !== undefined) {
    const problem = await pinClock(chain, call.minedTimestamp);
    if (problem) return problem;
  }
  let result: unknown;
  try {
    result = await beforeDeadline(chain.request({ method: call.method, params }), deadline, `step ${call.index} (${call.method})`);
  } catch (error) {
    if (!(error instanceof RpcResponseError)) throw error;
    const actual = recordedError(error);
    if (!call.error) return `the node answered an error (${actual.message}), the receipt has an answer`;
    if (actual.code !== call.error.code || canonicalJson(actual.data ?? null) !== canonicalJson(call.error.data ?? null))
      return `the node's error is ${short(actual)}, the receipt's is ${short(call.error)}`;
    return null;
  }
  if (call.error) return `the node answered ${short(result)}, the receipt has the error ${short(call.error)}`;
  if (call.method === 'evm_snapshot') {
    snapshots.set(String(call.result), result);
    return null;
  }
  if (call.method === 'eth_sendTransaction') {
    const actual = await beforeDeadline(txOutcomeOf(chain, String(result)), deadline, `step ${call.index} (its receipt)`);
    if (!actual) return 'the chain mined no receipt for the transaction';
    if (!call.tx) return 'the receipt records no outcome for this transaction';
    return compareTx(call.tx, actual);
  }
  // Clock moves answer with offsets from this machine's wall clock (the blocks' times are pinned instead);
  // everything else must match.
  if (CLOCK_METHODS.has(call.method)) return null;
  // A gas estimate is the node's search for a limit that passes: it moves with the pending
  // block's time (reads are not pinned like mined blocks) and differs between node
  // implementations for the same state. What it witnesses, that the call would pass or
  // revert, was compared above (a revert is an error answer).
  if (call.method === 'eth_estimateGas') return null;
  if (canonicalJson(result ?? null) !== canonicalJson(call.result ?? null))
    return `the answer is ${short(result)}, the receipt says ${short(call.result)}`;
  return null;
}

/** Replays a receipt whose signature was checked (verify-signature.ts). */
export async function replayReceipt(receipt: Receipt, source: ReplaySource, options: ReplayOptions = {}): Promise<ReplayOutcome> {
  const started = performance.now();
  const deadline = started + (options.timeoutMs ?? DEFAULT_REPLAY_TIMEOUT_MS);
  const maxGas = options.maxGas ?? DEFAULT_MAX_GAS;
  const elapsed = () => Math.round(performance.now() - started);
  for (const call of receipt.calls) {
    if (!isRecordedMethod(call.method))
      return {
        status: 'cannot replay',
        reason: `step ${call.index} asks ${call.method}, which a replay does not send`,
        durationMs: elapsed(),
      };
    const gas = gasOf(call);
    if (gas !== null && gas > maxGas)
      return {
        status: 'cannot replay',
        reason: `step ${call.index} asks for ${gas} gas, more than a replay allows (${maxGas})`,
        durationMs: elapsed(),
      };
  }
  let current: RecordedCall | undefined;
  try {
    const chain = await openChain(receipt, source, deadline);
    if (typeof chain === 'string') return { status: 'cannot replay', reason: chain, durationMs: elapsed() };
    const snapshots = new Map<string, unknown>();
    for (const call of receipt.calls) {
      current = call;
      const how = await replayOne(chain, call, snapshots, deadline);
      if (how) return { status: 'differs', step: call.index, method: call.method, supports: call.supports, how, durationMs: elapsed() };
    }
    return { status: 'reproduced', calls: receipt.calls.length, durationMs: elapsed() };
  } catch (error) {
    if (error instanceof ReplayStop)
      return {
        status: 'cannot replay',
        reason: `${error.message}${current ? ` (${current.supports})` : ''}: the replay's cap is ${options.timeoutMs ?? DEFAULT_REPLAY_TIMEOUT_MS} ms`,
        durationMs: elapsed(),
      };
    return {
      status: 'cannot replay',
      reason: `the replay failed${current ? ` at step ${current.index}` : ''}: ${describe(error)}`,
      durationMs: elapsed(),
    };
  }
}
