/** Shared ways of reporting a function or a state variable from a detector. */
import type { FunctionModel, StateVariable } from '../solidity/program.ts';
import type { DetectorContext } from './define-detector.ts';

export function reportFunction(ctx: DetectorContext, fn: FunctionModel, messageId: string, data: Record<string, string> = {}): void {
  ctx.report({
    unit: fn.contract.unit,
    node: fn.node,
    messageId,
    data: { fn: fn.name, contract: fn.contract.name, ...data },
    contract: fn.contract.name,
  });
}

export function reportVariable(ctx: DetectorContext, v: StateVariable, messageId: string, data: Record<string, string> = {}): void {
  ctx.report({
    unit: v.contract.unit,
    node: v.node,
    messageId,
    data: { name: v.name, contract: v.contract.name, ...data },
    contract: v.contract.name,
  });
}

export function names(vars: Iterable<StateVariable>): string {
  return [...new Set([...vars].map((v) => v.name))].join(', ');
}

/** Whether a function's source text contains `word`: a cheap filter before building its IR. */
export function mentions(fn: FunctionModel, word: string): boolean {
  return fn.contract.unit.source.slice(fn.node.start, fn.node.end).includes(word);
}
