/**
 * Name lookup in the context of one most-derived contract: state variables, functions
 * (virtual dispatch over the linearisation, `super`), modifiers, libraries, using-for.
 */
import type { ContractModel, FunctionModel, Program, StateVariable } from './program.ts';

export class Scope {
  private readonly vars = new Map<string, StateVariable | null>();
  private readonly fns = new Map<string, FunctionModel | null>();

  constructor(readonly program: Program, readonly contract: ContractModel) {}

  stateVariable(name: string): StateVariable | undefined {
    let v = this.vars.get(name);
    if (v === undefined) {
      v = null;
      for (const c of this.contract.linearization) {
        const found = c.stateVariables.find((s) => s.name === name);
        if (found) {
          v = found;
          break;
        }
      }
      this.vars.set(name, v);
    }
    return v ?? undefined;
  }

  /** The most derived function `name` taking `argc` arguments, searching after `after` for `super`. */
  func(name: string, argc: number, after?: ContractModel): FunctionModel | undefined {
    const key = `${name}/${argc}/${after?.name ?? ''}`;
    let f = this.fns.get(key);
    if (f === undefined) {
      f = null;
      const lin = this.contract.linearization;
      const start = after ? lin.indexOf(after) + 1 : 0;
      for (let i = start; i < lin.length && f === null; i++) {
        f = lin[i]!.functions.find((fn) => fn.name === name && fn.params.length === argc && fn.body) ?? null;
      }
      if (f === null && !after) f = this.program.freeFunctions.find((fn) => fn.name === name && fn.params.length === argc) ?? null;
      this.fns.set(key, f);
    }
    return f ?? undefined;
  }

  modifier(name: string): FunctionModel | undefined {
    for (const c of this.contract.linearization) {
      const m = c.modifiers.find((x) => x.name === name && x.body);
      if (m) return m;
    }
    return undefined;
  }

  /** A library or contract type by name (for `L.f()` calls and `I(x)` casts). */
  contractNamed(name: string): ContractModel | undefined {
    return this.program.byName.get(name)?.[0];
  }

  /** A library function reachable as `x.f(...)` through `using L for T`. */
  usingFor(name: string, argc: number): FunctionModel | undefined {
    for (const c of this.contract.linearization) {
      for (const u of c.usingFor) {
        const lib = this.contractNamed(u.library.split('.').pop() ?? '');
        const f = lib?.functions.find((fn) => fn.name === name && fn.params.length === argc + 1 && fn.body);
        if (f) return f;
      }
    }
    return undefined;
  }
}
