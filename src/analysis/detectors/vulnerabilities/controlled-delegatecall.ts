/** delegatecall to an address a caller or the owner chooses. */
import { defineDetector } from '../define-detector.ts';
import type { ContractAnalysis } from '../../solidity/contract-analysis.ts';
import type { ExternalCall } from '../../solidity/summary.ts';

export default defineDetector({
  meta: {
    id: 'controlled-delegatecall',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'delegatecall to a controllable target',
    severity: 'high',
    confidence: 'medium',
    description:
      "The contract delegatecalls an address taken from a parameter or from a state variable that a function can change: the code at that address runs with this contract's storage and balance.",
    exploitScenario:
      'The owner (or, if unrestricted, anyone) points the target to a contract that rewrites balances or transfers out all funds.',
    recommendation: 'Delegatecall only fixed, audited targets (constant or immutable), and never one a caller supplies.',
    messages: { delegatecall: '{contract}.{fn} delegatecalls {target}, which {how}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const seen = new Set<unknown>();
        for (const e of a.entries) {
          for (const call of e.summary.calls) {
            if (call.kind !== 'delegatecall' || call.inAssembly || seen.has(call.node)) continue;
            const how = controllable(call, a);
            if (!how) continue;
            seen.add(call.node);
            ctx.report({
              unit: call.fn.contract.unit,
              node: call.node,
              messageId: 'delegatecall',
              contract: a.contract.name,
              data: { contract: a.contract.name, fn: e.fn.name, target: call.targetNode?.text || 'target', how },
            });
          }
        }
      },
    };
  },
});

function controllable(call: ExternalCall, a: ContractAnalysis): string | undefined {
  const t = call.target;
  if (t.k === 'param' || t.k === 'element') return 'the caller passes in';
  if (t.k === 'state') {
    if (t.v.isConstant || t.v.isImmutable) return undefined;
    const setter = a.entries.find((e) => e.summary.writes.some((w) => w.v === t.v));
    return setter ? `${setter.fn.name}() can change` : undefined;
  }
  return undefined;
}
