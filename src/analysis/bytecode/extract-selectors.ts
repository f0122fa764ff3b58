/**
 * Function selectors from runtime bytecode, with evmole (see docs/decisions/0040-bytecode-evmole-npm-evmole-0-8-4.md:
 * chosen over @shazow/whatsabi and a hand-written scanner for its accuracy on both
 * solc and Vyper dispatchers). evmole follows the dispatcher symbolically, so it finds
 * selectors of binary-search and jump-table dispatchers, and stops cleanly at
 * truncated PUSH data (which the EVM reads as zero padding).
 */
import { contractInfo } from 'evmole';
import { BytecodeError } from './bytecode-error.ts';
import { detectProxy, type BytecodeProxy } from './detect-proxy.ts';
import { parseBytecode } from './parse-bytecode.ts';

export interface BytecodeAnalysis {
  /** Code size in bytes, metadata included. */
  readonly size: number;
  /** 0x-prefixed 4-byte selectors, sorted. */
  readonly selectors: string[];
  /** A proxy recognised from the code: its selectors are those of the implementation. */
  readonly proxy: BytecodeProxy | null;
}

/** Selectors and proxy pattern of runtime bytecode; throws BytecodeError on bad input. */
export function analyzeBytecode(bytecodeHex: unknown): BytecodeAnalysis {
  const parsed = parseBytecode(bytecodeHex);
  const proxy = detectProxy(parsed.hex);
  if (proxy?.kind === 'eip1167') return { size: parsed.size, selectors: [], proxy };
  let functions: { selector: string }[];
  try {
    functions = contractInfo(parsed.hex, { selectors: true }).functions ?? [];
  } catch (error) {
    throw new BytecodeError('the selector extractor could not read this bytecode', {}, { cause: error });
  }
  const selectors = [...new Set(functions.map((f) => `0x${f.selector}`))].sort();
  return { size: parsed.size, selectors, proxy };
}

/**
 * The function selectors a contract dispatches on (`['0x06fdde03', …]`). For an
 * EIP-1167 minimal proxy this is empty: use `analyzeBytecode(code).proxy` and extract
 * from the implementation's code.
 */
export function extractSelectors(bytecodeHex: string): string[] {
  return analyzeBytecode(bytecodeHex).selectors;
}
