/** Tokens held by the dead and zero addresses (burnt supply). */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { DEAD_ADDRESS, decodeUint, ZERO_ADDRESS } from './decode.ts';
import { readMany } from './read-many.ts';

export interface GetDeadAmountParameters {
  readonly address: string;
}

export interface GetDeadAmountReturnType {
  /** Raw units held by 0x…dEaD plus the zero address; null when balanceOf is missing. */
  readonly total: bigint | null;
  readonly dead: bigint | null;
  readonly zero: bigint | null;
}

export function deadAmountCalls(address: string) {
  return [DEAD_ADDRESS, ZERO_ADDRESS].map((holder) => ({
    target: address,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder as Address] }),
  }));
}

export function decodeDeadAmount(results: readonly Parameters<typeof decodeUint>[0][]): GetDeadAmountReturnType {
  const dead = decodeUint(results[0]);
  const zero = decodeUint(results[1]);
  return { dead, zero, total: dead === null && zero === null ? null : (dead ?? 0n) + (zero ?? 0n) };
}

/** Reads both balances in one round trip. */
export async function getDeadAmount(client: ChainClient, parameters: GetDeadAmountParameters): Promise<GetDeadAmountReturnType> {
  return decodeDeadAmount(await readMany(client, deadAmountCalls(parameters.address)));
}
