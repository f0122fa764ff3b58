/** Authorisation by tx.origin. */
import { defineDetector } from './define-detector.ts';

export default defineDetector({
  meta: {
    id: 'tx-origin-auth',
    title: 'Authorisation with tx.origin',
    severity: 'medium',
    confidence: 'high',
    description: 'A check compares tx.origin (the account that signed the transaction) with a privileged address. Any contract the owner interacts with can then act as the owner.',
    exploitScenario: 'The owner is lured into calling a malicious contract, which calls the token\'s privileged function; the tx.origin check passes.',
    recommendation: 'Use msg.sender for authorisation.',
    messages: { origin: '{contract}.{fn} authorises with tx.origin.' },
  },
  create(ctx) {
    return {
      contract(a) {
        for (const e of a.entries) {
          const auth = e.authorities.find((x) => x.kind === 'origin');
          if (!auth) continue;
          ctx.report({ unit: auth.guard.fn.contract.unit, node: auth.guard.node, messageId: 'origin', contract: a.contract.name, data: { contract: a.contract.name, fn: e.fn.name } });
        }
      },
    };
  },
});
