/**
 * Turns a condition into clauses (a conjunction of disjunctions of literals) over atoms
 * the detectors understand: "the caller is X", "flag[k] is set", "bool variable V",
 * comparisons. One-line getters (`paused()`, `hasRole(r, a)`) are seen through.
 */
import type { FunctionModel, StateVariable } from './program.ts';
import type { Scope } from './scope.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { callArguments, child, operatorOf, unparen } from './syntax-helpers.ts';
import { Env, isZero, typeTextOf, UNKNOWN, type Sym } from './symbolic.ts';
import { evaluate, singleReturn } from './evaluate.ts';
import { isBoolType } from './type-info.ts';
import { yulArgs, yulCallee } from './yul.ts';

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
      const boolSide =
        r.type === 'boolean_literal' ? ([l, r.text] as const) : l.type === 'boolean_literal' ? ([r, l.text] as const) : undefined;
      if (boolSide) return clausesOf(boolSide[0], eq === (boolSide[1] === 'true'), env, scope, fn, depth);
      const atom = equalityAtom(l, r, env, scope, fn);
      if (atom) return lit(atom.atom, atom.whenEqual === eq);
    }
    return lit({ k: 'compare', op, left: l, right: r });
  }
  // Inline assembly tests: `iszero(x)` negates, `eq(a, b)` compares, `and`/`or` combine.
  if (c.type === 'yul_function_call') {
    const name = yulCallee(c);
    const args = yulArgs(c);
    if (name === 'iszero' && args.length === 1) return clausesOf(args[0]!, !positive, env, scope, fn, depth);
    if ((name === 'and' || name === 'or') && args.length === 2) {
      const a = clausesOf(args[0]!, positive, env, scope, fn, depth);
      const b = clausesOf(args[1]!, positive, env, scope, fn, depth);
      return (name === 'and') === positive ? [...a, ...b] : product(a, b);
    }
    if (name === 'eq' && args.length === 2) {
      const atom = equalityAtom(args[0]!, args[1]!, env, scope, fn);
      return atom ? lit(atom.atom, atom.whenEqual === positive) : lit({ k: 'compare', op: '==', left: args[0]!, right: args[1]! });
    }
    const cmp: Record<string, string> = { lt: '<', gt: '>', slt: '<', sgt: '>' };
    if (cmp[name] && args.length === 2) return lit({ k: 'compare', op: cmp[name]!, left: args[0]!, right: args[1]! });
  }
  const sym = evaluate(c, env, { scope, fn });
  if (sym.k === 'state' && isBoolValued(sym.v, sym.keys.length)) {
    return lit(sym.keys.length === 0 ? { k: 'bool-var', v: sym.v } : { k: 'flag', v: sym.v, keys: sym.keys });
  }
  if (c.type === 'call_expression' && depth < MAX_DEPTH) {
    const inlined = throughGetter(c, positive, env, scope, fn, depth);
    if (inlined) return inlined;
    const registry = registryFlag(c, env, scope, fn);
    if (registry) return lit(registry);
  }
  return lit({ k: 'other' });
}

/**
 * `a == b` where one side is the caller (`caller-is`, holds when equal), or a set entry
 * of the caller compared with zero (`set._indexes[msg.sender] != 0`, an enumerable role
 * set: membership holds when *not* equal).
 */
function equalityAtom(
  l: SyntaxNode,
  r: SyntaxNode,
  env: Env,
  scope: Scope,
  fn: FunctionModel,
): { atom: Atom; whenEqual: boolean } | undefined {
  const ls = evaluate(l, env, { scope, fn });
  const rs = evaluate(r, env, { scope, fn });
  const callerSide =
    ls.k === 'sender' || ls.k === 'origin' ? ([ls, rs] as const) : rs.k === 'sender' || rs.k === 'origin' ? ([rs, ls] as const) : undefined;
  if (callerSide) return { atom: { k: 'caller-is', who: callerSide[1], origin: callerSide[0].k === 'origin' }, whenEqual: true };
  const member = isZero(rs) === true ? ls : isZero(ls) === true ? rs : undefined;
  if (member?.k === 'state' && isSetIndex(member) && member.keys.some((k) => k.k === 'sender' || k.k === 'origin')) {
    return { atom: { k: 'flag', v: member.v, keys: member.keys }, whenEqual: false };
  }
  return undefined;
}

/**
 * A set's index entry: the variable itself is not a mapping (`EnumerableSet.AddressSet
 * minters`), or it is a mapping of structs whose entry holds the set
 * (`_roles[role].members._inner._indexes[a]`), so the keys reach past the mapping's depth.
 */
function isSetIndex(member: Sym & { k: 'state' }): boolean {
  let t = member.v.type;
  let depth = 0;
  while (t.mapping) {
    t = t.mapping.value;
    depth++;
  }
  return member.keys.length > depth;
}

function isBoolValued(v: StateVariable, keyCount: number): boolean {
  let t = v.type;
  for (let i = 0; i < keyCount && t.mapping; i++) t = t.mapping.value;
  if (isBoolType(t)) return true;
  // Struct members (`_roles[r].hasRole[a]`) are not typed here; an indexed read used
  // directly as a condition can only be a boolean.
  return keyCount > 0 && !t.mapping && !/^u?int|^address/.test(t.text);
}

/**
 * A call used as a condition: the helper's body is read along each branch and the
 * condition holds when some `return` yields true (with the conditions on its path).
 * Handles plain helpers, `super`-less internal calls, `Lib.f(x)`, `x.f()` through
 * using-for, and an external registry asked about the caller (`authority.canCall(msg.sender, …)`).
 */
function throughGetter(c: SyntaxNode, positive: boolean, env: Env, scope: Scope, fn: FunctionModel, depth: number): Clause[] | undefined {
  const f = child(c, 'function');
  if (!f) return undefined;
  const args = callArguments(c);
  const resolved = resolveHelper(f, args, env, scope, fn);
  if (!resolved) return undefined;
  const { callee, argSyms } = resolved;
  const inner = new Env();
  callee.params.forEach((p, i) => {
    const sym = argSyms[i] ?? UNKNOWN;
    inner.values.set(p.name, sym);
    if (sym.k === 'state') inner.storage.set(p.name, sym);
  });
  const single = singleReturn(callee);
  if (single) return clausesOf(single, positive, inner, scope, callee, depth + 1);
  const whenTrue = trueConditions(callee, inner, scope, depth + 1);
  if (!whenTrue) return undefined;
  return positive ? whenTrue : negate(whenTrue);
}

interface Resolved {
  readonly callee: FunctionModel;
  readonly argSyms: Sym[];
}

function resolveHelper(f: SyntaxNode, args: SyntaxNode[], env: Env, scope: Scope, fn: FunctionModel): Resolved | undefined {
  const cx = { scope, fn };
  const syms = (): Sym[] => args.map((a) => evaluate(a, env, cx));
  if (f.type === 'identifier') {
    // Inside a library a plain call names the library's own (often private) helper:
    // EnumerableSet's `contains` asks `_contains(set._inner, bytes32(uint256(uint160(a))))`.
    const own =
      fn.contract.kind === 'library'
        ? fn.contract.functions.find((x) => x.name === f.text && x.params.length === args.length && x.body)
        : undefined;
    const callee = own ?? scope.func(f.text, args.length);
    return callee ? { callee, argSyms: syms() } : undefined;
  }
  if (f.type !== 'member_expression') return undefined;
  const object = child(f, 'object');
  const name = child(f, 'property')?.text ?? '';
  if (!object) return undefined;
  const o = unparen(object);
  if (o.type === 'identifier' && !env.values.has(o.text) && !env.storage.has(o.text) && !scope.stateVariable(o.text)) {
    const named = scope.contractNamed(o.text);
    const callee =
      named?.kind === 'library' ? named.functions.find((x) => x.name === name && x.params.length === args.length && x.body) : undefined;
    return callee ? { callee, argSyms: syms() } : undefined;
  }
  const receiver = evaluate(o, env, cx);
  const viaUsing = scope.usingFor(name, args.length, typeTextOf(receiver));
  if (viaUsing && viaUsing.contract.kind === 'library') return { callee: viaUsing, argSyms: [receiver, ...syms()] };
  return undefined;
}

/** An external contract held in state and asked about the caller: a role registry. */
function registryFlag(c: SyntaxNode, env: Env, scope: Scope, fn: FunctionModel): Atom | undefined {
  const f = child(c, 'function');
  if (f?.type !== 'member_expression') return undefined;
  const object = child(f, 'object');
  if (!object) return undefined;
  const o = evaluate(object, env, { scope, fn });
  if (o.k !== 'state' || o.keys.length > 0 || o.v.type.mapping || /^(u?int|bool|bytes|string)/.test(o.v.type.text)) return undefined;
  const argSyms = callArguments(c).map((a) => evaluate(a, env, { scope, fn }));
  const caller = argSyms.find((s) => s.k === 'sender' || s.k === 'origin');
  return caller ? { k: 'flag', v: o.v, keys: [caller] } : undefined;
}

/**
 * When a bool function returns true, as clauses: the disjunction over its `return`s of
 * (the conditions on the path to it ∧ the returned expression). Statements after
 * `if (c) return …;` run under `!c`; `require(c)` adds `c`. Undefined when unreadable.
 */
function trueConditions(fn: FunctionModel, env: Env, scope: Scope, depth: number): Clause[] | undefined {
  if (!fn.body || fn.returns.length !== 1 || !isBoolType(fn.returns[0]!.type)) return undefined;
  const results: Clause[][] = [];
  let budget = 64;
  const walk = (stmts: readonly SyntaxNode[], path: Clause[]): boolean => {
    let current = path;
    for (const s of stmts) {
      if (--budget < 0) return true;
      switch (s.type) {
        case 'block_statement':
          if (walk(s.children, current)) return true;
          continue;
        case 'return_statement': {
          const e = s.children[0];
          if (!e) return true;
          const u = unparen(e);
          if (u.type === 'boolean_literal') {
            if (u.text === 'true') results.push(current);
          } else {
            results.push([...current, ...clausesOf(e, true, env, scope, fn, depth)]);
          }
          return true;
        }
        case 'revert_statement':
        case 'throw_statement':
          return true;
        case 'if_statement': {
          const cond = child(s, 'condition');
          const arms = s.children.filter((x) => x.field === 'body');
          if (!cond || !arms[0]) continue;
          const yes = clausesOf(cond, true, env, scope, fn, depth);
          const no = clausesOf(cond, false, env, scope, fn, depth);
          const thenEnds = walk([arms[0]], [...current, ...yes]);
          const elseEnds = arms[1] ? walk([arms[1]], [...current, ...no]) : false;
          if (thenEnds && elseEnds) return true;
          if (thenEnds) current = [...current, ...no];
          else if (elseEnds) current = [...current, ...yes];
          continue;
        }
        case 'expression_statement': {
          const call = s.children[0];
          const callee = call?.type === 'call_expression' ? child(call, 'function')?.text : undefined;
          const a = call ? callArguments(call)[0] : undefined;
          if ((callee === 'require' || callee === 'assert') && a) current = [...current, ...clausesOf(a, true, env, scope, fn, depth)];
          if (callee === 'revert') return true;
          continue;
        }
        default:
          continue;
      }
    }
    return false;
  };
  walk(fn.body.children, []);
  if (results.length === 0) return undefined;
  let out = results[0]!;
  for (const r of results.slice(1)) out = product(out, r);
  return out;
}

/** `!(c1 ∧ c2 …)` for small clause sets: each clause negated is a conjunction, distributed. */
function negate(clauses: Clause[]): Clause[] {
  let out: Clause[] = [[]];
  for (const clause of clauses) {
    const alternatives: Clause[] = clause.map((l) => [{ ...l, positive: !l.positive }]);
    out = product(out, alternatives);
  }
  return out;
}

/** Whether a clause holds trivially (`p ∨ ¬p` from the same condition). */
function tautology(clause: Clause): boolean {
  for (let i = 0; i < clause.length; i++) {
    for (let j = i + 1; j < clause.length; j++) {
      const a = clause[i]!;
      const b = clause[j]!;
      if (a.node === b.node && a.env === b.env && a.positive !== b.positive) return true;
    }
  }
  return false;
}

function product(a: Clause[], b: Clause[]): Clause[] {
  const out: Clause[] = [];
  for (const x of a) {
    for (const y of b) {
      const merged = [...x, ...y];
      if (out.length < MAX_CLAUSES && !tautology(merged)) out.push(merged);
    }
  }
  return out;
}
