/**
 * Who is privileged over a deployed token, read from chain state (address scans, issue 27):
 * the owner its getters name (`owner()`, `getOwner()`), the EIP-1967 admin and the
 * ERC-7201 Ownable slot, and the members of AccessControl role sets the contract lets
 * enumerate (`getRoleMember`), for the default admin role and every 32-byte constant its
 * code pushes (role identifiers are such constants). Each read that fails is skipped.
 */
import { getAddress, numberToHex, parseAbi, type Address, type Hex } from 'viem';
import { OZ_OWNABLE_STORAGE_SLOT } from '../chain/get-owner.ts';
import type { EvmSession } from './evm-session.ts';

const abi = parseAbi([
  'function owner() view returns (address)',
  'function getOwner() view returns (address)',
  'function getRoleMemberCount(bytes32) view returns (uint256)',
  'function getRoleMember(bytes32, uint256) view returns (address)',
]);

/** keccak256("eip1967.proxy.admin") - 1. */
/** EIP-1967's implementation slot: keccak256('eip1967.proxy.implementation') - 1. */
export const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
export const EIP1967_ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';

const ZERO = /^0x0{40}$/i;
const DEAD = /^0x0{36}dead$/i;

/** The 32-byte constants `code` pushes (PUSH32), in order, without repeats; at most `max`. */
export function pushedWords(code: Hex, max = 8): Hex[] {
  const bytes = code.slice(2);
  const out: Hex[] = [];
  for (let i = 0; i < bytes.length / 2 && out.length < max;) {
    const op = parseInt(bytes.slice(i * 2, i * 2 + 2), 16);
    if (op === 0x7f) {
      const word = `0x${bytes.slice(i * 2 + 2, i * 2 + 66)}` as Hex;
      // A role identifier is a hash: not a mask of ones nor a small number.
      if (word.length === 66 && !/^0x(f{64}|0{24,}.*)$/i.test(word) && !out.includes(word)) out.push(word);
    }
    i += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1;
  }
  return out;
}

export async function privilegedFromChain(session: EvmSession, token: Address): Promise<{ address: Address; role: string }[]> {
  const out: { address: Address; role: string }[] = [];
  const add = (raw: string | null | undefined, role: string) => {
    if (!raw || ZERO.test(raw) || DEAD.test(raw)) return;
    const address = getAddress(raw);
    if (address.toLowerCase() === token.toLowerCase() || out.some((p) => p.address === address)) return;
    out.push({ address, role });
  };
  for (const fn of ['owner', 'getOwner'] as const)
    add(await session.read<Address>(token, abi, fn, [], 'UNCAUGHT_ERROR').catch(() => null), `${fn}()`);
  for (const [slot, role] of [
    [EIP1967_ADMIN_SLOT, 'EIP-1967 admin'],
    [OZ_OWNABLE_STORAGE_SLOT, 'ERC-7201 Ownable owner'],
  ] as const) {
    const word = await session.rpc<Hex>('eth_getStorageAt', [token, slot, 'latest']).catch(() => null);
    if (word && /^0x0{24}/.test(`0x${word.slice(2).padStart(64, '0')}`)) add(`0x${word.slice(2).padStart(64, '0').slice(24)}`, role);
  }
  const code = await session.code(token);
  for (const role of [numberToHex(0, { size: 32 }), ...pushedWords(code)]) {
    const count = await session.read<bigint>(token, abi, 'getRoleMemberCount', [role], 'UNCAUGHT_ERROR').catch(() => null);
    // No enumerable role sets at all: the default admin role answers first or not at all.
    if (count === null) break;
    for (let i = 0n; i < count && i < 4n; i++)
      add(
        await session.read<Address>(token, abi, 'getRoleMember', [role, i], 'UNCAUGHT_ERROR').catch(() => null),
        role === numberToHex(0, { size: 32 }) ? 'default admin role member' : `member of role ${role.slice(0, 10)}…`,
      );
  }
  return out;
}
