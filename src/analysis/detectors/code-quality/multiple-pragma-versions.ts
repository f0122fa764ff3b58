/** The input declares more than one compiler version constraint. */
import { defineDetector } from '../define-detector.ts';

export default defineDetector({
  meta: {
    id: 'multiple-pragma-versions',
    category: 'code-quality',
    scoring: { kind: 'severity' },
    title: 'Several compiler versions declared',
    severity: 'informational',
    confidence: 'high',
    smartAuditKey: 'multiplePragmaVersions',
    description:
      'The files declare different `pragma solidity` constraints, so it is unclear which compiler (and which compiler bugs) the deployed bytecode comes from.',
    exploitScenario: "Code written for one compiler's semantics (for example checked arithmetic in 0.8) is compiled with another.",
    recommendation: 'Use one exact compiler version across all files.',
    messages: { pragma: 'pragma solidity {constraint} is one of {count} different version constraints.' },
  },
  create(ctx) {
    return {
      program(program) {
        const inputs = program.pragmas.filter((p) => !p.unit.external);
        const distinct = new Set(inputs.map((p) => p.constraint));
        if (distinct.size < 2) return;
        for (const p of inputs)
          ctx.report({ unit: p.unit, node: p.node, messageId: 'pragma', data: { constraint: p.constraint, count: String(distinct.size) } });
      },
    };
  },
});
