/**
 * The in-process EVM (Hardhat's EDR, Rust through prebuilt napi binaries) behind a small
 * EIP-1193 `request({ method, params })` interface of our own.
 *
 * EDR's provider config is internal and changes between versions (we pin 0.13.0), so
 * nothing outside this file touches it. A local chain and a fork of a remote RPC are
 * both created here: `createEdrProvider({ fork: { url, blockNumber } })` gives the
 * honeypot simulator a forked chain with the same interface.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import edr from '@nomicfoundation/edr';
import type { Provider, ProviderConfig } from '@nomicfoundation/edr';
import { privateKeyToAddress } from 'viem/accounts';
import { hexToBytes } from 'viem';

export interface Eip1193RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | undefined;
}

/** The EIP-1193 surface every in-process chain offers (EDR now, ethereumjs as a fallback). */
export interface Eip1193Provider {
  /** Resolves with the JSON-RPC `result`; rejects with an `RpcResponseError` carrying code and data. */
  request(args: Eip1193RequestArguments): Promise<unknown>;
  /** Answers a raw JSON-RPC request object or batch array exactly as a node would. */
  handleJsonRpc(payload: unknown): Promise<unknown>;
}

export interface ForkOptions {
  readonly url: string;
  readonly blockNumber?: bigint;
  /** Where EDR caches remote responses (speeds up repeated forks of the same block). */
  readonly cacheDir?: string;
  /**
   * Chain id of the remote node. EDR knows the hardfork history of a few chains only;
   * for this id it is told that every block runs under the latest hardfork, so a fork of
   * any other chain (BSC, the devnet) can execute at the fork block.
   */
  readonly remoteChainId?: number;
}

export interface CreateEdrProviderOptions {
  readonly chainId?: number;
  /** Private keys (0x-hex) of accounts the node signs for (`eth_sendTransaction`). */
  readonly accounts?: readonly string[];
  /** Balance given to each account at genesis (local chains only), in wei. */
  readonly accountBalance?: bigint;
  /** Seconds since the epoch of the genesis block; fixed so a rebuild is identical. */
  readonly genesisTime?: number;
  readonly fork?: ForkOptions;
  readonly blockGasLimit?: bigint;
  /** Lift EIP-170's 24 KB code limit (source simulations compile without the optimizer). */
  readonly allowUnlimitedContractSize?: boolean;
}

/** A JSON-RPC error answered by the node (revert, unknown method, bad params). */
export class RpcResponseError extends Error {
  override readonly name = 'RpcResponseError';
  readonly code: number;
  readonly data: unknown;
  constructor(message: string, code: number, data: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

const {
  EdrContext,
  L1_CHAIN_TYPE,
  l1ProviderFactory,
  l1GenesisState,
  l1HardforkLatest,
  l1HardforkToString,
  MineOrdering,
  ContractDecoder,
} = edr;

// EdrContext "should only be called once" per process: share it between providers.
let contextPromise: Promise<InstanceType<typeof EdrContext>> | undefined;
function edrContext(): Promise<InstanceType<typeof EdrContext>> {
  contextPromise ??= (async () => {
    const context = new EdrContext();
    await context.registerProviderFactory(L1_CHAIN_TYPE, l1ProviderFactory());
    return context;
  })();
  return contextPromise;
}

function providerConfig(options: CreateEdrProviderOptions): ProviderConfig {
  const hardfork = l1HardforkLatest();
  const chainId = BigInt(options.chainId ?? 31337);
  const blockGasLimit = options.blockGasLimit ?? 60_000_000n;
  const accounts = options.accounts ?? [];
  const genesisState = [
    ...l1GenesisState(hardfork),
    ...accounts.map((key) => ({
      address: hexToBytes(privateKeyToAddress(key as `0x${string}`)),
      balance: options.accountBalance ?? 10n ** 24n,
    })),
  ];
  return {
    allowBlocksWithSameTimestamp: true,
    allowUnlimitedContractSize: options.allowUnlimitedContractSize ?? false,
    bailOnCallFailure: false,
    bailOnTransactionFailure: false,
    chainId,
    coinbase: new Uint8Array(20),
    defaultTransactionGasLimit: 30_000_000n,
    genesisState: options.fork ? [] : genesisState,
    hardfork: l1HardforkToString(hardfork),
    initialBaseFeePerGas: 1_000_000_000n,
    minGasPrice: 0n,
    mining: { autoMine: true, blockGasLimit, memPool: { order: MineOrdering.Priority } },
    network: options.fork
      ? {
          url: options.fork.url,
          ...(options.fork.blockNumber !== undefined ? { blockNumber: options.fork.blockNumber } : {}),
          // EDR's own default is ./edr-cache in the working directory: keep it out of checkouts.
          cacheDir: options.fork.cacheDir ?? join(tmpdir(), 'scopeward-edr-cache'),
          ...(options.fork.remoteChainId !== undefined
            ? {
                chainOverrides: [
                  {
                    chainId: BigInt(options.fork.remoteChainId),
                    name: `chain ${options.fork.remoteChainId}`,
                    hardforkActivationOverrides: [{ condition: { blockNumber: 0n }, hardfork: l1HardforkToString(hardfork) }],
                  },
                ],
              }
            : {}),
        }
      : {
          genesisBlockGasLimit: blockGasLimit,
          ...(options.genesisTime !== undefined ? { genesisBlockTime: BigInt(options.genesisTime) } : {}),
        },
    networkId: chainId,
    observability: {},
    ownedAccounts: [...accounts],
    precompileOverrides: [],
    // The latest hardfork caps a transaction at 16,777,216 gas (EIP-7825); deployments of
    // large contracts and simulations of gas-hungry tokens need more.
    transactionGasCap: false,
  };
}

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

function invalidRequest(id: unknown, message: string): object {
  return { jsonrpc: '2.0', id: id ?? null, error: { code: -32600, message } };
}

/** Wraps a created EDR provider; exported for tests of the wrapper itself. */
export function wrapEdrProvider(provider: Provider): Eip1193Provider {
  async function handleOne(request: unknown): Promise<object> {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) return invalidRequest(null, 'Invalid request');
    const { id, method, params } = request as JsonRpcRequest;
    if (typeof method !== 'string') return invalidRequest(id, 'Invalid request: method must be a string');
    if (params !== undefined && !Array.isArray(params)) return invalidRequest(id, 'Invalid request: params must be an array');
    const response = await provider.handleRequest(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }));
    const data: unknown = typeof response.data === 'string' ? JSON.parse(response.data) : response.data;
    // EDR answers `{result}` or `{error}` without jsonrpc/id; put them back.
    const body = (typeof data === 'object' && data !== null ? data : { result: data }) as { result?: unknown; error?: unknown };
    return 'error' in body && body.error !== undefined
      ? { jsonrpc: '2.0', id: id ?? null, error: body.error }
      : { jsonrpc: '2.0', id: id ?? null, result: body.result ?? null };
  }

  async function handleJsonRpc(payload: unknown): Promise<unknown> {
    if (Array.isArray(payload)) {
      if (payload.length === 0) return invalidRequest(null, 'Invalid request: empty batch');
      // EDR answers a batch as one request; answer each in order, as a node does.
      const out: object[] = [];
      for (const item of payload) out.push(await handleOne(item));
      return out;
    }
    return handleOne(payload);
  }

  return {
    handleJsonRpc,
    async request({ method, params }) {
      const response = (await handleOne({ jsonrpc: '2.0', id: 1, method, params: params ?? [] })) as {
        result?: unknown;
        error?: { code?: number; message?: string; data?: unknown };
      };
      if (response.error) {
        const { code, message, data } = response.error;
        throw new RpcResponseError(message ?? 'JSON-RPC error', code ?? -32603, data);
      }
      return response.result;
    },
  };
}

/**
 * Creates an in-process EVM. Local by default; with `fork` it forks a remote JSON-RPC
 * endpoint at `fork.blockNumber` (latest safe block when omitted).
 *
 * @example
 * const chain = await createEdrProvider({ fork: { url: 'https://bsc-dataseed.bnbchain.org', blockNumber: 45_000_000n } });
 * await chain.request({ method: 'hardhat_impersonateAccount', params: [holder] });
 */
export async function createEdrProvider(options: CreateEdrProviderOptions = {}): Promise<Eip1193Provider> {
  const context = await edrContext();
  const provider = await context.createProvider(
    L1_CHAIN_TYPE,
    providerConfig(options),
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );
  return wrapEdrProvider(provider);
}
