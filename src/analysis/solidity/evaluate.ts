/** Evaluates expressions to {@link Sym}s, seeing through casts and one-line getters. */
import type { FunctionModel } from './program.ts';
import type { Scope } from './scope.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { callArguments, child, isMember, unparen } from './syntax-helpers.ts';
import { Env, SENDER, THIS, UNKNOWN, ZERO, type Sym } from './symbolic.ts';
import { scratchName, yulArgs, yulCallee, yulOffset } from './yul.ts';

/** How deep evaluation follows `return x;` getters. */
const MAX_GETTER_DEPTH = 4;

export interface EvalContext {
  readonly scope: Scope;
  /** The function whose source contains the expression (for state lookups from libraries). */
  readonly fn: FunctionModel;
}

export function evaluate(node: SyntaxNode, env: Env, cx: EvalContext, depth = 0): Sym {
  const n = unparen(node);
  switch (n.type) {
    case 'identifier':
      return evalIdentifier(n.text, env, cx);
    case 'member_expression':
      if (isMember(n, 'msg', 'sender')) return SENDER;
      if (isMember(n, 'tx', 'origin')) return { k: 'origin' };
      return evalField(n, env, cx, depth);
    case 'number_literal':
    case 'hex_number':
      return { k: 'literal', text: n.text };
    case 'boolean_literal':
      return { k: 'literal', text: n.text };
    case 'array_access':
      return evalIndex(n, env, cx, depth);
    case 'call_expression':
    case 'type_cast_expression':
    case 'payable_conversion_expression':
      return evalCall(n, env, cx, depth);
    case 'yul_function_call':
      return evalYulCall(n, env, cx, depth);
    case 'yul_path':
    case 'yul_identifier':
      return evalYulPath(n, env, cx);
    case 'yul_decimal_number':
    case 'yul_hex_number':
      return /^0x0*$|^0$/i.test(n.text) ? { k: 'literal', text: '0' } : { k: 'literal', text: n.text };
    default:
      return UNKNOWN;
  }
}

function evalIdentifier(name: string, env: Env, cx: EvalContext): Sym {
  const local = env.values.get(name);
  if (local) return local;
  if (name === 'this') return THIS;
  if (env.storage.has(name)) return env.storage.get(name)!;
  if (cx.fn.contract.kind === 'library' && cx.scope.contract !== cx.fn.contract) return UNKNOWN;
  const v = cx.scope.stateVariable(name);
  if (!v) return UNKNOWN;
  if (v.isConstant && v.initializer) {
    const init = unparen(v.initializer);
    if (init.type === 'number_literal' || init.type === 'hex_number' || init.type === 'boolean_literal')
      return { k: 'literal', text: init.text };
    if (init.type === 'call_expression' && isAddressCast(init)) {
      const arg = callArguments(init)[0];
      if (arg && (arg.type === 'number_literal' || arg.type === 'hex_number'))
        return /^0x0*$|^0$/i.test(arg.text) ? ZERO : { k: 'literal', text: arg.text };
    }
  }
  return { k: 'state', v, keys: [] };
}

function evalIndex(n: SyntaxNode, env: Env, cx: EvalContext, depth: number): Sym {
  const base = child(n, 'base');
  const index = child(n, 'index');
  if (!base) return UNKNOWN;
  const b = evaluate(base, env, cx, depth);
  const key = index ? evaluate(index, env, cx, depth) : UNKNOWN;
  if (b.k === 'state') return { k: 'state', v: b.v, keys: [...b.keys, key] };
  if (b.k === 'param' || b.k === 'unknown') return b.k === 'param' ? { k: 'element', of: b } : UNKNOWN;
  return UNKNOWN;
}

/** `s.field` of a state struct stays "that state variable" (same keys). */
function evalField(n: SyntaxNode, env: Env, cx: EvalContext, depth: number): Sym {
  const object = child(n, 'object');
  if (!object || (object.type === 'identifier' && (object.text === 'msg' || object.text === 'block' || object.text === 'tx')))
    return UNKNOWN;
  const o = evaluate(object, env, cx, depth);
  return o.k === 'state' ? o : UNKNOWN;
}

function isAddressCast(n: SyntaxNode): boolean {
  const f = child(n, 'function');
  return !!f && (f.text === 'address' || f.text === 'payable' || f.type === 'primitive_type');
}

function evalCall(n: SyntaxNode, env: Env, cx: EvalContext, depth: number): Sym {
  const args = callArguments(n);
  if (n.type === 'payable_conversion_expression') return args[0] ? evaluate(args[0], env, cx, depth) : UNKNOWN;
  const f = n.type === 'type_cast_expression' ? n.children[0] : child(n, 'function');
  if (!f) return UNKNOWN;
  const fname = f.type === 'primitive_type' || f.type === 'identifier' ? f.text : '';
  if ((fname === 'address' || fname === 'payable' || /^u?int\d*$|^bytes\d*$/.test(fname)) && args.length === 1) {
    const a = unparen(args[0]!);
    if ((a.type === 'number_literal' || a.type === 'hex_number') && /^0x0*$|^0$/i.test(a.text)) return ZERO;
    return evaluate(a, env, cx, depth);
  }
  if (f.type === 'identifier' && args.length === 1 && cx.scope.contractNamed(f.text)?.kind === 'interface') {
    return evaluate(args[0]!, env, cx, depth);
  }
  if (f.type === 'identifier' && depth < MAX_GETTER_DEPTH) {
    const callee = cx.scope.func(f.text, args.length);
    if (callee) return evalGetter(callee, args, env, cx, depth);
  }
  return UNKNOWN;
}

/** `owner()` → the `_owner` state variable; `_msgSender()` → the caller. */
function evalGetter(callee: FunctionModel, args: SyntaxNode[], env: Env, cx: EvalContext, depth: number): Sym {
  const ret = singleReturn(callee);
  if (!ret) return UNKNOWN;
  const inner = new Env();
  callee.params.forEach((p, i) => inner.values.set(p.name, args[i] ? evaluate(args[i]!, env, cx, depth) : UNKNOWN));
  return evaluate(ret, inner, { scope: cx.scope, fn: callee }, depth + 1);
}

/** The returned expression of a function whose body is a single `return e;`. */
export function singleReturn(fn: FunctionModel): SyntaxNode | undefined {
  const stmts = fn.body?.children ?? [];
  if (stmts.length !== 1) return undefined;
  const s = stmts[0]!;
  if (s.type !== 'return_statement') return undefined;
  return s.children[0];
}

/**
 * Inline assembly names storage by slot: `x.slot` (0.7+) or `x_slot` is state variable x
 * (or what storage pointer x points at), a `let` local is what it was bound to. A slot and
 * the value `sload` reads from it are the same symbol (the state variable at its keys):
 * `sload(s)` and `s` evaluate alike, which is what lets `sstore(s, sub(sload(s), v))`
 * read as a decrease of that entry.
 */
function evalYulPath(n: SyntaxNode, env: Env, cx: EvalContext): Sym {
  const parts = n.type === 'yul_path' ? n.children.map((c) => c.text) : [n.text];
  if (parts.length === 2 && parts[1] === 'slot') return slotOf(parts[0]!, env, cx);
  if (parts.length !== 1) return UNKNOWN;
  const name = parts[0]!;
  const local = env.values.get(name) ?? env.storage.get(name);
  if (local) return local;
  if (name.endsWith('_slot')) return slotOf(name.slice(0, -5), env, cx);
  return UNKNOWN;
}

function slotOf(name: string, env: Env, cx: EvalContext): Sym {
  const ptr = env.storage.get(name);
  if (ptr) return ptr;
  if (env.values.has(name)) return UNKNOWN;
  const v = cx.scope.stateVariable(name);
  return v && !v.isConstant ? { k: 'state', v, keys: [] } : UNKNOWN;
}

function evalYulCall(n: SyntaxNode, env: Env, cx: EvalContext, depth: number): Sym {
  const args = yulArgs(n);
  switch (yulCallee(n)) {
    case 'caller':
      return SENDER;
    case 'origin':
      return { k: 'origin' };
    case 'address':
      return THIS;
    case 'sload': {
      const s = args[0] ? evaluate(args[0], env, cx, depth) : UNKNOWN;
      return s.k === 'state' ? s : UNKNOWN;
    }
    // `and(a, 0xff…ff)` cleans an address; a struct member is a fixed offset from its slot.
    case 'and':
    case 'add': {
      if (args.length !== 2) return UNKNOWN;
      const [a, b] = [evaluate(args[0]!, env, cx, depth), evaluate(args[1]!, env, cx, depth)];
      if (a.k === 'literal' && b.k !== 'literal') return b.k === 'state' || yulCallee(n) === 'and' ? b : UNKNOWN;
      if (b.k === 'literal' && a.k !== 'literal') return a.k === 'state' || yulCallee(n) === 'and' ? a : UNKNOWN;
      return UNKNOWN;
    }
    case 'keccak256':
    case 'sha3':
      return mappingSlot(args, env, cx, depth);
    default:
      return UNKNOWN;
  }
}

/**
 * A mapping entry's slot: `keccak256(key, map.slot)` as the issue writes it, or the
 * compiler's own layout `mstore(0, key) mstore(32, map.slot) keccak256(0, 64)`.
 */
function mappingSlot(args: SyntaxNode[], env: Env, cx: EvalContext, depth: number): Sym {
  if (args.length !== 2) return UNKNOWN;
  const offset = yulOffset(args[0]!);
  const length = yulOffset(args[1]!);
  if (offset !== undefined && length === 64) {
    const key = env.values.get(scratchName(offset)) ?? UNKNOWN;
    const slot = env.values.get(scratchName(offset + 32));
    return slot?.k === 'state' ? { k: 'state', v: slot.v, keys: [...slot.keys, key] } : UNKNOWN;
  }
  const slot = evaluate(args[1]!, env, cx, depth);
  return slot.k === 'state' ? { k: 'state', v: slot.v, keys: [...slot.keys, evaluate(args[0]!, env, cx, depth)] } : UNKNOWN;
}
