/**
 * Link placeholders in solc's bytecode (`__$<34 hex>$__` from solc 0.5, `__File.sol:Name____…`
 * before) and the compiled library each names. Here, below the simulation, so the compile
 * worker can answer a selected contract together with the libraries it needs.
 */
import { keccak256, toHex, type Hex } from 'viem';
import type { CompiledContract } from './compile-solidity.ts';

const PLACEHOLDER = /__\$[0-9a-fA-F]{34}\$__|__[^$][\s\S]{37}/g;

/** The placeholders left in a bytecode (none when it is ready to deploy). */
export function placeholders(bytecode: Hex | string): string[] {
  return [...new Set(bytecode.slice(2).match(PLACEHOLDER) ?? [])];
}

/** The compiled library a placeholder names, by hashed (new) or truncated (old) fully qualified name. */
export function libraryFor(placeholder: string, contracts: readonly CompiledContract[]): CompiledContract | undefined {
  if (placeholder.startsWith('__$')) {
    const hash = placeholder.slice(3, 37).toLowerCase();
    return contracts.find((c) => keccak256(toHex(`${c.file}:${c.name}`)).slice(2, 36) === hash);
  }
  const label = placeholder.slice(2).replace(/_+$/, '');
  return contracts.find((c) => `${c.file}:${c.name}`.slice(0, 36) === label || c.name === label);
}

/** `chosen` and every library its bytecode needs, transitively (what deploying it takes). */
export function withLibraries(chosen: CompiledContract, contracts: readonly CompiledContract[]): CompiledContract[] {
  const out = new Map<string, CompiledContract>([[`${chosen.file}:${chosen.name}`, chosen]]);
  const queue = [chosen];
  while (queue.length > 0) {
    const next = queue.pop()!;
    for (const p of placeholders(next.bytecode)) {
      const lib = libraryFor(p, contracts);
      if (!lib || out.has(`${lib.file}:${lib.name}`)) continue;
      out.set(`${lib.file}:${lib.name}`, lib);
      queue.push(lib);
    }
  }
  return [...out.values()];
}
