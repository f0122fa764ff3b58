/** A low-level call, send or delegatecall whose success flag is never looked at. */
import { defineDetector } from '../define-detector.ts';
import { mentions } from '../report-helpers.ts';
import { functionIR } from '../../solidity/ir/cfg.ts';
import { declarationScope, resultChecked } from '../../solidity/ir/queries.ts';

const LOW_LEVEL = new Set(['call', 'delegatecall', 'staticcall', 'send']);

export default defineDetector({
  meta: {
    id: 'unchecked-low-level-call',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Unchecked low-level call',
    severity: 'medium',
    confidence: 'high',
    description:
      'A low-level call, delegatecall or send returns false instead of reverting when the callee fails; here the returned flag is dropped or stored and never read, so the function carries on as if the call had succeeded.',
    exploitScenario:
      "A payout's send fails (the recipient's fallback reverts or runs out of gas); the contract records the payout as done and the funds stay stuck or are counted twice.",
    recommendation: 'Check the returned boolean (require(ok)) or use Address.sendValue / functionCall, which revert on failure.',
    messages: { unchecked: 'the result of {call} in {contract}.{fn} is never checked.' },
  },
  create(ctx) {
    return {
      function(fn) {
        if (!fn.body || !(mentions(fn, 'call') || mentions(fn, 'send'))) return;
        const ir = functionIR(declarationScope(ctx.program, fn), fn);
        for (const call of ir.calls) {
          if (!LOW_LEVEL.has(call.kind) || !call.target || resultChecked(call, ir)) continue;
          const unit = fn.contract.unit;
          const text = unit.source.slice(call.node.start, Math.min(call.node.end, call.node.start + 60)).replace(/\s+/g, ' ');
          ctx.report({
            unit,
            node: call.node,
            messageId: 'unchecked',
            contract: fn.contract.name,
            data: { call: text, contract: fn.contract.name, fn: fn.name },
          });
        }
      },
    };
  },
});
