/** Transfers call other contracts. */
import { defineDetector } from '../define-detector.ts';
import { describeSym } from '../../solidity/symbolic.ts';
import { reportFunction } from '../report-helpers.ts';
import type { FunctionModel } from '../../solidity/program.ts';

export default defineDetector({
  meta: {
    id: 'external-call-in-transfer',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Transfers call an external contract',
    severity: 'low',
    confidence: 'high',
    description:
      'The transfer path calls another contract (a router swap, a dividend tracker, an anti-bot service). Whatever that contract does — revert, consume gas, re-enter — decides whether holders can transfer.',
    exploitScenario:
      "The owner points the called address to a contract that reverts for chosen senders: a honeypot whose rule is not in the token's source.",
    recommendation:
      'Avoid external calls in transfers; if needed, make the called address immutable and wrap the call so its failure cannot block transfers.',
    messages: { call: '{contract}.{fn}, on the transfer path, calls {calls}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        // One finding per function of the transfer path that calls out, listing the calls.
        const byFunction = new Map<FunctionModel, Set<string>>();
        for (const call of t.calls) {
          if (call.kind === 'create') continue;
          const set = byFunction.get(call.fn) ?? new Set<string>();
          set.add(`${describeSym(call.target)}.${call.name}`);
          byFunction.set(call.fn, set);
        }
        for (const [fn, calls] of byFunction) reportFunction(ctx, fn, 'call', { calls: [...calls].join(', ') });
      },
    };
  },
});
