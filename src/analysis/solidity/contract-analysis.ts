/**
 * Everything the detectors ask about one deployable (most-derived) contract: its entry
 * points with their summaries and authorities, its constructors, the token model and
 * the ownership summary. Built lazily and cached per contract.
 */
import type { ContractModel, FunctionModel, Program, StateVariable } from './program.ts';
import { scopeFor, type Scope } from './scope.ts';
import { summarize } from './summarize.ts';
import type { Summary } from './summary.ts';
import { authoritiesOf, isExternallyCallable, type Authority } from './access-control.ts';
import { buildTokenModel, type TokenModel } from './token-model.ts';
import { buildOwnership, type Ownership } from './ownership.ts';

export interface Entry {
  readonly fn: FunctionModel;
  readonly summary: Summary;
  readonly authorities: Authority[];
  /** Only an owner, a role or a fixed address can call it. */
  readonly privileged: boolean;
}

export interface ContractAnalysis {
  readonly contract: ContractModel;
  readonly scope: Scope;
  /** Externally callable functions, most-derived override only. */
  readonly entries: Entry[];
  /** Every constructor in the linearisation (all run at deployment). */
  readonly constructors: Summary[];
  readonly token: TokenModel | undefined;
  readonly ownership: Ownership;
  /** All functions (any visibility) that are the most-derived override of their signature. */
  readonly functions: FunctionModel[];
}

export function analyzeContract(program: Program, contract: ContractModel): ContractAnalysis {
  const scope = scopeFor(program, contract);
  const functions = effectiveFunctions(contract);
  const entries: Entry[] = [];
  for (const fn of functions) {
    if (!isExternallyCallable(fn) || !fn.body) continue;
    const summary = summarize(scope, fn);
    const authorities = authoritiesOf(summary, scope);
    entries.push({ fn, summary, authorities, privileged: authorities.length > 0 });
  }
  const constructors = contract.linearization
    .flatMap((c) => c.functions.filter((f) => f.kind === 'constructor' && f.body))
    .map((f) => summarize(scope, f));
  const token = buildTokenModel(scope, entries);
  const ownership = buildOwnership(entries);
  return { contract, scope, entries, constructors, token, ownership, functions };
}

function signature(fn: FunctionModel): string {
  return `${fn.kind}:${fn.name}(${fn.params.map((p) => canonicalType(p.type.text)).join(',')})`;
}

/** `uint` is `uint256`, `int` is `int256`: an override may spell them either way. */
export function canonicalType(text: string): string {
  return text.replace(/\b(u?int)\b(?!\d)/g, '$1256');
}

function effectiveFunctions(contract: ContractModel): FunctionModel[] {
  const seen = new Set<string>();
  const out: FunctionModel[] = [];
  for (const c of contract.linearization) {
    for (const fn of c.functions) {
      if (fn.kind === 'constructor') continue;
      const sig = signature(fn);
      if (seen.has(sig)) continue;
      seen.add(sig);
      out.push(fn);
    }
  }
  return out;
}

/**
 * Whether an open (unrestricted) entry point writes `v`: then anyone can set it, and a rule
 * that trusts it is a race anyone can win, not a power someone keeps.
 */
export function writtenOpenly(a: ContractAnalysis, v: StateVariable): boolean {
  return a.entries.some((e) => !e.privileged && e.summary.writes.some((w) => w.v === v));
}

/** State variables of the linearisation (most derived first). */
export function stateVariablesOf(contract: ContractModel): StateVariable[] {
  return contract.linearization.flatMap((c) => c.stateVariables);
}
