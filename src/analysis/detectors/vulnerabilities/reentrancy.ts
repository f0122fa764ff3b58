/**
 * State written (or an event emitted) after an external call that can re-enter, on some
 * path of the entry point's control-flow graph, internal calls included.
 */
import { defineDetector } from '../define-detector.ts';
import type { ContractAnalysis, Entry } from '../../solidity/contract-analysis.ts';
import { child, visit } from '../../solidity/syntax-helpers.ts';
import type { StateVariable } from '../../solidity/program.ts';
import { effectsOf, type AfterCall, type StateWrite } from '../../solidity/ir/effects.ts';
import type { CallSite } from '../../solidity/ir/cfg.ts';
import type { Severity } from '../../findings.ts';
import { staleBalanceChecks } from '../../solidity/ir/stale-balance.ts';

/** Related ranges listed per finding (the writes after the call). */
const MAX_RELATED = 6;

export default defineDetector({
  meta: {
    id: 'reentrancy',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Reentrancy: state written after an external call',
    severity: 'high',
    confidence: 'medium',
    description:
      'A state-changing function that anyone may call makes an external call that hands control to another contract (a low-level call, or a call into a contract the caller chooses) and, on some path after it, writes contract state or emits an event, with no reentrancy lock. The callee can call back in while the state is stale. High when the call sends ETH, medium when the written state is also read by the function, low when it is not (or only an event follows). Also a token balance read into a local before such a call and checked after it (medium): the check runs on a stale snapshot.',
    exploitScenario:
      "A withdraw sends ETH before zeroing the balance; the recipient's fallback calls withdraw again and drains the contract.",
    recommendation: 'Apply checks-effects-interactions (write state and emit events before the call) or a nonReentrant guard.',
    messages: {
      reentrancy: '{contract}.{fn} writes {var} after the external call {call}.',
      balance:
        '{contract}.{fn} reads a balance into {local} before the external call {call} and checks {local} after it: the callee can re-enter and move balances in between, so the check runs on a stale snapshot.',
      event: '{contract}.{fn} emits {event} after the external call {call}: observers see events out of order if the callee re-enters.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        for (const e of a.entries) {
          // Only a privileged account can call restricted functions: no attacker re-enters them.
          if (e.fn.mutability === 'view' || e.fn.mutability === 'pure' || e.privileged || locked(e, a)) continue;
          for (const stale of staleBalanceChecks(a.scope, e.fn)) {
            const unit = stale.call.fn.contract.unit;
            ctx.report({
              unit,
              node: stale.call.node,
              related: [stale.snapshot, stale.check].filter((n) => e.fn.contract.unit === unit && n.end <= unit.source.length),
              messageId: 'balance',
              contract: a.contract.name,
              severity: 'medium',
              data: {
                contract: a.contract.name,
                fn: e.fn.name,
                local: stale.local,
                call: unit.source
                  .slice(stale.call.node.start, Math.min(stale.call.node.end, stale.call.node.start + 60))
                  .replace(/\s+/g, ' '),
              },
            });
          }
          const effects = effectsOf(a.scope, e.fn);
          if (effects.afterCall.length === 0) continue;
          const toggled = toggledFlags(effects.afterCall, effects.writes);
          const byCall = new Map<CallSite, AfterCall[]>();
          for (const item of effects.afterCall) {
            if (item.write && toggled.has(item.write.v)) continue;
            const list = byCall.get(item.call);
            if (list) list.push(item);
            else byCall.set(item.call, [item]);
          }
          for (const [call, items] of byCall) {
            const unit = call.fn.contract.unit;
            const writes = items.filter((i) => i.write).map((i) => i.write!);
            const sameFile = items
              .map((i) => (i.write ?? i.event)!)
              .filter((x) => x.fn.contract.unit === unit)
              .slice(0, MAX_RELATED)
              .map((x) => x.node);
            const callText = unit.source.slice(call.node.start, Math.min(call.node.end, call.node.start + 60)).replace(/\s+/g, ' ');
            // The entry point's header line (its name), so the finding names where it is reachable from.
            const header = e.fn.contract.unit === unit ? [child(e.fn.node, 'name') ?? e.fn.node.children[0] ?? e.fn.node] : [];
            // The declarations of the state left stale, so the reader sees what is at stake.
            const declarations = [...new Set(writes.map((w) => w.v))]
              .filter((v) => v.contract.unit === unit)
              .slice(0, MAX_RELATED)
              .map((v) => v.node);
            const related = [...sameFile, ...header, ...declarations];
            if (writes.length > 0) {
              const severity: Severity = call.sendsEth ? 'high' : writes.some((w) => effects.reads.has(w.v)) ? 'medium' : 'low';
              ctx.report({
                unit,
                node: call.node,
                related,
                messageId: 'reentrancy',
                contract: a.contract.name,
                severity,
                data: {
                  contract: a.contract.name,
                  fn: e.fn.name,
                  var: [...new Set(writes.map((w) => w.v.name))].join(', '),
                  call: callText,
                },
              });
            } else {
              const names = [...new Set(items.map((i) => i.event!.name))].join(', ');
              ctx.report({
                unit,
                node: call.node,
                related,
                messageId: 'event',
                contract: a.contract.name,
                severity: 'low',
                data: { contract: a.contract.name, fn: e.fn.name, event: names, call: callText },
              });
            }
          }
        }
      },
    };
  },
});

/**
 * Boolean flags written before the call on some path and again after it (`inSwap = true;
 * …call…; inSwap = false`): the lock pattern, not stale state.
 */
function toggledFlags(afterCall: readonly AfterCall[], allWrites: readonly StateWrite[]): Set<StateVariable> {
  const after = new Map<StateVariable, number>();
  for (const a of afterCall) if (a.write) after.set(a.write.v, (after.get(a.write.v) ?? 0) + 1);
  const total = new Map<StateVariable, number>();
  for (const w of allWrites) total.set(w.v, (total.get(w.v) ?? 0) + 1);
  const out = new Set<StateVariable>();
  for (const [v, n] of after) if (v.type.text === 'bool' && (total.get(v) ?? 0) > n) out.add(v);
  return out;
}

/**
 * The nonReentrant pattern: a modifier that checks something before `_` and does more
 * after it (OpenZeppelin's guard, which keeps its flag in a storage slot, or Uniswap's
 * `lock`), or a guarded variable set before the calls and reset after them.
 */
function locked(e: Entry, a: ContractAnalysis): boolean {
  for (const call of e.fn.modifiers) {
    const mod = a.scope.modifier(call.name);
    const stmts = mod?.body?.children ?? [];
    const at = stmts.findIndex(
      (s) => s.type === 'expression_statement' && s.children[0]?.type === 'identifier' && s.children[0].text === '_',
    );
    if (at >= 0 && at < stmts.length - 1 && e.summary.guards.some((g) => g.viaModifier === mod)) return true;
  }
  const firstCall = Math.min(...e.summary.calls.map((c) => c.seq));
  const guardNames = new Set<string>();
  for (const g of e.summary.guards)
    visit(g.cond, (n) => {
      if (n.type === 'identifier') guardNames.add(n.text);
    });
  return e.summary.writes.some(
    (w) => w.seq < firstCall && guardNames.has(w.v.name) && e.summary.writes.some((x) => x.v === w.v && x.seq > firstCall),
  );
}
