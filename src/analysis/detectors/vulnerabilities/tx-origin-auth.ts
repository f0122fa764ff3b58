/** Authorisation by tx.origin: in any check, whatever it is compared with. */
import { defineDetector } from '../define-detector.ts';
import { mentions } from '../report-helpers.ts';
import { functionIR } from '../../solidity/ir/cfg.ts';
import { conditionsOf, declarationScope, originAuthorizes } from '../../solidity/ir/queries.ts';
import { child } from '../../solidity/syntax-helpers.ts';

export default defineDetector({
  meta: {
    id: 'tx-origin-auth',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Authorisation with tx.origin',
    severity: 'medium',
    confidence: 'high',
    description:
      'A check decides who may proceed with tx.origin (the account that signed the transaction): compared with an owner, a parameter or a constant, or used as a key. Any contract the account interacts with can then act as that account.',
    exploitScenario:
      "The owner is lured into calling a malicious contract, which calls the token's privileged function; the tx.origin check passes.",
    recommendation: 'Use msg.sender for authorisation.',
    messages: { origin: '{contract}.{fn} authorises with tx.origin.' },
  },
  create(ctx) {
    return {
      function(fn) {
        // Cheap text filter first: most functions never mention tx.origin.
        if (!fn.body || !mentions(fn, 'origin')) return;
        const ir = functionIR(declarationScope(ctx.program, fn), fn);
        for (const { cond, at } of conditionsOf(ir)) {
          if (!originAuthorizes(cond)) continue;
          const header = child(fn.node, 'name') ?? fn.node;
          ctx.report({
            unit: fn.contract.unit,
            node: at,
            related: [header],
            messageId: 'origin',
            contract: fn.contract.name,
            data: { contract: fn.contract.name, fn: fn.name || fn.kind },
          });
        }
      },
    };
  },
});
