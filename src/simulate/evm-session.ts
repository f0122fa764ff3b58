/**
 * Transactions and reads on an in-process chain for one simulation: fresh impersonated
 * accounts, each transaction capped in gas, reverts decoded into reasons, and a count of
 * requests. Every step goes through here so the wall-clock cap can stop a simulation
 * between two requests.
 */
import { decodeFunctionResult, encodeFunctionData, keccak256, numberToHex, toHex, type Abi, type Address, type Hex } from 'viem';
import { RpcResponseError, type Eip1193Provider } from '../devnet/edr-provider.ts';
import { isRevertData, revertReason } from './revert-reason.ts';
import { SimulationError } from './simulation-error.ts';

export interface TxOutcome {
  readonly ok: boolean;
  readonly hash: Hex | null;
  readonly gasUsed: number;
  readonly reason: string;
  readonly revertData?: Hex;
}

export interface TxRequest {
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly value?: bigint;
}

interface Receipt {
  status: Hex;
  gasUsed: Hex;
  blockNumber: Hex;
}

/** Thrown between requests once the simulation's wall-clock cap has passed. */
export class SimulationAborted extends Error {
  override readonly name = 'SimulationAborted';
}

export class EvmSession {
  /** JSON-RPC requests sent to the in-process chain. */
  requests = 0;
  aborted = false;
  /** Names the conclusion the next calls support in the run's recording (issue 33; absent: not recorded). */
  label: (conclusion: string) => void = () => {};
  private accountCounter = 0;
  private readonly seed: string;

  constructor(
    private readonly provider: Eip1193Provider,
    /** Gas cap of each simulated transaction: bounds infinite loops and gas bombs. */
    readonly gasCap: bigint,
    /** Names the fresh accounts; passes of one fork simulation share it so they read the same slots. */
    seed?: string,
  ) {
    this.seed = seed ?? `${Date.now()}-${Math.random()}`;
  }

  async rpc<T>(method: string, params: readonly unknown[] = []): Promise<T> {
    if (this.aborted) throw new SimulationAborted('simulation stopped at its wall-clock cap');
    this.requests += 1;
    return (await this.provider.request({ method, params })) as T;
  }

  /** A fresh address (never used on any chain) the node signs for, funded with `balance` wei. */
  async freshAccount(balance: bigint = 10n ** 24n): Promise<Address> {
    this.accountCounter += 1;
    const address = freshAddress(this.seed, this.accountCounter);
    await this.impersonate(address, balance);
    return address;
  }

  async impersonate(address: Address, balance?: bigint): Promise<void> {
    await this.rpc('hardhat_impersonateAccount', [address]);
    if (balance !== undefined) await this.rpc('hardhat_setBalance', [address, numberToHex(balance)]);
  }

  async send(tx: TxRequest): Promise<TxOutcome> {
    const params = { from: tx.from, to: tx.to, data: tx.data, value: numberToHex(tx.value ?? 0n), gas: numberToHex(this.gasCap) };
    let hash: Hex;
    try {
      hash = await this.rpc<Hex>('eth_sendTransaction', [params]);
    } catch (error) {
      // Nodes that refuse a failing transaction outright (bail on failure) say why here.
      if (error instanceof RpcResponseError) return { ok: false, hash: null, gasUsed: 0, ...reasonOf(error) };
      throw error;
    }
    const receipt = await this.rpc<Receipt | null>('eth_getTransactionReceipt', [hash]);
    if (!receipt) throw new SimulationError('UNCAUGHT_ERROR', 'the chain mined no receipt for a simulated transaction', { hash });
    const gasUsed = Number(BigInt(receipt.gasUsed));
    if (receipt.status === '0x1') return { ok: true, hash, gasUsed, reason: '' };
    // Near the cap means out of gas (a call keeps 1/64 of its gas back): no replay, it would burn the cap again.
    if (BigInt(gasUsed) * 100n >= this.gasCap * 95n)
      return { ok: false, hash, gasUsed, reason: `out of gas (used ${gasUsed} of the step's cap of ${this.gasCap} gas)` };
    // Replay on the parent block (one transaction per block under automine) for the reason.
    const parent = numberToHex(BigInt(receipt.blockNumber) - 1n);
    try {
      const data = await this.rpc<Hex>('eth_call', [params, parent]);
      return { ok: false, hash, gasUsed, reason: revertReason(data), revertData: data };
    } catch (error) {
      if (error instanceof RpcResponseError) return { ok: false, hash, gasUsed, ...reasonOf(error) };
      throw error;
    }
  }

  /** Sends an encoded call; the outcome says whether it reverted. */
  async sendCall(
    from: Address,
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ): Promise<TxOutcome & { data: Hex }> {
    const data = encodeFunctionData({ abi, functionName, args });
    return { ...(await this.send({ from, to, data, ...(value !== undefined ? { value } : {}) })), data };
  }

  /** Whether a call would succeed now, without changing state (eth_estimateGas fails on revert). */
  async probe(tx: TxRequest): Promise<{ ok: boolean; reason: string }> {
    const params = { from: tx.from, to: tx.to, data: tx.data, value: numberToHex(tx.value ?? 0n), gas: numberToHex(this.gasCap) };
    try {
      await this.rpc('eth_estimateGas', [params]);
      return { ok: true, reason: '' };
    } catch (error) {
      if (error instanceof RpcResponseError) return { ok: false, ...reasonOf(error) };
      throw error;
    }
  }

  /** A read-only call decoded with `abi`; throws SimulationError(code) when it reverts or returns garbage. */
  async read<T>(
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    code: ConstructorParameters<typeof SimulationError>[0],
    from?: Address,
  ): Promise<T> {
    const data = encodeFunctionData({ abi, functionName, args });
    let out: Hex;
    try {
      out = await this.rpc<Hex>('eth_call', [{ to, data, ...(from ? { from } : {}), gas: numberToHex(this.gasCap) }, 'latest']);
    } catch (error) {
      if (error instanceof RpcResponseError)
        throw new SimulationError(code, `${functionName} reverted: ${reasonOf(error).reason}`, { to }, { cause: error });
      throw error;
    }
    // EDR answers a reverted eth_call with the revert data as its result.
    if (isRevertData(out)) throw new SimulationError(code, `${functionName} reverted: ${revertReason(out)}`, { to, revertData: out });
    try {
      return decodeFunctionResult({ abi, functionName, data: out }) as T;
    } catch (cause) {
      throw new SimulationError(
        code,
        `${functionName} returned no valid answer (${out.length > 66 ? `${out.slice(0, 66)}…` : out})`,
        { to },
        { cause },
      );
    }
  }

  async code(address: Address): Promise<Hex> {
    return this.rpc<Hex>('eth_getCode', [address, 'latest']);
  }

  /** Mines `blocks` blocks spread over `seconds` seconds (cooldowns count either). */
  async mine(blocks: number, seconds: number): Promise<void> {
    await this.rpc('hardhat_mine', [numberToHex(blocks), numberToHex(Math.max(1, Math.floor(seconds / Math.max(1, blocks))))]);
  }

  async snapshot(): Promise<Hex> {
    return this.rpc<Hex>('evm_snapshot');
  }

  async revert(id: Hex): Promise<void> {
    const ok = await this.rpc<boolean>('evm_revert', [id]);
    if (!ok) throw new SimulationError('UNCAUGHT_ERROR', 'the chain refused to revert to a snapshot', { id });
  }
}

/** The `n`th fresh account of a session seeded with `seed` (n from 1): fork prefetches read them ahead. */
export function freshAddress(seed: string, n: number): Address {
  return `0x${keccak256(toHex(`scopeward simulate ${seed} ${n}`)).slice(26)}` as Address;
}

function reasonOf(error: RpcResponseError): { reason: string; revertData?: Hex } {
  const data = (error.data as { data?: unknown } | null)?.data;
  if (typeof data === 'string' && data.startsWith('0x') && data.length > 2)
    return { reason: revertReason(data as Hex), revertData: data as Hex };
  const message = error.message.replace(/^reverted with reason string /, '').replace(/^'(.*)'$/, '$1');
  return { reason: message };
}
