/** Which proxy pattern a contract follows and the implementation it delegates to. */
import { encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { decodeAddress, wordToAddress, ZERO_ADDRESS } from './decode.ts';
import { toChainError } from './chain-errors.ts';
import { readMany } from './read-many.ts';

export const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
export const EIP1967_BEACON_SLOT = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';
export const EIP1967_ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
export const EIP1822_PROXIABLE_SLOT = '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7';

export type ProxyKind = 'eip1967' | 'eip1967-beacon' | 'eip1822' | 'eip1167';

export interface GetProxyTargetParameters {
  readonly address: string;
  /** The contract's runtime code when already read (saves a call). */
  readonly code?: Hex | null;
}

export interface GetProxyTargetReturnType {
  readonly proxy: boolean;
  readonly kind: ProxyKind | null;
  /** The implementation the proxy delegates to (for a beacon: the beacon's implementation). */
  readonly implementation: Address | null;
  readonly beacon: Address | null;
  /** EIP-1967 admin slot, when set. */
  readonly admin: Address | null;
}

const EIP1167 = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3/i;
const beaconAbi = parseAbi(['function implementation() view returns (address)']);

function nonZero(address: string | null): Address | null {
  return address && address !== ZERO_ADDRESS ? getAddress(address) : null;
}

/** Detects an EIP-1167 minimal proxy from its code alone. */
export function minimalProxyTarget(code: Hex | null | undefined): Address | null {
  const match = code ? EIP1167.exec(code) : null;
  return match?.[1] ? getAddress(`0x${match[1]}`) : null;
}

/**
 * Reads the proxy slots (EIP-1967 implementation, beacon and admin; EIP-1822) in one
 * round trip, plus one call to a beacon when there is one.
 */
export async function getProxyTarget(client: ChainClient, parameters: GetProxyTargetParameters): Promise<GetProxyTargetReturnType> {
  const address = parameters.address as Address;
  try {
    const [code, impl, beacon, admin, uups] = await Promise.all([
      parameters.code !== undefined ? Promise.resolve(parameters.code) : client.public.getCode({ address }).then((c) => c ?? null),
      client.public.getStorageAt({ address, slot: EIP1967_IMPLEMENTATION_SLOT }),
      client.public.getStorageAt({ address, slot: EIP1967_BEACON_SLOT }),
      client.public.getStorageAt({ address, slot: EIP1967_ADMIN_SLOT }),
      client.public.getStorageAt({ address, slot: EIP1822_PROXIABLE_SLOT }),
    ]);
    const adminAddress = nonZero(wordToAddress(admin ?? null));
    const minimal = minimalProxyTarget(code);
    if (minimal) return { proxy: true, kind: 'eip1167', implementation: minimal, beacon: null, admin: null };
    const implementation = nonZero(wordToAddress(impl ?? null));
    if (implementation) return { proxy: true, kind: 'eip1967', implementation, beacon: null, admin: adminAddress };
    const beaconAddress = nonZero(wordToAddress(beacon ?? null));
    if (beaconAddress) {
      const [result] = await readMany(client, [
        { target: beaconAddress, callData: encodeFunctionData({ abi: beaconAbi, functionName: 'implementation' }) },
      ]);
      return {
        proxy: true,
        kind: 'eip1967-beacon',
        implementation: nonZero(decodeAddress(result)),
        beacon: beaconAddress,
        admin: adminAddress,
      };
    }
    const proxiable = nonZero(wordToAddress(uups ?? null));
    if (proxiable) return { proxy: true, kind: 'eip1822', implementation: proxiable, beacon: null, admin: adminAddress };
    return { proxy: false, kind: null, implementation: null, beacon: null, admin: adminAddress };
  } catch (error) {
    throw toChainError(error, { network: client.network, address, reader: 'getProxyTarget' });
  }
}
