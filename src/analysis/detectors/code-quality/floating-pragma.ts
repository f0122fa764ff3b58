/** The compiler version is not pinned. */
import { defineDetector } from '../define-detector.ts';
import { versionRange } from '../../solidity/pragma-version.ts';

export default defineDetector({
  meta: {
    id: 'floating-pragma',
    category: 'code-quality',
    scoring: { kind: 'severity' },
    title: 'Floating compiler version',
    severity: 'informational',
    confidence: 'high',
    description:
      'The pragma admits a range of compiler versions (`^`, `>=`, `~`), so the contract may be deployed with a version other than the one it was tested with.',
    exploitScenario: 'A later compiler with a different optimizer or a known bug is used for deployment.',
    recommendation: 'Pin an exact, recent compiler version (`pragma solidity 0.8.x;`).',
    messages: { floating: 'pragma solidity {constraint} is not pinned to one version.' },
  },
  create(ctx) {
    return {
      pragma(p) {
        if (!versionRange(p.constraint).exact)
          ctx.report({ unit: p.unit, node: p.node, messageId: 'floating', data: { constraint: p.constraint } });
      },
    };
  },
});
