/** ELFM: fees can be set above 25% or have no upper bound. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';
import { privilegedWrites } from '../../solidity/transfer-rules.ts';
import { clausesOf } from '../../solidity/conditions.ts';
import { constantValue } from '../../solidity/constant-value.ts';
import { visit } from '../../solidity/syntax-helpers.ts';
import type { Entry } from '../../solidity/contract-analysis.ts';
import type { Scope } from '../../solidity/scope.ts';
import type { Write } from '../../solidity/summary.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';

/** The checklist's limit: total fees above a quarter of the amount. */
export const FEE_LIMIT = 0.25;

export default defineDetector({
  meta: {
    id: 'fees-exceed-limit',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'unbounded-fee' },
    title: 'Fees can exceed 25% or have no upper bound',
    severity: 'high',
    confidence: 'medium',
    checklist: 'ELFM',
    description:
      'A privileged fee setter accepts values above 25% of the transferred amount, or checks no upper bound at all; a fee of 100% confiscates every transfer.',
    exploitScenario: "The owner sets the sell fee to 99%: holders who sell receive almost nothing and the fee goes to the owner's wallet.",
    recommendation: 'Check the new fees (their sum) against a hard-coded maximum of at most 25% in the setter.',
    messages: {
      unbounded: '{contract}.{fn} sets {var} with no upper bound.',
      exceeds: '{contract}.{fn} allows {var} up to {percent}% of the amount.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t || t.fees.length === 0) return;
        const denominators = new Map(t.fees.map((f) => [f.v, f.denominator ?? 100]));
        for (const { entry, writes } of privilegedWrites(a, new Set(denominators.keys()))) {
          let worst: { w: Write; share: number } | undefined;
          for (const w of writes) {
            const bound = boundOf(w, entry, a.scope);
            const share = bound === undefined ? Infinity : bound / denominators.get(w.v)!;
            if (!worst || share > worst.share) worst = { w, share };
          }
          if (!worst || worst.share <= FEE_LIMIT) continue;
          if (worst.share === Infinity) reportFunction(ctx, entry.fn, 'unbounded', { var: worst.w.v.name });
          else reportFunction(ctx, entry.fn, 'exceeds', { var: worst.w.v.name, percent: String(Math.round(worst.share * 10000) / 100) });
        }
      },
    };
  },
});

/** The largest value the write can store, from a literal value or an upper-bound check. */
export function boundOf(w: Write, entry: Entry, scope: Scope): number | undefined {
  if (w.valueNode) {
    const direct = constantValue(w.valueNode, scope);
    if (direct !== undefined) return direct;
  }
  const watched = new Set([w.v.name]);
  if (w.valueNode)
    visit(w.valueNode, (n) => {
      if (n.type === 'identifier') watched.add(n.text);
    });
  let best: number | undefined;
  for (const g of entry.summary.guards) {
    if (g.path.some((p) => !p.afterExit)) continue;
    for (const clause of clausesOf(g.cond, g.positive, g.env, scope, g.fn)) {
      if (clause.length !== 1) continue;
      const lit = clause[0]!;
      if (lit.atom.k !== 'compare' || !lit.positive) continue;
      const b = upperBound(lit.atom.op, lit.atom.left, lit.atom.right, watched, scope);
      if (b !== undefined && (best === undefined || b < best)) best = b;
    }
  }
  return best;
}

function mentionsAny(n: SyntaxNode, names: Set<string>): boolean {
  let hit = false;
  visit(n, (m) => {
    if (m.type === 'identifier' && names.has(m.text)) hit = true;
    return !hit;
  });
  return hit;
}

/** A constant, or a state variable's initial constant (`new <= currentFee` only lowers fees). */
function limitValue(n: SyntaxNode, scope: Scope): number | undefined {
  const direct = constantValue(n, scope);
  if (direct !== undefined || n.type !== 'identifier') return direct;
  const v = scope.stateVariable(n.text);
  return v?.initializer ? constantValue(v.initializer, scope) : v && !v.type.mapping ? 0 : undefined;
}

function upperBound(op: string, left: SyntaxNode, right: SyntaxNode, watched: Set<string>, scope: Scope): number | undefined {
  // x <= N, x < N, N >= x, N > x
  if ((op === '<=' || op === '<') && mentionsAny(left, watched)) {
    const n = limitValue(right, scope);
    return n === undefined ? undefined : op === '<' ? n - 1 : n;
  }
  if ((op === '>=' || op === '>') && mentionsAny(right, watched)) {
    const n = limitValue(left, scope);
    return n === undefined ? undefined : op === '>' ? n - 1 : n;
  }
  return undefined;
}
