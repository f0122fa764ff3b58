/** Small queries over inline-assembly (Yul) syntax, shared by the evaluator and the assembly walk. */
import type { SyntaxNode } from './syntax-tree.ts';
import { child } from './syntax-helpers.ts';

/** The builtin or function a Yul call names. */
export function yulCallee(n: SyntaxNode): string {
  return (child(n, 'function') ?? n.children[0])?.text ?? '';
}

/** The arguments of a Yul call (every child but the callee). */
export function yulArgs(n: SyntaxNode): SyntaxNode[] {
  return n.children.filter((c) => c.field !== 'function');
}

/** A Yul number literal's value when it is small enough to be a memory offset. */
export function yulOffset(n: SyntaxNode): number | undefined {
  if (n.type !== 'yul_decimal_number' && n.type !== 'yul_hex_number') return undefined;
  const v = Number(n.text);
  return Number.isSafeInteger(v) ? v : undefined;
}

/** Where `mstore(off, v)` keeps `v` in an env, so `keccak256(off, 64)` can find the key and the slot. */
export function scratchName(offset: number): string {
  return `#mem${offset}`;
}
