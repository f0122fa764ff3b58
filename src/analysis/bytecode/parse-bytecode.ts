/**
 * Validates runtime bytecode given as hex and finds the compiler metadata trailer, so
 * that every bytecode consumer rejects the same bad input with the same message.
 */
import { BytecodeError } from './bytecode-error.ts';

/**
 * Largest runtime code accepted, in bytes. EIP-170 caps deployed code at 24,576 bytes
 * and EIP-7907 proposes larger limits; 1 MiB leaves room while bounding the work.
 */
export const MAX_BYTECODE_BYTES = 1024 * 1024;

export interface ParsedBytecode {
  /** Lower-case hex without 0x. */
  readonly hex: string;
  readonly size: number;
  /** Bytes before the CBOR metadata trailer (all of them when there is none). */
  readonly executableSize: number;
}

/** Length of a solc/Vyper CBOR metadata trailer at the end of the code, or 0. */
export function metadataLength(hex: string): number {
  if (hex.length < 4) return 0;
  const length = Number.parseInt(hex.slice(-4), 16);
  const start = hex.length - 4 - length * 2;
  if (length === 0 || start < 0) return 0;
  // A CBOR map of 1 to 5 entries (0xa1..0xa5) whose first key is a short text string.
  const head = hex.slice(start, start + 4);
  return /^a[1-5](6[0-9a-f]|7[0-9a-f])$/.test(head) ? length + 2 : 0;
}

export function parseBytecode(input: unknown): ParsedBytecode {
  if (typeof input !== 'string') throw new BytecodeError('bytecode must be a hex string');
  const hex = input.trim().replace(/^0x/i, '').toLowerCase();
  if (hex.length === 0) throw new BytecodeError('bytecode is empty: the address has no code');
  if (hex.length > MAX_BYTECODE_BYTES * 2) {
    throw new BytecodeError(`bytecode is too large: ${hex.length / 2} bytes, at most ${MAX_BYTECODE_BYTES}`, { size: hex.length / 2 });
  }
  if (!/^[0-9a-f]*$/.test(hex)) throw new BytecodeError('bytecode is not hex', { sample: hex.slice(0, 32) });
  if (hex.length % 2 !== 0) throw new BytecodeError('bytecode has an odd number of hex digits');
  const size = hex.length / 2;
  const executableSize = size - metadataLength(hex);
  if (executableSize === 0) throw new BytecodeError('bytecode holds only compiler metadata, no executable code');
  return { hex, size, executableSize };
}
