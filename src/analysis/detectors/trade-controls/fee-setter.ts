/** A privileged account can change the fees taken on transfers. */
import { defineDetector } from '../define-detector.ts';
import { names, reportFunction } from '../report-helpers.ts';
import { privilegedWrites } from '../../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'fee-setter',
    category: 'trade-controls',
    scoring: { kind: 'trade-control' },
    title: 'Privileged account can change transfer fees',
    severity: 'medium',
    confidence: 'high',
    smartAuditKey: 'setFees',
    description:
      'An owner- or role-restricted function writes a variable that the transfer path uses as a fee rate (`amount * fee / denominator`).',
    exploitScenario: 'After launch the owner raises the sell fee so that holders lose most of what they sell.',
    recommendation: 'Fix fees at deployment or bound them in the setter with a low hard-coded maximum, and emit an event on change.',
    messages: { setFees: '{contract}.{fn} changes the fee variable(s) {vars} used on transfers.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t || t.fees.length === 0) return;
        const vars = new Set(t.fees.map((f) => f.v));
        for (const { entry, writes } of privilegedWrites(a, vars))
          reportFunction(ctx, entry.fn, 'setFees', { vars: names(writes.map((w) => w.v)) });
      },
    };
  },
});
