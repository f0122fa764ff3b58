/**
 * Sale restriction (GoPlus `cannot_sell_all`): the transfer path lets a holder move only
 * part of its balance — `amount < balanceOf[from]`, `amount <= balanceOf[from] * 90 / 100`,
 * `balanceOf[from] - amount >= minHold` — so the last share can never be sold. The
 * standard `balanceOf[from] >= amount` allows the whole balance and stays silent.
 */
import { defineDetector } from '../define-detector.ts';
import { constantValue } from '../../solidity/constant-value.ts';
import { evaluate } from '../../solidity/evaluate.ts';
import { callArguments, child, operatorOf, unparen } from '../../solidity/syntax-helpers.ts';
import type { ContractAnalysis } from '../../solidity/contract-analysis.ts';
import type { Literal } from '../../solidity/conditions.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';

const FLIP: Readonly<Record<string, string>> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<' };
const MIRROR: Readonly<Record<string, string>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

export default defineDetector({
  meta: {
    id: 'cannot-sell-all',
    category: 'money-powers',
    scoring: { kind: 'severity' },
    title: 'Holders cannot sell their whole balance',
    severity: 'medium',
    confidence: 'medium',
    description:
      "The transfer path only lets a holder move part of its balance: the amount must stay below the balance, below a fixed share of it, or leave a minimum behind. Nobody can ever sell out completely, and the share kept back is the owner's to set when the minimum is a variable.",
    exploitScenario:
      'Buyers find that every attempt to sell their whole position reverts; they can only sell 90% at a time and keep a remainder that cannot leave.',
    recommendation: 'Allow transfers of the whole balance (`balanceOf[from] >= amount`).',
    messages: { share: '{contract}: a holder cannot move its whole balance. The transfer path requires {rule}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        const seen = new Set<SyntaxNode>();
        for (const rule of t.rules) {
          if (seen.has(rule.guard.node)) continue;
          if (!rule.clause.some((lit) => keepsShare(lit, a))) continue;
          seen.add(rule.guard.node);
          ctx.report({
            unit: rule.guard.fn.contract.unit,
            node: rule.guard.node,
            messageId: 'share',
            data: {
              contract: a.contract.name,
              rule: `${rule.guard.positive ? '' : 'not '}${rule.guard.fn.contract.unit.source.slice(rule.guard.cond.start, rule.guard.cond.end)}`,
            },
            contract: a.contract.name,
          });
        }
      },
    };
  },
});

/** Whether a literal, when it must hold, keeps part of the sender's balance back. */
function keepsShare(lit: Literal, a: ContractAnalysis): boolean {
  const atom = lit.atom;
  if (atom.k !== 'compare' || !FLIP[atom.op]) return false;
  // Normalise to `left op right` holding.
  const op = lit.positive ? atom.op : FLIP[atom.op]!;
  const t = a.token!;
  const cx = { scope: a.scope, fn: lit.fn };
  const isAmount = (n: SyntaxNode): boolean => t.isAmount(evaluate(n, lit.env, cx));
  const isBalance = (n: SyntaxNode): boolean => {
    const s = evaluate(n, lit.env, cx);
    return s.k === 'state' && t.ledgers.has(s.v) && s.keys.length >= 1 && t.isParty(s.keys[0]!);
  };
  for (const [x, o, y] of [
    [atom.left, op, atom.right],
    [atom.right, MIRROR[op]!, atom.left],
  ] as const) {
    // amount < balance: the last unit stays.
    if (isAmount(x) && o === '<' && isBalance(y)) return true;
    // amount <= balance * k / d with k < d.
    if (isAmount(x) && (o === '<' || o === '<=')) {
      const share = shareOfBalance(y, isBalance, a);
      if (share !== undefined && share < 1) return true;
    }
    // balance - amount >= minimum (> 0), or balance - amount > 0.
    const diff = difference(x);
    if (diff && isBalance(diff.left) && isAmount(diff.right)) {
      const floor = constantValue(y, a.scope);
      if (o === '>' && (floor === undefined || floor >= 0)) return true;
      if (o === '>=' && floor !== 0) return true;
    }
  }
  return false;
}

/** `balance * k / d` (or `.mul(k).div(d)`) with constant k and d: k / d. */
function shareOfBalance(n: SyntaxNode, isBalance: (n: SyntaxNode) => boolean, a: ContractAnalysis): number | undefined {
  const u = unparen(n);
  let numerator: SyntaxNode | undefined;
  let divisor: SyntaxNode | undefined;
  if (u.type === 'binary_expression' && operatorOf(u) === '/') [numerator, divisor] = [child(u, 'left'), child(u, 'right')];
  else if (u.type === 'call_expression') {
    const f = child(u, 'function');
    if (f?.type === 'member_expression' && child(f, 'property')?.text === 'div')
      [numerator, divisor] = [child(f, 'object'), callArguments(u)[0]];
  }
  if (!numerator || !divisor) return undefined;
  const d = constantValue(divisor, a.scope);
  if (!d) return undefined;
  const m = unparen(numerator);
  let factors: (SyntaxNode | undefined)[] = [];
  if (m.type === 'binary_expression' && operatorOf(m) === '*') factors = [child(m, 'left'), child(m, 'right')];
  else if (m.type === 'call_expression') {
    const f = child(m, 'function');
    if (f?.type === 'member_expression' && child(f, 'property')?.text === 'mul') factors = [child(f, 'object'), callArguments(m)[0]];
  }
  const [p, q] = factors;
  if (!p || !q) return undefined;
  const k = isBalance(p) ? constantValue(q, a.scope) : isBalance(q) ? constantValue(p, a.scope) : undefined;
  return k === undefined ? undefined : k / d;
}

/** `a - b` or `a.sub(b)`. */
function difference(n: SyntaxNode): { left: SyntaxNode; right: SyntaxNode } | undefined {
  const u = unparen(n);
  if (u.type === 'binary_expression' && operatorOf(u) === '-') {
    const l = child(u, 'left');
    const r = child(u, 'right');
    return l && r ? { left: l, right: r } : undefined;
  }
  if (u.type === 'call_expression') {
    const f = child(u, 'function');
    const o = f?.type === 'member_expression' && child(f, 'property')?.text === 'sub' ? child(f, 'object') : undefined;
    const r = callArguments(u)[0];
    return o && r ? { left: o, right: r } : undefined;
  }
  return undefined;
}
