/**
 * The watched values as JSON-RPC calls at one block, and their answers as the strings the
 * events carry (addresses in lower case, decimal integers, `true`/`false`). A value that
 * cannot be read (a call that reverts: no owner() function) is null.
 */
import type { Hex } from 'viem';
import type { RpcAnswer, RpcCall } from './json-rpc-batch.ts';
import type { ValueFormat, WatchedValue } from './watch-plan.ts';

export function readCall(value: WatchedValue, blockTag: Hex): RpcCall {
  const read = value.read;
  return read.type === 'call'
    ? { method: 'eth_call', params: [{ to: read.address, data: read.data }, blockTag] }
    : { method: 'eth_getStorageAt', params: [read.address, read.slot, blockTag] };
}

function format(word: bigint, bytes: number, kind: ValueFormat): string {
  const bits = BigInt(bytes * 8);
  const masked = word & ((1n << bits) - 1n);
  if (kind === 'address') return `0x${masked.toString(16).padStart(40, '0')}`;
  if (kind === 'bool') return masked === 0n ? 'false' : 'true';
  if (kind === 'int' && masked >> (bits - 1n) === 1n) return String(masked - (1n << bits));
  return String(masked);
}

/** The value an answer holds, or null when it holds none. */
export function decodeValue(value: WatchedValue, answer: RpcAnswer | undefined): string | null {
  if (!answer?.ok || typeof answer.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(answer.result)) return null;
  const hex = answer.result;
  if (value.read.type === 'call') {
    // A view returns one 32-byte word; anything shorter is no such function.
    if (hex.length < 66) return null;
    const bytes = value.format === 'address' ? 20 : value.format === 'bool' ? 1 : 32;
    return format(BigInt(hex.slice(0, 66)), bytes, value.format);
  }
  const word = hex === '0x' ? 0n : BigInt(hex);
  return format(word >> BigInt(value.read.offset * 8), value.read.bytes, value.format);
}
