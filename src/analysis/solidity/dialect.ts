/**
 * Which compilers a file's syntax admits, beyond what its pragma says. Real files often
 * carry an open pragma (`>=0.5.1`, `^0.4.0 || ^0.8.0`, none at all) while using syntax
 * that later compilers reject, so the pragma alone would let a 0.8 compiler (with checked
 * arithmetic) in. These markers were all removed before 0.8: a file that uses one can
 * only be compiled by a compiler without overflow checks.
 */
import type { SourceUnit } from './source-unit.ts';
import type { SyntaxNode } from './syntax-tree.ts';

/** The first syntax in the file that no 0.7+ compiler accepts, described, or undefined. */
export function pre08Syntax(unit: SourceUnit): string | undefined {
  let found = cache.get(unit);
  if (found === undefined) {
    found = scan(unit.parsed.root) ?? null;
    cache.set(unit, found);
  }
  return found ?? undefined;
}

const cache = new WeakMap<SourceUnit, string | null>();

/** Removed in 0.5 (`throw`, `suicide`, `sha3`, `var`, `constant` functions, `years`), 0.6 (`function ()`) and 0.7 (`now`, `.value()`/`.gas()`). */
const REMOVED_CALLS = new Set(['suicide', 'sha3', 'callcode']);

function scan(root: SyntaxNode): string | undefined {
  const stack: { node: SyntaxNode; parent: SyntaxNode | undefined; contract: string | undefined }[] = [
    { node: root, parent: undefined, contract: undefined },
  ];
  while (stack.length > 0) {
    const { node: n, parent, contract } = stack.pop()!;
    const hit = marker(n, parent, contract);
    if (hit) return hit;
    const inside =
      n.type === 'contract_declaration' || n.type === 'library_declaration' ? n.children.find((c) => c.field === 'name')?.text : contract;
    for (const c of n.children) stack.push({ node: c, parent: n, contract: inside });
  }
  return undefined;
}

function marker(n: SyntaxNode, parent: SyntaxNode | undefined, contract: string | undefined): string | undefined {
  switch (n.type) {
    case 'identifier':
      if (n.text === 'throw' && parent?.type === 'expression_statement') return '`throw`';
      if (n.text === 'now' && n.field !== 'property' && n.field !== 'name') return '`now`';
      if (n.field === 'function' && REMOVED_CALLS.has(n.text)) return `\`${n.text}\``;
      if (n.text === 'constant' && parent?.type === 'modifier_invocation') return '`constant` functions';
      if ((n.text === 'value' || n.text === 'gas') && n.field === 'property' && parent?.field === 'function') return `\`.${n.text}()\``;
      return undefined;
    case 'primitive_type':
      return n.text === 'var' ? '`var`' : undefined;
    case 'number_literal':
      return /\syears$/.test(n.text) ? '`years`' : undefined;
    case 'fallback_receive_definition':
      return n.children[0]?.type === 'function' ? 'an unnamed fallback `function ()`' : undefined;
    case 'function_definition': {
      const name = n.children.find((c) => c.field === 'name')?.text;
      return name && name === contract ? 'a constructor named after its contract' : undefined;
    }
    default:
      return undefined;
  }
}
