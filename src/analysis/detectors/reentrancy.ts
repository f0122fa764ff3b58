/** State written after an external call that can re-enter. */
import { defineDetector } from './define-detector.ts';
import type { ContractAnalysis, Entry } from '../solidity/contract-analysis.ts';
import type { ExternalCall, Write } from '../solidity/summary.ts';
import { visit } from '../solidity/syntax-helpers.ts';
import { isReadOnlyCall } from '../solidity/call-target.ts';
import type { Scope } from '../solidity/scope.ts';

export default defineDetector({
  meta: {
    id: 'reentrancy',
    title: 'Reentrancy: state written after an external call',
    severity: 'high',
    confidence: 'medium',
    description: 'A state-changing function that anyone may call makes an external call that forwards gas (a low-level call, or a call into another contract) and writes contract state afterwards, with no reentrancy lock. The callee can call back in while the state is stale.',
    exploitScenario: 'A withdraw sends ETH before zeroing the balance; the recipient\'s fallback calls withdraw again and drains the contract.',
    recommendation: 'Apply checks-effects-interactions (write state before the call) or a nonReentrant guard.',
    messages: { reentrancy: '{contract}.{fn} writes {var} after the external call {call}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        for (const e of a.entries) {
          // Only a privileged account can call restricted functions: no attacker re-enters them.
          if (e.fn.mutability === 'view' || e.fn.mutability === 'pure' || e.privileged || locked(e, a)) continue;
          const hit = firstWriteAfterCall(e, a.scope);
          if (!hit) continue;
          ctx.report({
            unit: e.fn.contract.unit, node: e.fn.node, messageId: 'reentrancy', contract: a.contract.name,
            data: { contract: a.contract.name, fn: e.fn.name, var: hit.write.v.name, call: `${hit.call.targetNode?.text.slice(0, 40) ?? ''}.${hit.call.name}` },
          });
        }
      },
    };
  },
});

/** Calls that hand control to code someone else chose, with gas to re-enter. */
function reentrant(c: ExternalCall, scope: Scope): boolean {
  if (c.inAssembly) return false;
  if (c.kind === 'call') return true;
  if (c.kind !== 'external' || isReadOnlyCall(c, scope)) return false;
  return c.hasValue || c.target.k === 'param' || c.target.k === 'element' || c.target.k === 'sender';
}

function firstWriteAfterCall(e: Entry, scope: Scope): { call: ExternalCall; write: Write } | undefined {
  const calls = e.summary.calls.filter((c) => reentrant(c, scope));
  if (calls.length === 0) return undefined;
  const first = calls.reduce((x, y) => (y.seq < x.seq ? y : x));
  // Variables also written before the call are flags toggled around it (in-swap, status):
  // the lock pattern, not stale state.
  const before = new Set(e.summary.writes.filter((w) => w.seq < first.seq).map((w) => w.v));
  const write = e.summary.writes.find((w) => w.seq > first.seq && !before.has(w.v) && e.summary.reads.has(w.v));
  return write ? { call: first, write } : undefined;
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
    const at = stmts.findIndex((s) => s.type === 'expression_statement' && s.children[0]?.type === 'identifier' && s.children[0].text === '_');
    if (at >= 0 && at < stmts.length - 1 && e.summary.guards.some((g) => g.viaModifier === mod)) return true;
  }
  const firstCall = Math.min(...e.summary.calls.map((c) => c.seq));
  const guardNames = new Set<string>();
  for (const g of e.summary.guards) visit(g.cond, (n) => { if (n.type === 'identifier') guardNames.add(n.text); });
  return e.summary.writes.some((w) => w.seq < firstCall && guardNames.has(w.v.name)
    && e.summary.writes.some((x) => x.v === w.v && x.seq > firstCall));
}
