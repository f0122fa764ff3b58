/** The code can only be compiled with a compiler older than 0.8.0. */
import { defineDetector } from '../define-detector.ts';
import { entirelyBelow, versionRange } from '../../solidity/pragma-version.ts';

export default defineDetector({
  meta: {
    id: 'outdated-pragma',
    category: 'code-quality',
    scoring: { kind: 'severity' },
    title: 'Outdated compiler version',
    severity: 'low',
    confidence: 'high',
    description:
      'Every compiler version the pragma admits is older than 0.8.0: arithmetic is unchecked by default and many compiler bugs fixed since then apply.',
    exploitScenario:
      'An overflow in a balance or fee computation wraps silently, or a known code-generation bug of the old compiler corrupts state.',
    recommendation: 'Move to a current 0.8.x compiler (checked arithmetic, custom errors) and pin it.',
    messages: { outdated: 'pragma solidity {constraint} only admits compilers older than 0.8.0.' },
  },
  create(ctx) {
    return {
      pragma(p) {
        if (entirelyBelow(versionRange(p.constraint), [0, 8, 0]))
          ctx.report({ unit: p.unit, node: p.node, messageId: 'outdated', data: { constraint: p.constraint } });
      },
    };
  },
});
