/**
 * The embedded devnet: an in-process EVM (EDR) with WETH, Uniswap V2, Multicall3,
 * lockers and the sample tokens deployed at deterministic addresses.
 *
 * State is rebuilt identically at each start (fixed keys, fixed timestamps), which is
 * how it "survives" a restart; the compiled artifacts are cached under DATA_DIR.
 */
import { join } from 'node:path';
import type { Address } from 'viem';
import { DEVNET_ACCOUNTS, DEVNET_CHAIN_ID, DEVNET_GENESIS_TIME } from './accounts.ts';
import { compileContracts } from './compile-contracts.ts';
import { deployDevnet, type DevnetContracts, type DevnetFixtures, type DeployedContract } from './deploy-devnet.ts';
import { createDevnetSourceProvider } from './devnet-sources.ts';
import { createEdrProvider, type Eip1193Provider } from './edr-provider.ts';
import type { SampleToken } from './sample-tokens.ts';
import { handleOwnerActions } from './owner-actions.ts';
import type { VerifiedSourceProvider } from '../chain/verified-source.ts';

export type { SampleToken } from './sample-tokens.ts';
export type { DevnetContracts, DevnetFixtures } from './deploy-devnet.ts';

export interface DevnetLogger {
  info(obj: object, msg?: string): void;
}

export interface StartDevnetOptions {
  /** Where compiled artifacts are cached (DATA_DIR); default `./data`. */
  readonly dataDir?: string;
  readonly logger?: DevnetLogger;
}

export interface Devnet {
  readonly chainId: number;
  /** Answers a raw JSON-RPC request object or batch array exactly as a node would. */
  request(payload: unknown): Promise<unknown>;
  /** The EIP-1193 provider behind `request`. */
  readonly provider: Eip1193Provider;
  readonly tokens: readonly SampleToken[];
  readonly contracts: DevnetContracts;
  /** Extra contracts for readers' edge cases: bytes32 token, beacon/UUPS/minimal proxies, a self-destructed address. */
  readonly fixtures: DevnetFixtures;
  /** Every contract deployed at start, with its name. */
  readonly deployed: readonly DeployedContract[];
  /** Verified sources of what the devnet deployed (not the `unverified` token). */
  readonly verifiedSources: VerifiedSourceProvider;
  /** Test accounts (fixed keys) and their addresses. */
  readonly accounts: typeof DEVNET_ACCOUNTS;
  /** Milliseconds the start took, split into compile (or cache read) and deploy. */
  readonly startup: { readonly compileMs: number; readonly deployMs: number; readonly compiled: boolean };
  close(): Promise<void>;
}

/**
 * Starts the devnet in this process.
 *
 * @example
 * const devnet = await startDevnet({ dataDir: './data' });
 * await devnet.request({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const t0 = performance.now();
  const compiled = await compileContracts({ cacheDir: join(options.dataDir ?? './data', 'devnet') });
  const t1 = performance.now();
  const provider = await createEdrProvider({
    chainId: DEVNET_CHAIN_ID,
    accounts: Object.values(DEVNET_ACCOUNTS).map((a) => a.privateKey),
    genesisTime: DEVNET_GENESIS_TIME,
  });
  const state = await deployDevnet(provider, compiled);
  const t2 = performance.now();
  let closed = false;
  const ownerActions = { provider, tokens: state.tokens, contracts: state.contracts };
  const startup = { compileMs: Math.round(t1 - t0), deployMs: Math.round(t2 - t1), compiled: compiled.compiled };
  options.logger?.info(
    { chainId: DEVNET_CHAIN_ID, contracts: state.contracts, tokens: state.tokens, blockNumber: Number(state.blockNumber), ...startup },
    'devnet started',
  );
  return {
    chainId: DEVNET_CHAIN_ID,
    provider,
    async request(payload) {
      if (closed) throw new Error('devnet is closed');
      // `scopeward_act` (an owner action on a sample token) is answered here; the rest by EDR.
      return handleOwnerActions(ownerActions, payload, (rest) => provider.handleJsonRpc(rest));
    },
    tokens: state.tokens,
    contracts: state.contracts,
    fixtures: state.fixtures,
    deployed: state.deployed,
    verifiedSources: createDevnetSourceProvider(compiled, state.deployed),
    accounts: DEVNET_ACCOUNTS,
    startup,
    async close() {
      // EDR frees its native state when the provider is garbage collected; refuse
      // further requests so callers see a clear error rather than a stale chain.
      closed = true;
    },
  };
}

/** The sample token with one behaviour (throws when the devnet has none). */
export function sampleToken(devnet: Pick<Devnet, 'tokens'>, behaviour: SampleToken['behaviour']): SampleToken {
  const token = devnet.tokens.find((t) => t.behaviour === behaviour);
  if (!token) throw new Error(`devnet has no ${behaviour} token`);
  return token;
}

export type { Address };
