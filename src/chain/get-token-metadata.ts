/** ERC-20 facts of a contract, tolerant of bytes32 strings and missing methods. */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { decodeStringish, decodeUint } from './decode.ts';
import { readMany } from './read-many.ts';

export interface GetTokenMetadataParameters {
  readonly address: string;
  readonly blockNumber?: bigint;
}

export interface GetTokenMetadataReturnType {
  /** totalSupply() and balanceOf() answer: the contract behaves as an ERC-20. */
  readonly isErc20: boolean;
  readonly name: string | null;
  readonly symbol: string | null;
  /** null when decimals() is missing (callers commonly assume 18). */
  readonly decimals: number | null;
  readonly totalSupply: bigint | null;
}

const probe = '0x0000000000000000000000000000000000000001' as Address;

/** The calls getTokenMetadata makes, for readers that merge them into a larger batch. */
export function tokenMetadataCalls(address: string) {
  const to = address;
  return [
    { target: to, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'name' }) },
    { target: to, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }) },
    { target: to, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }) },
    { target: to, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }) },
    { target: to, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [probe] }) },
  ] as const;
}

export function decodeTokenMetadata(results: readonly Parameters<typeof decodeUint>[0][]): GetTokenMetadataReturnType {
  const [name, symbol, decimals, totalSupply, balance] = results;
  const supply = decodeUint(totalSupply);
  const dec = decodeUint(decimals);
  return {
    isErc20: supply !== null && decodeUint(balance) !== null,
    name: decodeStringish(name),
    symbol: decodeStringish(symbol),
    decimals: dec !== null && dec <= 255n ? Number(dec) : null,
    totalSupply: supply,
  };
}

/**
 * Reads name, symbol, decimals and totalSupply in one round trip.
 *
 * @example
 * const meta = await getTokenMetadata(client, { address: '0x…' });
 */
export async function getTokenMetadata(client: ChainClient, parameters: GetTokenMetadataParameters): Promise<GetTokenMetadataReturnType> {
  const results = await readMany(
    client,
    tokenMetadataCalls(parameters.address),
    parameters.blockNumber !== undefined ? { blockNumber: parameters.blockNumber } : {},
  );
  return decodeTokenMetadata(results);
}
