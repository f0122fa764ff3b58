/** The contract forwards calls to replaceable code. */
import { defineDetector } from '../define-detector.ts';

export default defineDetector({
  meta: {
    id: 'upgradeable-proxy',
    category: 'ownership',
    scoring: { kind: 'severity' },
    title: 'Upgradeable proxy',
    severity: 'medium',
    confidence: 'medium',
    description:
      'The fallback delegatecalls to an implementation address: the code that holders interact with can be replaced by whoever controls the upgrade.',
    exploitScenario: 'The admin upgrades the implementation to one that mints to the admin or blocks sells.',
    recommendation: 'Put upgrades behind a timelock and multisig, announce them, or make the contract immutable.',
    messages: { proxy: '{contract}.{fn} delegates every call to an implementation that can be replaced.' },
  },
  create(ctx) {
    return {
      contract(a) {
        for (const e of a.entries) {
          if (e.fn.kind !== 'fallback' && e.fn.kind !== 'receive') continue;
          const delegates = e.summary.calls.some((c) => c.kind === 'delegatecall');
          if (!delegates) continue;
          ctx.report({
            unit: e.fn.contract.unit,
            node: e.fn.node,
            messageId: 'proxy',
            contract: a.contract.name,
            data: { contract: a.contract.name, fn: e.fn.kind },
          });
          return;
        }
      },
    };
  },
});
