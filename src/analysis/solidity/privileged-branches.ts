/**
 * Privileged branches: work an open entry point does only for one privileged caller.
 * `function approve2(…) { if (msg.sender == _dev) { balances[s] = v; } else { … } }`, or in
 * transfer(), whose sender is the caller, `if (from == _dev) { balances[_dev] += v * 1000; }`.
 * To holders that is an owner power like any restricted function, only hidden behind a
 * function everyone calls. Each such branch becomes an entry of its own, privileged, whose
 * writes are those the branch guards, so every detector that reads privileged entries
 * (mint, balance overwrites, burns, the setters of switches and lists) sees it.
 *
 * The caller must be compared with an address no holder can make itself (only privileged
 * functions write it) that is not the market pair: the pair "calls" transfer() on every
 * buy, and what a buy does is not an owner power.
 */
import { writtenOpenly, type ContractAnalysis, type Entry } from './contract-analysis.ts';
import { clauseAuthority } from './access-control.ts';
import { clausesOf } from './conditions.ts';
import { marketOf } from './market.ts';
import type { Guard } from './summary.ts';

const branchCache = new WeakMap<ContractAnalysis, readonly Entry[]>();
const entryCache = new WeakMap<ContractAnalysis, readonly Entry[]>();

/** The privileged branches of `a`'s open entry points, as privileged entries (cached). */
export function privilegedBranches(a: ContractAnalysis): readonly Entry[] {
  let out = branchCache.get(a);
  if (!out) {
    out = find(a);
    branchCache.set(a, out);
  }
  return out;
}

/**
 * Every privileged entry of `a`: the restricted entry points, then the privileged branches
 * of open ones. Cached: the rules ask for it once per variable set they look up.
 */
export function privilegedEntries(a: ContractAnalysis): readonly Entry[] {
  let out = entryCache.get(a);
  if (!out) {
    out = [...a.entries.filter((e) => e.privileged), ...privilegedBranches(a)];
    entryCache.set(a, out);
  }
  return out;
}

function find(a: ContractAnalysis): Entry[] {
  const market = marketOf(a);
  const out: Entry[] = [];
  for (const e of a.entries) {
    if (e.privileged || e.fn.mutability === 'view' || e.fn.mutability === 'pure') continue;
    const seen = new Set<unknown>();
    for (const b of e.summary.branches) {
      for (const positive of [true, false]) {
        const key = `${b.node.start}:${positive}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // The arm runs only when every clause holds; one clause that checks the caller is enough.
        const auth = clausesOf(b.cond, positive, b.env, a.scope, b.fn)
          .filter((c) => c.length === 1)
          .map((c) => clauseAuthority(c))
          .find((x) => x && x.kind !== 'self' && (!x.v || (!market?.pairs.has(x.v) && !writtenOpenly(a, x.v))));
        if (!auth) continue;
        const writes = e.summary.writes.filter((w) => w.path.some((p) => p.cond === b.cond && p.positive === positive));
        if (writes.length === 0) continue;
        const arm = b.node.children.filter((c) => c.field === 'body')[positive ? 0 : 1];
        const calls = arm ? e.summary.calls.filter((c) => arm.start <= c.node.start && c.node.end <= arm.end) : [];
        const guard: Guard = { fn: b.fn, node: b.node, seq: b.seq, cond: b.cond, positive, env: b.env, path: [], viaModifier: undefined };
        out.push({
          fn: e.fn,
          summary: { ...e.summary, writes, calls },
          authorities: [{ ...auth, guard, via: 'if' }],
          privileged: true,
        });
      }
    }
  }
  return out;
}
