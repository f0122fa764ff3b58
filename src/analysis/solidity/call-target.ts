/**
 * What a high-level external call resolves to, as far as the source tells: the
 * declarations of `name` with that arity on the receiver's static type (an interface or
 * contract), or, when the type is unknown, on every contract of the program.
 */
import type { ContractModel, FunctionModel, Program } from './program.ts';
import type { Scope } from './scope.ts';
import type { ExternalCall } from './summary.ts';
import { child, unparen } from './syntax-helpers.ts';

const indexes = new WeakMap<Program, Map<string, FunctionModel[]>>();

/** All functions of the program by `name/arity`, built once per program. */
function functionIndex(program: Program): Map<string, FunctionModel[]> {
  let index = indexes.get(program);
  if (!index) {
    index = new Map();
    for (const c of program.contracts) {
      for (const f of c.functions) {
        const key = `${f.name}/${f.params.length}`;
        const list = index.get(key);
        if (list) list.push(f);
        else index.set(key, [f]);
      }
    }
    indexes.set(program, index);
  }
  return index;
}

/** The functions named `name` with `arity` parameters on any contract of the program. */
export function declarationsAnywhere(program: Program, name: string, arity: number): readonly FunctionModel[] {
  return functionIndex(program).get(`${name}/${arity}`) ?? [];
}

export function calleeDeclarations(call: ExternalCall, scope: Scope): FunctionModel[] {
  const type = receiverType(call, scope);
  if (!type) return functionIndex(scope.program).get(`${call.name}/${call.args.length}`) ?? [];
  return type.linearization.flatMap((c) => c.functions.filter((f) => f.name === call.name && f.params.length === call.args.length));
}

function receiverType(call: ExternalCall, scope: Scope): ContractModel | undefined {
  const node = call.targetNode ? unparen(call.targetNode) : undefined;
  if (!node) return undefined;
  let typeName: string | undefined;
  if (node.type === 'call_expression') {
    const f = child(node, 'function');
    if (f?.type === 'identifier') {
      const named = scope.contractNamed(f.text);
      if (named && named.kind !== 'library') return named;
      typeName = scope.func(f.text, node.children.filter((c) => c.type === 'call_argument').length)?.returns[0]?.type.text;
    }
  } else if (node.type === 'identifier') {
    if (call.target.k === 'param') typeName = call.target.fn.params[call.target.index]?.type.text;
    else if (call.target.k === 'state') typeName = call.target.v.type.text;
    else typeName = call.fn.params.find((p) => p.name === node.text)?.type.text;
  }
  return typeName ? scope.contractNamed(typeName.split('.').pop() ?? '') : undefined;
}

/** True when every declaration found is `view` or `pure` (a read: it cannot change state or re-enter with effect). */
export function isReadOnlyCall(call: ExternalCall, scope: Scope): boolean {
  const decls = calleeDeclarations(call, scope);
  return decls.length > 0 && decls.every((f) => f.mutability === 'view' || f.mutability === 'pure');
}

/** True when some declaration returns a value (ERC-20's `bool`), false when none does (ERC-721). */
export function returnsValue(call: ExternalCall, scope: Scope): boolean | undefined {
  const decls = calleeDeclarations(call, scope);
  if (decls.length === 0) return undefined;
  return decls.some((f) => f.returns.length > 0);
}
