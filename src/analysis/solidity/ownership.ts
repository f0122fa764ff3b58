/**
 * Ownership as holders care about it: which variable the owner checks read, how it is
 * renounced, and whether a renounced or transferred ownership can be taken back.
 */
import type { FunctionModel, StateVariable } from './program.ts';
import type { Entry } from './contract-analysis.ts';
import { isAddressType } from './type-info.ts';
import { isInitializer } from './initializable.ts';

export interface Ownership {
  /** The address variable most owner checks compare the caller with. */
  readonly ownerVariable: StateVariable | undefined;
  /** Privileged functions that set the owner to zero. */
  readonly renounceFunctions: FunctionModel[];
  /** Functions that set the owner from somewhere other than a caller-supplied new owner under the owner's own check. */
  readonly reclaimFunctions: FunctionModel[];
  /** Other address variables that guard privileged functions. */
  readonly otherAuthorities: StateVariable[];
  readonly canReclaim: boolean;
}

export function buildOwnership(entries: Entry[]): Ownership {
  const counts = new Map<StateVariable, number>();
  for (const e of entries) {
    for (const a of e.authorities) if (a.kind === 'owner' && a.v && isAddressType(a.v.type)) counts.set(a.v, (counts.get(a.v) ?? 0) + 1);
  }
  // The ERC-173 getter `owner()` names the owner; otherwise the most used caller check.
  const getter = entries.find((e) => e.fn.name === 'owner' && e.fn.params.length === 0 && e.fn.returns.length === 1);
  const reported = getter ? [...getter.summary.reads].find((v) => counts.has(v)) : undefined;
  const ownerVariable = reported ?? [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const renounceFunctions: FunctionModel[] = [];
  const reclaimFunctions: FunctionModel[] = [];
  if (ownerVariable) {
    const writers = entries.filter((e) => e.summary.writes.some((w) => w.v === ownerVariable));
    for (const e of writers) {
      if (e.privileged && e.summary.writes.every((w) => w.v !== ownerVariable || w.op === 'delete')) renounceFunctions.push(e.fn);
    }
    // What renouncing clears: an authority it leaves set can bring the owner back.
    const cleared = new Set(
      renounceFunctions.flatMap((fn) =>
        entries
          .find((e) => e.fn === fn)!
          .summary.writes.filter((w) => w.op === 'delete')
          .map((w) => w.v),
      ),
    );
    for (const e of writers) {
      if (renounceFunctions.includes(e.fn) || e.authorities.some((a) => a.v === ownerVariable)) continue;
      // An initializer runs once, when the proxy is set up: it cannot set the owner *again*.
      if (isInitializer(e.fn)) continue;
      const sets = e.summary.writes.some((w) => w.v === ownerVariable && w.op !== 'delete');
      if (!sets) continue;
      const stale =
        e.authorities.length === 0 || e.authorities.some((a) => a.kind === 'fixed-address' || (a.v !== undefined && !cleared.has(a.v)));
      if (stale) reclaimFunctions.push(e.fn);
    }
  }
  const otherAuthorities = [
    ...new Set(
      entries
        .flatMap((e) => e.authorities)
        .filter((a) => a.v && a.v !== ownerVariable && isAddressType(a.v.type))
        .map((a) => a.v!),
    ),
  ];
  return { ownerVariable, renounceFunctions, reclaimFunctions, otherAuthorities, canReclaim: reclaimFunctions.length > 0 };
}
