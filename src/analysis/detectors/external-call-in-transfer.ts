/** Transfers call other contracts. */
import { defineDetector } from './define-detector.ts';
import { describeSym } from '../solidity/symbolic.ts';

export default defineDetector({
  meta: {
    id: 'external-call-in-transfer',
    title: 'Transfers call an external contract',
    severity: 'low',
    confidence: 'high',
    description: 'The transfer path calls another contract (a router swap, a dividend tracker, an anti-bot service). Whatever that contract does — revert, consume gas, re-enter — decides whether holders can transfer.',
    exploitScenario: 'The owner points the called address to a contract that reverts for chosen senders: a honeypot whose rule is not in the token\'s source.',
    recommendation: 'Avoid external calls in transfers; if needed, make the called address immutable and wrap the call so its failure cannot block transfers.',
    messages: { call: '{contract}: the transfer path calls {target}.{name}(…).' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        const seen = new Set<unknown>();
        for (const call of t.calls) {
          if (call.kind === 'create' || seen.has(call.node)) continue;
          seen.add(call.node);
          ctx.report({ unit: call.fn.contract.unit, node: call.node, messageId: 'call', contract: a.contract.name, data: { contract: a.contract.name, target: describeSym(call.target), name: call.name } });
        }
      },
    };
  },
});
