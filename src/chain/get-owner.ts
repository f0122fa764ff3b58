/** Who owns a contract (owner(), getOwner(), common storage layouts) and whether ownership was renounced. */
import { encodeFunctionData, getAddress, parseAbi, type Address } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { DEAD_ADDRESS, decodeAddress, wordToAddress, ZERO_ADDRESS } from './decode.ts';
import { toChainError } from './chain-errors.ts';
import { readMany } from './read-many.ts';

/** OpenZeppelin v5 upgradeable Ownable's ERC-7201 namespace slot ("openzeppelin.storage.Ownable"). */
export const OZ_OWNABLE_STORAGE_SLOT = '0x9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300';

export type OwnerSource = 'owner()' | 'getOwner()' | 'ownable-storage';

export interface GetOwnerParameters {
  readonly address: string;
}

export interface GetOwnerReturnType {
  /** The owner; the zero address when renounced; null when the contract has no owner we can find. */
  readonly owner: Address | null;
  /** True when an owner getter or slot exists and holds the zero or dead address. */
  readonly renounced: boolean;
  readonly source: OwnerSource | null;
}

const ownerAbi = parseAbi(['function owner() view returns (address)', 'function getOwner() view returns (address)']);

export function ownerCalls(address: string) {
  return [
    { target: address, callData: encodeFunctionData({ abi: ownerAbi, functionName: 'owner' }) },
    { target: address, callData: encodeFunctionData({ abi: ownerAbi, functionName: 'getOwner' }) },
  ] as const;
}

export function decodeOwner(
  results: readonly Parameters<typeof decodeAddress>[0][],
  ownableSlot: `0x${string}` | null | undefined,
): GetOwnerReturnType {
  const candidates: [OwnerSource, string | null][] = [
    ['owner()', decodeAddress(results[0])],
    ['getOwner()', decodeAddress(results[1])],
  ];
  // The namespaced slot counts only when non-zero: an empty slot is the common case of no such storage.
  const slotOwner = wordToAddress(ownableSlot ?? null);
  if (slotOwner && slotOwner !== ZERO_ADDRESS) candidates.push(['ownable-storage', slotOwner]);
  for (const [source, owner] of candidates) {
    if (owner === null) continue;
    const checksummed = getAddress(owner);
    return { owner: checksummed, renounced: checksummed === ZERO_ADDRESS || checksummed === DEAD_ADDRESS, source };
  }
  return { owner: null, renounced: false, source: null };
}

/**
 * Reads the owner in one round trip.
 *
 * @example
 * const { owner, renounced } = await getOwner(client, { address });
 */
export async function getOwner(client: ChainClient, parameters: GetOwnerParameters): Promise<GetOwnerReturnType> {
  try {
    const [results, slot] = await Promise.all([
      readMany(client, ownerCalls(parameters.address)),
      client.public.getStorageAt({ address: parameters.address as Address, slot: OZ_OWNABLE_STORAGE_SLOT }),
    ]);
    return decodeOwner(results, slot ?? null);
  } catch (error) {
    throw toChainError(error, { network: client.network, address: parameters.address, reader: 'getOwner' });
  }
}
