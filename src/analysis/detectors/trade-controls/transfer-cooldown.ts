/** A privileged account can change a waiting time enforced between transfers. */
import { defineDetector } from '../define-detector.ts';
import { names, reportFunction } from '../report-helpers.ts';
import { privilegedWrites, transferRules } from '../../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'transfer-cooldown',
    category: 'trade-controls',
    scoring: { kind: 'trade-control' },
    title: 'Privileged account can set a transfer cooldown',
    severity: 'low',
    confidence: 'high',
    smartAuditKey: 'cooldown',
    description:
      "An owner- or role-restricted function changes a time rule of the transfer path (a delay between a wallet's transfers, or the switch that enables it).",
    exploitScenario: 'The owner sets a cooldown of years: holders who bought once can never sell again.',
    recommendation: 'Bound the cooldown with a small hard-coded maximum, or remove it after launch.',
    messages: { cooldown: '{contract}.{fn} changes {vars}, used in a time check on transfers.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules || rules.cooldown.size === 0) return;
        // A per-holder time the transfer path records itself (`lastSell[from] = now`) is the
        // cooldown's bookkeeping; one only a privileged function writes is a lock it sets.
        const recorded = new Set(a.token!.transferEntries.flatMap((e) => e.summary.writes.map((w) => w.v)));
        for (const { entry, writes } of privilegedWrites(a, rules.cooldown)) {
          if (writes.some((w) => w.keys.length === 0 || !recorded.has(w.v)))
            reportFunction(ctx, entry.fn, 'cooldown', { vars: names(writes.map((w) => w.v)) });
        }
      },
    };
  },
});
