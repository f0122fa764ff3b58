/** The contract spends ETH to buy its own token back from the pool. */
import { defineDetector } from '../define-detector.ts';
import { child, visit } from '../../solidity/syntax-helpers.ts';
import { evaluate } from '../../solidity/evaluate.ts';
import { Env } from '../../solidity/symbolic.ts';
import type { FunctionModel } from '../../solidity/program.ts';
import type { Scope } from '../../solidity/scope.ts';

export default defineDetector({
  meta: {
    id: 'buyback',
    category: 'token-mechanics',
    scoring: { kind: 'severity' },
    title: 'Buyback',
    severity: 'informational',
    confidence: 'medium',
    smartAuditKey: 'buyback',
    description:
      'A function sends ETH to a swap whose path ends in this token (path[i] = address(this), i > 0): the contract buys its own token back, usually with fees collected.',
    exploitScenario: 'Buybacks move the price; if their timing or amount is controlled by the owner they can be front-run by insiders.',
    recommendation: 'Informational: check who triggers buybacks and where the bought tokens go.',
    messages: { buyback: '{contract}.{fn} buys the token back with ETH.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const seen = new Set<FunctionModel>();
        for (const s of [...a.entries.map((e) => e.summary)]) {
          for (const call of s.calls) {
            if (call.kind !== 'external' || !call.hasValue || seen.has(call.fn)) continue;
            seen.add(call.fn);
            if (!buildsPathToThis(call.fn, a.scope)) continue;
            ctx.report({
              unit: call.fn.contract.unit,
              node: call.fn.node,
              messageId: 'buyback',
              contract: a.contract.name,
              data: { contract: call.fn.contract.name, fn: call.fn.name },
            });
            return;
          }
        }
      },
    };
  },
});

function buildsPathToThis(fn: FunctionModel, scope: Scope): boolean {
  if (!fn.body) return false;
  let found = false;
  visit(fn.body, (n) => {
    if (found) return false;
    if (n.type !== 'assignment_expression') return true;
    const left = child(n, 'left');
    const right = child(n, 'right');
    if (left?.type !== 'array_access' || !right) return true;
    const index = child(left, 'index');
    if (!index || index.text === '0') return true;
    if (evaluate(right, new Env(), { scope, fn }).k === 'this') found = true;
    return !found;
  });
  return found;
}
