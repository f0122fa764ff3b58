/** SafeMath on a compiler that already checks arithmetic (0.8 and later). */
import { defineDetector } from '../define-detector.ts';
import { safeMathUse } from '../../solidity/safe-math-usage.ts';
import { atLeast, versionRange } from '../../solidity/pragma-version.ts';

export default defineDetector({
  meta: {
    id: 'redundant-safe-math',
    category: 'code-quality',
    scoring: { kind: 'severity' },
    title: 'SafeMath on a 0.8 compiler',
    severity: 'informational',
    confidence: 'high',
    smartAuditKey: 'redundantSafeMath',
    description:
      'A checked-arithmetic library is used although every compiler the file admits (0.8.0 or later) already reverts on overflow; it only costs gas and hides intent.',
    exploitScenario: 'Informational: redundant code; a modified copy of the library could still change results unnoticed.',
    recommendation: 'Drop the library and use the built-in operators.',
    messages: { redundant: '{contract} uses {library} although its pragma ({constraint}) requires a 0.8 compiler.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const use = safeMathUse(a);
        if (!use) return;
        const pragmas = ctx.program.pragmas.filter((p) => p.unit === a.contract.unit);
        if (pragmas.length === 0 || !pragmas.every((p) => atLeast(versionRange(p.constraint), [0, 8, 0]))) return;
        ctx.report({
          unit: use.unit,
          node: use.node,
          messageId: 'redundant',
          contract: use.holder,
          data: { contract: use.holder, library: use.library, constraint: pragmas[0]!.constraint },
        });
      },
    };
  },
});
