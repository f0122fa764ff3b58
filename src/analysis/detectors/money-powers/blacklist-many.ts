/** BC: a privileged account can block many addresses at once. */
import { defineDetector } from '../define-detector.ts';
import { names, reportFunction } from '../report-helpers.ts';
import { canSetTo, privilegedWrites, transferRules } from '../../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'blacklist-many',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'sell-block' },
    title: 'Privileged account can blacklist many addresses at once',
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'blacklistMany',
    checklist: 'BC',
    description: 'An owner- or role-restricted function sets, in a loop over a list, a per-address flag that the transfer path reverts on.',
    exploitScenario: 'In one transaction the owner blacklists every address that bought in the first blocks, so none of them can sell.',
    recommendation: 'Remove the batch blacklist; if bots must be blocked, do it only before trading opens and in a way holders can verify.',
    messages: { blacklistMany: '{contract}.{fn} sets {flags} for a list of addresses; the transfer path reverts on it.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules || rules.blockFlags.size === 0) return;
        for (const { entry, writes } of privilegedWrites(a, rules.blockFlags)) {
          const batch = writes.filter((w) => canSetTo(w, true) && (w.inLoop || w.keys[0]?.k === 'element'));
          if (batch.length > 0) reportFunction(ctx, entry.fn, 'blacklistMany', { flags: names(batch.map((w) => w.v)) });
        }
      },
    };
  },
});
