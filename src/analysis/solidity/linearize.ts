/** C3 linearisation of contract inheritance, as solc does it (most derived first). */
import type { ContractModel } from './program.ts';

export class LinearizationError extends Error {
  constructor(
    message: string,
    readonly details: { contract: string },
  ) {
    super(message);
    this.name = 'LinearizationError';
  }
}

/**
 * Solidity lists bases from "most base-like" to "most derived", the reverse of Python,
 * so the merge takes the direct bases right to left. Unknown bases are skipped by the
 * caller (they are reported as unresolved), and a cycle or inconsistent order throws.
 */
export function linearize(
  contract: ContractModel,
  basesOf: (c: ContractModel) => ContractModel[],
  memo: Map<ContractModel, ContractModel[]> = new Map(),
  visiting: Set<ContractModel> = new Set(),
): ContractModel[] {
  const cached = memo.get(contract);
  if (cached) return cached;
  if (visiting.has(contract)) throw new LinearizationError(`inheritance cycle through ${contract.name}`, { contract: contract.name });
  visiting.add(contract);
  const bases = basesOf(contract).slice().reverse();
  const sequences = bases.map((b) => linearize(b, basesOf, memo, visiting).slice());
  sequences.push(bases.slice());
  const result = [contract, ...merge(sequences, contract)];
  visiting.delete(contract);
  memo.set(contract, result);
  return result;
}

function merge(sequences: ContractModel[][], contract: ContractModel): ContractModel[] {
  const out: ContractModel[] = [];
  for (;;) {
    const live = sequences.filter((s) => s.length > 0);
    if (live.length === 0) return out;
    const head = live.map((s) => s[0]!).find((candidate) => live.every((s) => s.indexOf(candidate) <= 0));
    if (!head) {
      throw new LinearizationError(`linearization of inheritance graph impossible for ${contract.name}`, { contract: contract.name });
    }
    out.push(head);
    for (const s of live) if (s[0] === head) s.shift();
  }
}
