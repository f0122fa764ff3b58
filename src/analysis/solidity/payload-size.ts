/**
 * Calldata-length checks a standard call can never pass. `onlyPayloadSize(3 * 32)` on a
 * two-argument `transfer`, or `if (msg.data.length < 100) revert()` in it, asks for more
 * bytes than the ABI encoding of the function's own arguments (4 + 32 per static
 * argument): every call a wallet or exchange makes reverts, so the function is dead.
 */
import type { Scope } from './scope.ts';
import type { Env } from './symbolic.ts';
import type { Guard, Summary } from './summary.ts';
import type { FunctionModel } from './program.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { constantValue } from './constant-value.ts';
import { child, isMember, operatorOf, unparen } from './syntax-helpers.ts';
import { isValueType } from './type-info.ts';

export interface ImpossiblePayload {
  readonly guard: Guard;
  /** Bytes the check demands, and bytes a standard call carries. */
  readonly need: number;
  readonly has: number;
}

/** The first guard of the entry that no standard call of it can satisfy. */
export function impossiblePayload(summary: Summary, fn: FunctionModel, scope: Scope): ImpossiblePayload | undefined {
  // Dynamic arguments (bytes, string, arrays) make the length vary with the call.
  if (!fn.params.every((p) => isValueType(p.type, new Set()))) return undefined;
  const has = 4 + 32 * fn.params.length;
  for (const g of summary.guards) {
    if (g.path.length > 0) continue;
    const need = lengthDemand(g.cond, g.positive, g.env, scope);
    if (need && !need(has)) return { guard: g, need: need.bytes, has };
  }
  return undefined;
}

type Demand = ((length: number) => boolean) & { bytes: number };

/** What `cond` (held when `positive`, failed otherwise) demands of `msg.data.length`. */
function lengthDemand(cond: SyntaxNode, positive: boolean, env: Env, scope: Scope): Demand | undefined {
  const n = unparen(cond);
  if (n.type === 'unary_expression' && operatorOf(n) === '!') {
    const inner = n.children.find((c) => c.field === 'argument') ?? n.children[n.children.length - 1];
    return inner ? lengthDemand(inner, !positive, env, scope) : undefined;
  }
  if (n.type !== 'binary_expression') return undefined;
  const left = child(n, 'left');
  const right = child(n, 'right');
  if (!left || !right) return undefined;
  let op = operatorOf(n);
  let k: number | undefined;
  if (isDataLength(left)) k = fold(right, env, scope);
  else if (isDataLength(right)) {
    k = fold(left, env, scope);
    op = ({ '<': '>', '>': '<', '<=': '>=', '>=': '<=' } as Record<string, string>)[op] ?? op;
  }
  if (k === undefined) return undefined;
  const bound = k;
  const test = (len: number): boolean => {
    const holds =
      op === '<'
        ? len < bound
        : op === '<='
          ? len <= bound
          : op === '>'
            ? len > bound
            : op === '>='
              ? len >= bound
              : op === '=='
                ? len === bound
                : op === '!='
                  ? len !== bound
                  : true;
    return positive ? holds : !holds;
  };
  return Object.assign(test, { bytes: bound });
}

function isDataLength(n: SyntaxNode): boolean {
  const u = unparen(n);
  const o = child(u, 'object');
  return u.type === 'member_expression' && child(u, 'property')?.text === 'length' && !!o && isMember(unparen(o), 'msg', 'data');
}

/** A constant, through the modifier or helper arguments it was passed as (`size + 4`). */
function fold(n: SyntaxNode, env: Env, scope: Scope, depth = 0): number | undefined {
  const u = unparen(n);
  if (depth > 6) return undefined;
  if (u.type === 'identifier') {
    const origin = env.origins.get(u.text);
    if (origin) return fold(origin.node, origin.env, scope, depth + 1);
    return constantValue(u, scope);
  }
  if (u.type === 'binary_expression') {
    const l = child(u, 'left');
    const r = child(u, 'right');
    const a = l ? fold(l, env, scope, depth + 1) : undefined;
    const b = r ? fold(r, env, scope, depth + 1) : undefined;
    if (a === undefined || b === undefined) return undefined;
    const o = operatorOf(u);
    return o === '+' ? a + b : o === '-' ? a - b : o === '*' ? a * b : o === '/' && b !== 0 ? Math.floor(a / b) : undefined;
  }
  return constantValue(u, scope);
}
