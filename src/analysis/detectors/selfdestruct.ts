/** The contract can destroy itself. */
import { defineDetector } from './define-detector.ts';

export default defineDetector({
  meta: {
    id: 'selfdestruct',
    title: 'selfdestruct',
    severity: 'high',
    confidence: 'high',
    description: 'The code calls selfdestruct: the contract can be removed (before Cancun) or drained of its ETH, and everything built on it breaks.',
    exploitScenario: 'The owner destroys the token contract; balances, pools and approvals pointing at it become worthless.',
    recommendation: 'Remove selfdestruct.',
    messages: { selfdestruct: '{contract}.{fn} calls selfdestruct.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const seen = new Set<unknown>();
        for (const e of a.entries) {
          for (const call of e.summary.calls) {
            if (call.kind !== 'selfdestruct' || seen.has(call.node)) continue;
            seen.add(call.node);
            ctx.report({ unit: call.fn.contract.unit, node: call.node, messageId: 'selfdestruct', contract: a.contract.name, data: { contract: a.contract.name, fn: e.fn.name } });
          }
        }
      },
    };
  },
});
