/** Tolerant decoders for return data of calls that may be non-standard. */
import { decodeAbiParameters, hexToString, size, type Hex } from 'viem';
import type { RawResult } from './read-many.ts';

/** A string returned as ABI `string` or as `bytes32` (MKR, SAI); null when neither. */
export function decodeStringish(result: RawResult | undefined): string | null {
  if (!result?.success || result.returnData === '0x') return null;
  const data = result.returnData;
  if (size(data) === 32) return hexToString(data, { size: 32 }).replace(/\0+$/, '');
  try {
    const [value] = decodeAbiParameters([{ type: 'string' }], data);
    return value.replace(/\0+$/, '');
  } catch {
    return null;
  }
}

export function decodeUint(result: RawResult | undefined): bigint | null {
  if (!result?.success || size(result.returnData) < 32) return null;
  return BigInt(`0x${result.returnData.slice(2, 66)}`);
}

/** An address in the low 20 bytes of one 32-byte word whose high 12 bytes are zero. */
export function decodeAddress(result: RawResult | undefined): `0x${string}` | null {
  if (!result?.success || size(result.returnData) < 32) return null;
  return wordToAddress(result.returnData.slice(0, 66) as Hex);
}

export function wordToAddress(word: Hex | undefined | null): `0x${string}` | null {
  if (!word || word.length < 66) return null;
  const hex = word.slice(2, 66);
  if (!/^0{24}/.test(hex)) return null;
  return `0x${hex.slice(24)}`;
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
export const DEAD_ADDRESS = '0x000000000000000000000000000000000000dEaD';
