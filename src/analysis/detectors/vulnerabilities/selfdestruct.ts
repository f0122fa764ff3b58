/** The contract can destroy itself: anyone (high), or only a privileged account (low). */
import { defineDetector } from '../define-detector.ts';
import { child } from '../../solidity/syntax-helpers.ts';

export default defineDetector({
  meta: {
    id: 'selfdestruct',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'selfdestruct',
    severity: 'high',
    confidence: 'high',
    description:
      'The code calls selfdestruct (or its 0.4 name suicide): the contract can be removed (before Cancun) or drained of its ETH, and everything built on it breaks. High when anyone can reach it; low when only an owner, a role or a fixed address can.',
    exploitScenario: 'Anyone (or the owner) destroys the contract; balances, pools and approvals pointing at it become worthless.',
    recommendation: 'Remove selfdestruct; at the very least restrict it to a multi-signature owner.',
    messages: {
      unprotected: '{contract}.{fn} calls selfdestruct and anyone can call it.',
      protected: '{contract}.{fn} calls selfdestruct; only a privileged account can call it.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const seen = new Set<unknown>();
        // Unprotected entry points first, so a call reachable both ways is reported as unprotected.
        const entries = [...a.entries].sort((x, y) => Number(x.privileged) - Number(y.privileged));
        for (const e of entries) {
          for (const call of e.summary.calls) {
            if (call.kind !== 'selfdestruct' || seen.has(call.node)) continue;
            seen.add(call.node);
            const same = call.fn.contract.unit === e.fn.contract.unit;
            ctx.report({
              unit: call.fn.contract.unit,
              node: call.node,
              related: same ? [child(e.fn.node, 'name') ?? e.fn.node] : [],
              messageId: e.privileged ? 'protected' : 'unprotected',
              severity: e.privileged ? 'low' : 'high',
              contract: a.contract.name,
              data: { contract: a.contract.name, fn: e.fn.name },
            });
          }
        }
      },
    };
  },
});
