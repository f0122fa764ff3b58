/**
 * Name lookup in the context of one most-derived contract: state variables, functions
 * (virtual dispatch over the linearisation, `super`), modifiers, libraries, using-for.
 */
import type { ContractModel, FunctionModel, Program, StateVariable } from './program.ts';

const shared = new WeakMap<Program, Map<ContractModel, Scope>>();

/**
 * The one scope of `contract` in `program`. Scopes memoise lookups and key the IR and
 * summary caches, so the detectors that read a function in its own contract and the
 * contract analysis of the same contract share one lowering instead of building two.
 */
export function scopeFor(program: Program, contract: ContractModel): Scope {
  let byContract = shared.get(program);
  if (!byContract) {
    byContract = new Map();
    shared.set(program, byContract);
  }
  let scope = byContract.get(contract);
  if (!scope) {
    scope = new Scope(program, contract);
    byContract.set(contract, scope);
  }
  return scope;
}

export class Scope {
  private readonly vars = new Map<string, StateVariable | null>();
  private readonly fns = new Map<string, FunctionModel | null>();

  constructor(
    readonly program: Program,
    readonly contract: ContractModel,
  ) {}

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

  /**
   * A library function reachable as `x.f(...)` through `using L for T`. With the
   * receiver's type known, a function whose first parameter takes that type wins
   * (`x.add(v)` on a uint is SafeMath's, not the Roles library's `add`).
   */
  usingFor(name: string, argc: number, receiverType?: string): FunctionModel | undefined {
    let first: FunctionModel | undefined;
    const want = receiverType === undefined ? undefined : normalizeType(receiverType);
    for (const c of this.contract.linearization) {
      for (const u of c.usingFor) {
        const lib = this.contractNamed(u.library.split('.').pop() ?? '');
        const f = lib?.functions.find((fn) => fn.name === name && fn.params.length === argc + 1 && fn.body);
        if (!f) continue;
        if (want === undefined) return f;
        if (normalizeType(f.params[0]!.type.text) === want) return f;
        first ??= f;
      }
    }
    // A plain value's type that no library takes: not a library call at all.
    if (want !== undefined && /^(u?int\d*|bool|address|bytes\d*|string)$/.test(want)) return undefined;
    return first;
  }
}

/** `uint` and `uint256`, `Roles.Role` and `Role`, `address payable` and `address` compare equal. */
function normalizeType(text: string): string {
  const t =
    text
      .replace(/\b(storage|memory|calldata|payable)\b/g, '')
      .trim()
      .split('.')
      .pop() ?? '';
  return t === 'uint' ? 'uint256' : t === 'int' ? 'int256' : t;
}
