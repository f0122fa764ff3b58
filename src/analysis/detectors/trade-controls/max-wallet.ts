/** A privileged account can change the largest balance a wallet may hold. */
import { defineDetector } from '../define-detector.ts';
import { names, reportFunction } from '../report-helpers.ts';
import { privilegedWrites, transferRules } from '../../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'max-wallet',
    category: 'trade-controls',
    scoring: { kind: 'trade-control' },
    title: 'Privileged account can change the maximum wallet size',
    severity: 'low',
    confidence: 'high',
    description:
      "An owner- or role-restricted function writes a variable that the transfer path compares the recipient's new balance with, reverting above it.",
    exploitScenario: 'The owner lowers the wallet limit so that buys revert, or raises it only for insiders.',
    recommendation: 'Bound the setter below by a sensible share of the supply, or remove the limit after launch.',
    messages: { maxWallet: '{contract}.{fn} changes {vars}, the maximum balance a wallet may reach.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules || rules.maxWallet.size === 0) return;
        for (const { entry, writes } of privilegedWrites(a, rules.maxWallet))
          reportFunction(ctx, entry.fn, 'maxWallet', { vars: names(writes.map((w) => w.v)) });
      },
    };
  },
});
