/**
 * Which compiled contract a source simulation deploys: the one named, else the deployable
 * ERC-20 contract with the most code (the most derived). Lives beside the compiler so a
 * compile worker can answer with that one contract instead of every contract of a large
 * input (megabytes of ABI and bytecode the API process would otherwise have to parse).
 */
import type { CompiledContract } from './compile-solidity.ts';

// approve and transferFrom too: a DEX router takes a pool's tokens and a seller's with
// transferFrom, so a contract without them can never trade on a pool (crowdsales, games,
// ledgers that only transfer).
export const ERC20_FUNCTIONS = ['balanceOf', 'transfer', 'totalSupply', 'approve', 'transferFrom'] as const;

export function isDeployableErc20(c: CompiledContract): boolean {
  const names = new Set(c.abi.flatMap((item) => (item.type === 'function' ? [item.name] : [])));
  return c.bytecode.length > 2 && ERC20_FUNCTIONS.every((n) => names.has(n));
}

/** The named deployable contract, or the deployable ERC-20 with the most code; null when there is none. */
export function selectTokenContract(contracts: readonly CompiledContract[], name?: string): CompiledContract | null {
  if (name) return contracts.find((c) => c.name === name && c.bytecode.length > 2) ?? null;
  return contracts.filter(isDeployableErc20).sort((a, b) => b.bytecode.length - a.bytecode.length)[0] ?? null;
}
