/** The code does arithmetic through a SafeMath-style checked-arithmetic library. */
import { defineDetector } from '../define-detector.ts';
import { safeMathUse } from '../../solidity/safe-math-usage.ts';

export default defineDetector({
  meta: {
    id: 'safe-math',
    category: 'code-quality',
    scoring: { kind: 'severity' },
    title: 'SafeMath library used',
    severity: 'informational',
    confidence: 'high',
    smartAuditKey: 'safeMath',
    description:
      'A library of checked arithmetic (operations that revert or report failure on overflow) is attached with `using … for` or called directly.',
    exploitScenario:
      'Informational: before 0.8 this is what prevents overflow; custom copies of such libraries are a classic place to hide altered arithmetic.',
    recommendation: 'Check that the library is the audited original; on 0.8 compilers prefer built-in checked arithmetic.',
    messages: { safeMath: '{contract} uses the checked-arithmetic library {library}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const use = safeMathUse(a);
        if (use)
          ctx.report({
            unit: use.unit,
            node: use.node,
            messageId: 'safeMath',
            contract: use.holder,
            data: { contract: use.holder, library: use.library },
          });
      },
    };
  },
});
