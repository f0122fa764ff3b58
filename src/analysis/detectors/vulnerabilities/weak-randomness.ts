/** Randomness drawn from block values: a modulo or a hash of the timestamp, block number or hash. */
import { defineDetector } from '../define-detector.ts';
import { mentions } from '../report-helpers.ts';
import { functionIR } from '../../solidity/ir/cfg.ts';
import { declarationScope, dependsOn, isBlockValue } from '../../solidity/ir/queries.ts';
import { child, operatorOf, visit } from '../../solidity/syntax-helpers.ts';

const HASHES = new Set(['keccak256', 'sha3', 'sha256', 'ripemd160']);

export default defineDetector({
  meta: {
    id: 'weak-randomness',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Weak randomness from block values',
    severity: 'high',
    confidence: 'medium',
    description:
      'A value derived from block data (timestamp, number, blockhash, difficulty/prevrandao, coinbase) is hashed or reduced modulo something, the usual way of drawing a "random" number. Block producers choose or can predict these values, and other contracts can compute them in the same transaction.',
    exploitScenario: 'An attacker\'s contract computes the same "random" number in the same block and only plays when it wins.',
    recommendation: 'Use a verifiable randomness source (a VRF oracle) or a commit-reveal scheme.',
    messages: { prng: '{contract}.{fn} derives a random number from block values.' },
  },
  create(ctx) {
    return {
      function(fn) {
        if (!fn.body || !(mentions(fn, 'block') || mentions(fn, 'now'))) return;
        const ir = functionIR(declarationScope(ctx.program, fn), fn);
        const reported = new Set<number>();
        visit(fn.body, (n) => {
          let operand: typeof n | undefined;
          if (n.type === 'binary_expression' && operatorOf(n) === '%') operand = child(n, 'left');
          else if (n.type === 'call_expression' && HASHES.has(child(n, 'function')?.text ?? '')) operand = n;
          if (!operand || !dependsOn(operand, fn.body, (x) => x !== n && isBlockValue(x), ir.locals)) return true;
          if (reported.has(n.start)) return false;
          reported.add(n.start);
          ctx.report({
            unit: fn.contract.unit,
            node: n,
            messageId: 'prng',
            contract: fn.contract.name,
            data: { contract: fn.contract.name, fn: fn.name || fn.kind },
          });
          return false;
        });
      },
    };
  },
});
