/**
 * Pools whose LP supply is a storage slot: the Uniswap V2 pair keeps `totalSupply` in slot 0
 * (UniswapV2ERC20's first state variable; its constants take no slot), which
 * `known-pairs.test.ts` holds against the compiler's layout of @uniswap/v2-core's source.
 * A pair is taken as one only when its runtime code is byte for byte the published pair's
 * (compared by hash): a fork's pair with other code may keep its supply elsewhere or compute
 * it, so its `totalSupply()` is still called.
 */
import { createRequire } from 'node:module';
import { keccak256, type Hex } from 'viem';
import { SELECTORS, type ValueRead, type WatchedValue } from './watch-plan.ts';

const require = createRequire(import.meta.url);

/** The LP supply's slot in a Uniswap V2 pair. */
export const UNISWAP_V2_SUPPLY_SLOT: Hex = `0x${'0'.repeat(64)}`;

let v2PairCodeHash: Hex | undefined;

/** keccak256 of the runtime code of @uniswap/v2-core's UniswapV2Pair (what its factory deploys). */
export function uniswapV2PairCodeHash(): Hex {
  if (!v2PairCodeHash) {
    const build = require('@uniswap/v2-core/build/UniswapV2Pair.json') as { evm: { deployedBytecode: { object: string } } };
    const code = build.evm.deployedBytecode.object;
    v2PairCodeHash = keccak256((code.startsWith('0x') ? code : `0x${code}`) as Hex);
  }
  return v2PairCodeHash;
}

/** Whether code (as `eth_getCode` answers it) is the Uniswap V2 pair's. */
export function isUniswapV2Pair(code: unknown): boolean {
  return typeof code === 'string' && /^0x[0-9a-fA-F]+$/.test(code) && keccak256(code as Hex) === uniswapV2PairCodeHash();
}

/**
 * The read of a value with what is known of the pairs: `totalSupply()` of a known V2 pair
 * becomes its slot (the same uint256, decoded the same way); anything else is as planned.
 */
export function withKnownSlots(value: WatchedValue, v2Pairs: ReadonlySet<string>): WatchedValue {
  const read = value.read;
  if (read.type !== 'call' || read.data !== SELECTORS.totalSupply || !v2Pairs.has(read.address.toLowerCase())) return value;
  const slotRead: ValueRead = { type: 'storage', address: read.address, slot: UNISWAP_V2_SUPPLY_SLOT, offset: 0, bytes: 32 };
  return { ...value, read: slotRead };
}
