/** Transfers are checked by an external anti-bot contract (launchpad integrations). */
import { defineDetector } from '../define-detector.ts';
import type { ExternalCall } from '../../solidity/summary.ts';

export default defineDetector({
  meta: {
    id: 'launchpad-anti-bot',
    category: 'trade-controls',
    scoring: { kind: 'severity' },
    title: 'Launchpad anti-bot hook on transfers',
    severity: 'medium',
    confidence: 'medium',
    smartAuditKey: 'launchpadAntiBot',
    description:
      "Every transfer hands sender, recipient and amount to an external contract kept in storage (a launchpad's anti-bot service), which can make transfers revert by rules the token's source does not show.",
    exploitScenario:
      'The anti-bot service, configured by the owner, blocks sells from chosen addresses; the token code itself looks harmless.',
    recommendation: 'Disable the anti-bot hook after launch (and make that irreversible), and document its configuration.',
    messages: { hook: '{contract}: transfers call {target}.{name}(…) with the sender and recipient.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        for (const call of t.calls) {
          if (!isHook(call, t.isParty)) continue;
          ctx.report({
            unit: call.fn.contract.unit,
            node: call.node,
            messageId: 'hook',
            contract: a.contract.name,
            data: { contract: a.contract.name, target: call.target.k === 'state' ? call.target.v.name : 'contract', name: call.name },
          });
        }
      },
    };
  },
});

function isHook(call: ExternalCall, isParty: (s: ExternalCall['target']) => boolean): boolean {
  if (call.kind !== 'external' || call.hasValue || call.target.k !== 'state') return false;
  const parties = call.argSyms.filter((s) => isParty(s));
  const distinct = new Set(parties.map((p) => (p.k === 'param' ? p.index : -1)));
  return distinct.size >= 2;
}
