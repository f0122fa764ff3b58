/** Transfers start blocked until a privileged account enables trading. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';
import { canSetTo, initialValue, privilegedWrites, transferRules } from '../../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'trading-not-enabled',
    category: 'trade-controls',
    scoring: { kind: 'trade-control' },
    title: 'Trading is disabled until the owner enables it',
    severity: 'medium',
    confidence: 'medium',
    description:
      'The transfer path reverts while a switch still has its initial value, and only a privileged function changes it: until the owner acts, holders (other than exempted addresses) cannot trade.',
    exploitScenario:
      'Buyers acquire tokens through an exempted presale or liquidity path, and the owner never enables trading, so nobody else can sell.',
    recommendation: 'Enable trading at deployment, or enforce an automatic opening time in code.',
    messages: { notEnabled: '{contract}.{fn} enables trading: {var} starts as {initial}, which blocks transfers.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules) return;
        for (const s of rules.switches) {
          if (initialValue(a, s.v) !== s.blocksWhen) continue;
          for (const { entry, writes } of privilegedWrites(a, new Set([s.v]))) {
            if (writes.some((w) => canSetTo(w, !s.blocksWhen))) {
              reportFunction(ctx, entry.fn, 'notEnabled', { var: s.v.name, initial: String(s.blocksWhen) });
            }
          }
        }
      },
    };
  },
});
