/**
 * Everything the readers know about one address, gathered with few round trips: the
 * first round trip carries code, proxy slots, token metadata, owner, dead balances and
 * pool discovery together (JSON-RPC batching plus Multicall3); creation, holders and
 * lockers follow. A reader that fails is recorded in `errors` and the others still answer.
 */
import { formatUnits, getAddress, isAddress, keccak256, type Address, type Hex } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { ChainError, toChainError } from './chain-errors.ts';
import { getContractCreation, type ContractCreation, type CreationLookup } from './get-contract-creation.ts';
import { decodeDeadAmount, deadAmountCalls, type GetDeadAmountReturnType } from './get-dead-amount.ts';
import { getHolders, type GetHoldersReturnType } from './get-holders.ts';
import { getLockers, type LockRecord } from './get-lockers.ts';
import { decodeOwner, ownerCalls, OZ_OWNABLE_STORAGE_SLOT, type GetOwnerReturnType } from './get-owner.ts';
import { getPools, type GetPoolsReturnType } from './get-pools.ts';
import { getProxyTarget, type GetProxyTargetReturnType } from './get-proxy-target.ts';
import { decodeTokenMetadata, tokenMetadataCalls, type GetTokenMetadataReturnType } from './get-token-metadata.ts';
import { readMany } from './read-many.ts';
import type { VerifiedSource, VerifiedSourceProvider } from './verified-source.ts';

/** The spec's contract object (auditLayout.contract). */
export interface ContractObject {
  updatedAt: string;
  network: string;
  address: string;
  contractName: string;
  contractVersion: string;
  runs: string;
  licenseType: string;
  proxy: boolean;
  unverified: boolean;
  renounced: boolean;
  contractOwner: string;
  decimals: number;
  deadAmount: number;
  symbol: string;
  totalSupply: number;
  error: string;
  commonAddresses: string[];
  poolExplorerUrl: string;
  poolExplorerUrlUpdatedAt: string;
}

export interface VerifiedSourceSummary {
  readonly provider: string;
  readonly contractName: string;
  readonly compilerVersion: string;
  readonly optimizer: { readonly enabled: boolean; readonly runs: number };
  readonly license: string;
  readonly files: readonly string[];
}

export interface ContractContext {
  readonly network: string;
  readonly address: Address;
  /** `no-code`: an account, a self-destructed contract or nothing deployed yet. */
  readonly kind: 'contract' | 'no-code';
  readonly codeSize: number;
  readonly codeHash: Hex | null;
  /** The runtime bytecode (null without code), for selector extraction. */
  readonly code: Hex | null;
  readonly blockNumber: bigint;
  readonly contract: ContractObject;
  readonly token: GetTokenMetadataReturnType | null;
  readonly proxy: GetProxyTargetReturnType | null;
  readonly owner: GetOwnerReturnType | null;
  readonly deadAmount: GetDeadAmountReturnType | null;
  readonly pools: GetPoolsReturnType | null;
  readonly holders: GetHoldersReturnType | null;
  readonly lockers: readonly LockRecord[] | null;
  readonly creation: ContractCreation | null;
  readonly verifiedSource: VerifiedSourceSummary | null;
  /** The implementation's verified source, for proxies. */
  readonly implementationSource: VerifiedSourceSummary | null;
  /** Full verified sources (address, then implementation) for the analysis engine. */
  readonly sources: { readonly contract: VerifiedSource | null; readonly implementation: VerifiedSource | null };
  /** Reader name -> error message, for readers that failed. */
  readonly errors: Readonly<Record<string, string>>;
  /** HTTP round trips and JSON-RPC calls this read took. */
  readonly rpc: { readonly requests: number; readonly calls: number };
}

export interface ReadContractContextParameters {
  readonly address: string;
  /** Defaults to the client's network. */
  readonly network?: string;
  readonly sourceProviders?: readonly VerifiedSourceProvider[];
  readonly explorer?: CreationLookup;
  readonly topHolders?: number;
}

async function firstSource(
  providers: readonly VerifiedSourceProvider[],
  network: string,
  address: string,
  errors: Record<string, string>,
): Promise<VerifiedSource | null> {
  for (const provider of providers) {
    try {
      const source = await provider.getSource(network, address);
      if (source) return source;
    } catch (error) {
      errors[`source:${provider.name}`] = error instanceof Error ? error.message : String(error);
    }
  }
  return null;
}

function summary(source: VerifiedSource | null): VerifiedSourceSummary | null {
  return source
    ? {
        provider: source.provider,
        contractName: source.contractName,
        compilerVersion: source.compilerVersion,
        optimizer: source.optimizer,
        license: source.license,
        files: Object.keys(source.sources),
      }
    : null;
}

function settle<T>(name: string, errors: Record<string, string>, promise: Promise<T>): Promise<T | null> {
  return promise.catch((error: unknown) => {
    errors[name] = toChainError(error).message;
    return null;
  });
}

/**
 * Reads the full context of an address.
 *
 * @example
 * const context = await readContractContext(client, { address, sourceProviders: [sourcify, explorer] });
 */
export async function readContractContext(client: ChainClient, parameters: ReadContractContextParameters): Promise<ContractContext> {
  if (!isAddress(parameters.address, { strict: false }))
    throw new ChainError('invalid-address', `invalid address: ${parameters.address}`, { address: parameters.address });
  const address = getAddress(parameters.address);
  const network = parameters.network ?? client.network;
  const start = { ...client.stats };
  const errors: Record<string, string> = {};

  // Round trip 1: everything that needs nothing but the address.
  const [code, blockNumber] = await Promise.all([client.public.getCode({ address }), client.public.getBlockNumber()]).catch(
    (error: unknown) => {
      throw toChainError(error, { network, address });
    },
  );
  const hasCode = code !== undefined && code !== '0x';
  const calls = [...tokenMetadataCalls(address), ...ownerCalls(address), ...deadAmountCalls(address)];
  const providers = parameters.sourceProviders ?? [];
  const [batch, ownableSlot, proxy, pools, creation, contractSource] = await Promise.all([
    hasCode ? settle('token', errors, readMany(client, calls)) : Promise.resolve(null),
    hasCode ? settle('owner', errors, client.public.getStorageAt({ address, slot: OZ_OWNABLE_STORAGE_SLOT })) : Promise.resolve(null),
    hasCode ? settle('proxy', errors, getProxyTarget(client, { address, code })) : Promise.resolve(null),
    hasCode ? settle('pools', errors, getPools(client, { address })) : Promise.resolve(null),
    hasCode ? settle('creation', errors, getContractCreation(client, { address, explorer: parameters.explorer })) : Promise.resolve(null),
    firstSource(providers, network, address, errors),
  ]);
  const token = batch ? decodeTokenMetadata(batch.slice(0, 5)) : null;
  const owner = batch ? decodeOwner(batch.slice(5, 7), ownableSlot) : null;
  const dead = batch && token?.isErc20 ? decodeDeadAmount(batch.slice(7, 9)) : null;
  const decimals = token?.decimals ?? 18;

  // Round trip 2+: holders from the creation block, locks of the token and its pairs,
  // the implementation's source.
  const [holders, lockers, implementationSource] = await Promise.all([
    token?.isErc20
      ? settle(
          'holders',
          errors,
          getHolders(client, { address, fromBlock: creation?.blockNumber ?? 0n, toBlock: blockNumber, top: parameters.topHolders ?? 10 }),
        )
      : Promise.resolve(null),
    token?.isErc20
      ? settle(
          'lockers',
          errors,
          getLockers(client, {
            targets: [
              { address, type: 'token', decimals },
              ...(pools?.pairs ?? []).map((p) => ({
                address: p.address,
                type: p.version === 'v2' ? ('lpv2' as const) : ('lpv3' as const),
                decimals: 18,
              })),
            ],
          }),
        )
      : Promise.resolve(null),
    proxy?.implementation ? firstSource(providers, network, proxy.implementation, errors) : Promise.resolve(null),
  ]);

  const units = (raw: bigint | null | undefined) => (raw === null || raw === undefined ? 0 : Number(formatUnits(raw, decimals)));
  const source = contractSource ?? implementationSource;
  const now = new Date().toISOString();
  const contract: ContractObject = {
    updatedAt: now,
    network,
    address,
    contractName: source?.contractName ?? '',
    contractVersion: source?.compilerVersion ?? '',
    runs: source?.optimizer.enabled ? String(source.optimizer.runs) : '',
    licenseType: source?.license ?? '',
    proxy: proxy?.proxy ?? false,
    unverified: contractSource === null && implementationSource === null,
    renounced: owner?.renounced ?? false,
    contractOwner: owner?.owner ?? '',
    decimals,
    deadAmount: units(dead?.total),
    symbol: token?.symbol ?? '',
    totalSupply: units(token?.totalSupply),
    error: !hasCode ? 'no contract code at this address' : token && !token.isErc20 ? 'not an ERC-20 token' : '',
    commonAddresses: [],
    poolExplorerUrl: '',
    poolExplorerUrlUpdatedAt: now,
  };
  return {
    network,
    address,
    kind: hasCode ? 'contract' : 'no-code',
    codeSize: hasCode ? (code.length - 2) / 2 : 0,
    codeHash: hasCode ? keccak256(code) : null,
    code: hasCode ? code : null,
    blockNumber,
    contract,
    token,
    proxy,
    owner,
    deadAmount: dead,
    pools,
    holders,
    lockers,
    creation,
    verifiedSource: summary(contractSource),
    implementationSource: summary(implementationSource),
    sources: { contract: contractSource, implementation: implementationSource },
    errors,
    rpc: { requests: client.stats.requests - start.requests, calls: client.stats.calls - start.calls },
  };
}
