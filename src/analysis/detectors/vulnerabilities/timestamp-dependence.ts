/** A decision taken on block.timestamp (or `now`). */
import { defineDetector } from '../define-detector.ts';
import { mentions } from '../report-helpers.ts';
import { functionIR } from '../../solidity/ir/cfg.ts';
import { conditionsOf, declarationScope, dependsOn, isTimestamp } from '../../solidity/ir/queries.ts';

export default defineDetector({
  meta: {
    id: 'timestamp-dependence',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Decision on the block timestamp',
    severity: 'low',
    confidence: 'medium',
    description:
      'A condition (require, if, loop) depends on block.timestamp or now. Block producers can shift the timestamp by several seconds, enough to win a race against a deadline or a game that keys on exact times.',
    exploitScenario:
      'A validator sets the timestamp so that a time-locked payout or a "win if the time is even" game resolves in its favour.',
    recommendation:
      'Do not use the timestamp for randomness or for windows shorter than a few minutes; use block numbers or an oracle where precision matters.',
    messages: { timestamp: '{contract}.{fn} decides on block.timestamp.' },
  },
  create(ctx) {
    return {
      function(fn) {
        if (!fn.body || !(mentions(fn, 'timestamp') || mentions(fn, 'now'))) return;
        const ir = functionIR(declarationScope(ctx.program, fn), fn);
        for (const { cond, at } of conditionsOf(ir)) {
          if (!dependsOn(cond, fn.body, isTimestamp, ir.locals)) continue;
          ctx.report({
            unit: fn.contract.unit,
            node: at,
            messageId: 'timestamp',
            contract: fn.contract.name,
            data: { contract: fn.contract.name, fn: fn.name || fn.kind },
          });
        }
      },
    };
  },
});
