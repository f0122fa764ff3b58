/**
 * Finds SafeMath-style arithmetic wrappers that a contract actually calls: library
 * functions of two integers that compute `a + b`, `a - b`, `a * b`, `a / b` or `a % b`
 * of their parameters and return it (with or without overflow checks). Libraries that
 * merely offer other maths (min, max, mulDiv, average, SafeCast) do not count.
 */
import type { FunctionModel } from './program.ts';
import type { ContractAnalysis } from './contract-analysis.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { SourceUnit } from './source-unit.ts';
import { child, childrenOfType, operatorOf, unparen, visit } from './syntax-helpers.ts';
import { isUintType } from './type-info.ts';

const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);
const cache = new WeakMap<FunctionModel, boolean>();

export interface SafeMathUse {
  readonly library: string;
  /** Where to report: the `using` directive, else the contract's name. */
  readonly node: SyntaxNode;
  readonly unit: SourceUnit;
  /** The contract holding the `using` directive (a base shared by many contracts reports once). */
  readonly holder: string;
}

export function safeMathUse(analysis: ContractAnalysis): SafeMathUse | undefined {
  const called = new Set<FunctionModel>();
  for (const s of [...analysis.entries.map((e) => e.summary), ...analysis.constructors]) {
    for (const f of s.reached) if (f.contract.kind === 'library' && isArithmeticWrapper(f)) called.add(f);
  }
  const first = [...called][0];
  if (!first) return undefined;
  const c = analysis.contract;
  // The `using` directive may sit in a base contract of the input.
  for (const holder of c.linearization) {
    if (holder.unit.external) continue;
    const body = child(holder.node, 'body');
    const using = body
      ? childrenOfType(body, 'using_directive').find((u) => u.children.some((x) => x.text === first.contract.name))
      : undefined;
    if (using) return { library: first.contract.name, node: using, unit: holder.unit, holder: holder.name };
  }
  return { library: first.contract.name, node: child(c.node, 'name') ?? c.node, unit: c.unit, holder: c.name };
}

export function isArithmeticWrapper(fn: FunctionModel): boolean {
  let r = cache.get(fn);
  if (r === undefined) {
    r = computeWrapper(fn);
    cache.set(fn, r);
  }
  return r;
}

function computeWrapper(fn: FunctionModel): boolean {
  if (!fn.body || fn.params.length < 2 || fn.params.length > 3) return false;
  const [a, b] = fn.params;
  if (!a || !b || !isUintType(a.type) || !isUintType(b.type)) return false;
  const isOperation = (n: SyntaxNode | undefined): boolean => {
    const u = n ? unparen(n) : undefined;
    if (!u || u.type !== 'binary_expression' || !ARITHMETIC.has(operatorOf(u))) return false;
    const l = child(u, 'left');
    const r = child(u, 'right');
    const names = new Set([l?.text, r?.text]);
    return names.has(a.name) && names.has(b.name) && l?.type === 'identifier' && r?.type === 'identifier';
  };
  const locals = new Set<string>();
  let returnsOperation = false;
  visit(fn.body, (n) => {
    if (n.type === 'variable_declaration_statement' && isOperation(child(n, 'value'))) {
      const decl = n.children.find((c) => c.type === 'variable_declaration');
      const name = decl ? child(decl, 'name')?.text : undefined;
      if (name) locals.add(name);
    }
    if (n.type === 'return_statement') {
      const value = n.children[0];
      if (value && (isOperation(value) || (value.type === 'identifier' && locals.has(value.text)))) returnsOperation = true;
    }
    return true;
  });
  return returnsOperation;
}
