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
  if (c.bytecode.length <= 2 || !ERC20_FUNCTIONS.every((n) => names.has(n))) return false;
  // An interface written as a contract with empty bodies (`function transfer(…) {}`) deploys
  // but keeps no balances: its runtime code never writes storage.
  return !c.deployedBytecode || c.deployedBytecode.length <= 2 || writesStorage(c.deployedBytecode);
}

/** Whether runtime code holds an SSTORE opcode (PUSH data skipped; the metadata tail may add a false yes, never a false no). */
export function writesStorage(code: string): boolean {
  const hex = code.startsWith('0x') ? code.slice(2) : code;
  for (let i = 0; i < hex.length;) {
    const op = parseInt(hex.slice(i, i + 2), 16);
    if (op === 0x55) return true;
    i += op >= 0x60 && op <= 0x7f ? (op - 0x5e) * 2 : 2;
  }
  return false;
}

/** The named deployable contract, or the deployable ERC-20 with the most code; null when there is none. */
export function selectTokenContract(contracts: readonly CompiledContract[], name?: string): CompiledContract | null {
  if (name) return contracts.find((c) => c.name === name && c.bytecode.length > 2) ?? null;
  return contracts.filter(isDeployableErc20).sort((a, b) => b.bytecode.length - a.bytecode.length)[0] ?? null;
}
