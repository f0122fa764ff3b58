/** A privileged account can change the largest amount a transfer may move. */
import { defineDetector } from '../define-detector.ts';
import { names, reportFunction } from '../report-helpers.ts';
import { privilegedWrites, transferRules } from '../../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'max-tx-amount',
    category: 'trade-controls',
    scoring: { kind: 'trade-control' },
    title: 'Privileged account can change the maximum transaction amount',
    severity: 'medium',
    confidence: 'high',
    smartAuditKey: 'maxTxAmount',
    description:
      'An owner- or role-restricted function writes a variable that the transfer path compares the amount with and reverts above; set low enough it stops holders from selling.',
    exploitScenario: 'The owner sets the maximum transaction amount to 0 or 1 wei: every sell reverts while exempted insiders still trade.',
    recommendation: 'Bound the setter below by a sensible share of the supply (for example 0.5%), or remove the limit after launch.',
    messages: { maxTxAmount: '{contract}.{fn} changes {vars}, the per-transfer amount limit.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules || rules.maxAmount.size === 0) return;
        for (const { entry, writes } of privilegedWrites(a, rules.maxAmount))
          reportFunction(ctx, entry.fn, 'maxTxAmount', { vars: names(writes.map((w) => w.v)) });
      },
    };
  },
});
