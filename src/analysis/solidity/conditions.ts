/**
 * Turns a condition into clauses (a conjunction of disjunctions of literals) over atoms
 * the detectors understand: "the caller is X", "flag[k] is set", "bool variable V",
 * comparisons. One-line getters (`paused()`, `hasRole(r, a)`) are seen through.
 */
import type { FunctionModel, StateVariable } from './program.ts';
import type { Scope } from './scope.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { callArguments, child, operatorOf, unparen } from './syntax-helpers.ts';
import { Env, UNKNOWN, type Sym } from './symbolic.ts';
import { evaluate, singleReturn } from './evaluate.ts';
import { isBoolType } from './type-info.ts';

export type Atom =
  | { readonly k: 'caller-is'; readonly who: Sym; readonly origin: boolean }
  | { readonly k: 'bool-var'; readonly v: StateVariable }
  | { readonly k: 'flag'; readonly v: StateVariable; readonly keys: readonly Sym[] }
  | { readonly k: 'compare'; readonly op: string; readonly left: SyntaxNode; readonly right: SyntaxNode }
  | { readonly k: 'other' };

export interface Literal {
  readonly atom: Atom;
  /** False when the atom must be false for the literal to hold. */
  readonly positive: boolean;
  readonly node: SyntaxNode;
  readonly env: Env;
  readonly fn: FunctionModel;
  /** True for the negated branch condition a guard sits under (`if (p) require(g)` gives `!p || g`). */
  readonly fromPath?: boolean;
}

export type Clause = Literal[];

const MAX_CLAUSES = 16;
const MAX_DEPTH = 4;

export function clausesOf(cond: SyntaxNode, positive: boolean, env: Env, scope: Scope, fn: FunctionModel, depth = 0): Clause[] {
  const c = unparen(cond);
  const lit = (atom: Atom, pos = positive): Clause[] => [[{ atom, positive: pos, node: c, env, fn }]];
  if (c.type === 'unary_expression' && operatorOf(c) === '!') {
    const arg = c.children[1];
    return arg ? clausesOf(arg, !positive, env, scope, fn, depth) : lit({ k: 'other' });
  }
  if (c.type === 'binary_expression') {
    const op = operatorOf(c);
    const l = child(c, 'left');
    const r = child(c, 'right');
    if (!l || !r) return lit({ k: 'other' });
    if (op === '&&' || op === '||') {
      const a = clausesOf(l, positive, env, scope, fn, depth);
      const b = clausesOf(r, positive, env, scope, fn, depth);
      const conjunction = (op === '&&') === positive;
      return conjunction ? [...a, ...b] : product(a, b);
    }
    if (op === '==' || op === '!=') {
      const eq = (op === '==') === positive;
      const boolSide = r.type === 'boolean_literal' ? [l, r.text] as const : l.type === 'boolean_literal' ? [r, l.text] as const : undefined;
      if (boolSide) return clausesOf(boolSide[0], eq === (boolSide[1] === 'true'), env, scope, fn, depth);
      const ls = evaluate(l, env, { scope, fn });
      const rs = evaluate(r, env, { scope, fn });
      const callerSide = ls.k === 'sender' || ls.k === 'origin' ? [ls, rs] as const : rs.k === 'sender' || rs.k === 'origin' ? [rs, ls] as const : undefined;
      if (callerSide) return lit({ k: 'caller-is', who: callerSide[1], origin: callerSide[0].k === 'origin' }, eq);
    }
    return lit({ k: 'compare', op, left: l, right: r });
  }
  const sym = evaluate(c, env, { scope, fn });
  if (sym.k === 'state' && isBoolValued(sym.v, sym.keys.length)) {
    return lit(sym.keys.length === 0 ? { k: 'bool-var', v: sym.v } : { k: 'flag', v: sym.v, keys: sym.keys });
  }
  if (c.type === 'call_expression' && depth < MAX_DEPTH) {
    const inlined = throughGetter(c, positive, env, scope, fn, depth);
    if (inlined) return inlined;
  }
  return lit({ k: 'other' });
}

function isBoolValued(v: StateVariable, keyCount: number): boolean {
  let t = v.type;
  for (let i = 0; i < keyCount && t.mapping; i++) t = t.mapping.value;
  if (isBoolType(t)) return true;
  // Struct members (`_roles[r].hasRole[a]`) are not typed here; an indexed read used
  // directly as a condition can only be a boolean.
  return keyCount > 0 && !t.mapping && !/^u?int|^address/.test(t.text);
}

function throughGetter(c: SyntaxNode, positive: boolean, env: Env, scope: Scope, fn: FunctionModel, depth: number): Clause[] | undefined {
  const f = child(c, 'function');
  if (f?.type !== 'identifier') return undefined;
  const args = callArguments(c);
  const callee = scope.func(f.text, args.length);
  const ret = callee ? singleReturn(callee) : undefined;
  if (!callee || !ret) return undefined;
  const inner = new Env();
  callee.params.forEach((p, i) => inner.values.set(p.name, args[i] ? evaluate(args[i]!, env, { scope, fn }) : UNKNOWN));
  return clausesOf(ret, positive, inner, scope, callee, depth + 1);
}

function product(a: Clause[], b: Clause[]): Clause[] {
  const out: Clause[] = [];
  for (const x of a) for (const y of b) if (out.length < MAX_CLAUSES) out.push([...x, ...y]);
  return out;
}
