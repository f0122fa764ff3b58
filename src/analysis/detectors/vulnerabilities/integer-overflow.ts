/** Arithmetic on state that can wrap around before Solidity 0.8, with no check. */
import { defineDetector } from '../define-detector.ts';
import { functionIR } from '../../solidity/ir/cfg.ts';
import { conditionsOf, declarationScope } from '../../solidity/ir/queries.ts';
import { atLeast, entirelyBelow, versionRange } from '../../solidity/pragma-version.ts';
import { pre08Syntax } from '../../solidity/dialect.ts';
import type { SourceUnit } from '../../solidity/source-unit.ts';
import { child, operatorOf, unparen, visit } from '../../solidity/syntax-helpers.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';

export default defineDetector({
  meta: {
    id: 'integer-overflow',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Unchecked arithmetic before Solidity 0.8',
    severity: 'medium',
    confidence: 'low',
    description:
      'The file compiles only with Solidity below 0.8 (by its pragma, or by syntax removed before 0.8 such as `now`, `throw` or `var` under an open pragma), where + - * wrap around silently, and a state variable is updated with plain arithmetic (+=, -=, *=, ++, --, or x = x + y) that no require, assert or branch of the function checks and no SafeMath call guards.',
    exploitScenario: 'A transfer subtracts more than the sender holds; the balance wraps to a huge number the attacker then spends.',
    recommendation: 'Compile with Solidity 0.8 or later, or use SafeMath (add/sub/mul) for every update of a balance or counter.',
    messages: { overflow: '{contract}.{fn} updates {var} with unchecked arithmetic ({op}).' },
  },
  create(ctx) {
    const legacyUnits = new Set<unknown>();
    const modernUnits = new Set<unknown>();
    // Below 0.8 by its pragma, or by syntax no 0.8 compiler accepts under an open pragma
    // (`>=0.5.1` with `now`): either way the file compiles without overflow checks.
    const legacy = (unit: SourceUnit): boolean => legacyUnits.has(unit) || (!modernUnits.has(unit) && pre08Syntax(unit) !== undefined);
    return {
      pragma(p) {
        const range = versionRange(p.constraint);
        if (entirelyBelow(range, [0, 8, 0])) legacyUnits.add(p.unit);
        if (atLeast(range, [0, 8, 0])) modernUnits.add(p.unit);
      },
      function(fn) {
        if (!fn.body || !legacy(fn.contract.unit) || fn.kind === 'constructor' || fn.mutability === 'view' || fn.mutability === 'pure')
          return;
        const ir = functionIR(declarationScope(ctx.program, fn), fn);
        const checked = new Set(conditionsOf(ir).flatMap((c) => identifiers(c.cond)));
        for (const node of ir.nodes) {
          for (const op of node.ops) {
            if (op.k !== 'write') continue;
            const arith = arithmeticOf(op.node, op.op);
            if (!arith) continue;
            // A check mentioning the variable or the operand (`require(balance >= value)`) bounds the update.
            if (checked.has(op.v.name) || identifiers(arith.operand).some((n) => checked.has(n))) continue;
            ctx.report({
              unit: fn.contract.unit,
              node: op.node,
              messageId: 'overflow',
              contract: fn.contract.name,
              data: { contract: fn.contract.name, fn: fn.name || fn.kind, var: op.v.name, op: arith.op },
            });
          }
        }
      },
    };
  },
});

/** The arithmetic a write performs: `x += y`, `x++`, `x = x + y` (not `x = y`, not SafeMath). */
function arithmeticOf(node: SyntaxNode, op: string): { op: string; operand: SyntaxNode } | undefined {
  if (node.type === 'update_expression') return { op: operatorOf(node), operand: node };
  if (node.type === 'augmented_assignment_expression') {
    const o = operatorOf(node);
    const right = child(node, 'right');
    return (o === '+=' || o === '-=' || o === '*=') && right && !isLiteral(right) ? { op: o, operand: right } : undefined;
  }
  if (node.type === 'assignment_expression' && op === 'set') {
    const right = child(node, 'right');
    const r = right ? unparen(right) : undefined;
    if (r?.type === 'binary_expression' && ['+', '-', '*'].includes(operatorOf(r))) {
      const rr = child(r, 'right');
      return rr && !isLiteral(rr) ? { op: operatorOf(r), operand: r } : undefined;
    }
  }
  return undefined;
}

function isLiteral(n: SyntaxNode): boolean {
  const u = unparen(n);
  return u.type === 'number_literal' || u.type === 'hex_number';
}

function identifiers(n: SyntaxNode): string[] {
  const out: string[] = [];
  visit(n, (x) => {
    if (x.type === 'identifier') out.push(x.text);
  });
  return out;
}
