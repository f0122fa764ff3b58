/**
 * Who holds a contract's powers: the owner account read on chain, told apart as an EOA,
 * a Safe-style multisig (`getThreshold()` and `getOwners()` answer), a timelock
 * (`getMinDelay()`, OpenZeppelin's TimelockController, or `delay()`, Compound's
 * Timelock), another contract, or nobody (ownership renounced). The scoring weighs a
 * power by its holder: one account acting alone can take holders' money at once; a
 * multisig needs several signers, a timelock gives holders time to leave.
 */
import { decodeAbiParameters, encodeFunctionData, parseAbi, type Address } from 'viem';
import type { ChainClient } from '../chain/create-chain-client.ts';
import { decodeUint } from '../chain/decode.ts';
import { readMany, type RawResult } from '../chain/read-many.ts';

export type PowerHolder =
  | { readonly kind: 'nobody' }
  | { readonly kind: 'eoa'; readonly address: string }
  | { readonly kind: 'multisig'; readonly address: string; readonly threshold: number; readonly owners: number }
  | { readonly kind: 'timelock'; readonly address: string; readonly delaySeconds: number }
  | { readonly kind: 'contract'; readonly address: string }
  | { readonly kind: 'unknown'; readonly reason: string };

const holderAbi = parseAbi([
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function getMinDelay() view returns (uint256)',
  'function delay() view returns (uint256)',
]);

export function holderCalls(address: string) {
  return (['getThreshold', 'getOwners', 'getMinDelay', 'delay'] as const).map((functionName) => ({
    target: address,
    callData: encodeFunctionData({ abi: holderAbi, functionName }),
  }));
}

function decodeAddressList(result: RawResult | undefined): readonly string[] | null {
  if (!result?.success || result.returnData === '0x') return null;
  try {
    return decodeAbiParameters([{ type: 'address[]' }], result.returnData)[0];
  } catch {
    return null;
  }
}

/** The holder from the owner's code and the answers to `holderCalls` (pure). */
export function classifyHolder(address: string, code: string | undefined, results: readonly RawResult[]): PowerHolder {
  if (!code || code === '0x') return { kind: 'eoa', address };
  const threshold = decodeUint(results[0]);
  const owners = decodeAddressList(results[1]);
  if (threshold !== null && owners !== null && threshold > 0n && threshold <= BigInt(owners.length)) {
    return { kind: 'multisig', address, threshold: Number(threshold), owners: owners.length };
  }
  const delay = decodeUint(results[2]) ?? decodeUint(results[3]);
  // A delay that does not fit a number of seconds is not a timelock's.
  if (delay !== null && delay < 10n ** 12n) return { kind: 'timelock', address, delaySeconds: Number(delay) };
  return { kind: 'contract', address };
}

/**
 * The holder of the owner-gated powers of a token.
 *
 * @example
 * const holder = await readPowerHolder(client, chain.owner);   // { kind: 'multisig', threshold: 3, owners: 5, … }
 */
export async function readPowerHolder(
  client: ChainClient,
  owner: { readonly owner: string | null; readonly renounced: boolean } | null,
): Promise<PowerHolder> {
  if (!owner) return { kind: 'unknown', reason: 'the owner could not be read' };
  if (owner.renounced) return { kind: 'nobody' };
  if (!owner.owner) return { kind: 'unknown', reason: 'no owner() or getOwner() answered: the powers may be held by roles' };
  const address = owner.owner as Address;
  const [code, results] = await Promise.all([client.public.getCode({ address }), readMany(client, holderCalls(address))]);
  return classifyHolder(address, code, results);
}

/** One line for a factor's text: who can use a power. */
export function describeHolder(holder: PowerHolder): string {
  switch (holder.kind) {
    case 'nobody':
      return 'nobody (ownership renounced)';
    case 'eoa':
      return `one account (EOA ${holder.address})`;
    case 'multisig':
      return `a multisig ${holder.address} (${holder.threshold} of ${holder.owners} signers)`;
    case 'timelock':
      return `a timelock ${holder.address} (delay ${formatDelay(holder.delaySeconds)})`;
    case 'contract':
      return `a contract ${holder.address} (neither a known multisig nor a timelock)`;
    case 'unknown':
      return `an unknown holder (${holder.reason})`;
  }
}

function formatDelay(seconds: number): string {
  if (seconds >= 86_400) return `${Math.round((seconds / 86_400) * 10) / 10} days`;
  if (seconds >= 3600) return `${Math.round((seconds / 3600) * 10) / 10} hours`;
  return `${seconds} s`;
}
