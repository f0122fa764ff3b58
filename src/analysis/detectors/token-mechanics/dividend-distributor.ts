/** Holders receive dividends (ETH or another token) in proportion to their balance. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';
import { evaluate } from '../../solidity/evaluate.ts';
import { operatorOf, visit } from '../../solidity/syntax-helpers.ts';
import type { ContractAnalysis } from '../../solidity/contract-analysis.ts';
import type { DetectorContext } from '../define-detector.ts';

export default defineDetector({
  meta: {
    id: 'dividend-distributor',
    category: 'token-mechanics',
    scoring: { kind: 'severity' },
    title: 'Dividend distributor',
    severity: 'informational',
    confidence: 'medium',
    smartAuditKey: 'dividendDistributor',
    description:
      "Transfers report holders' balances to a dividend tracker, or the contract keeps per-share reward accounting (a running amount-per-share divided by total shares) and pays it out.",
    exploitScenario:
      'Dividend processing on every transfer costs gas and can fail; the owner can often exclude addresses from dividends or change the reward token.',
    recommendation: 'Informational: check who can exclude holders and what the distributor pays out.',
    messages: {
      hook: "{contract}: transfers send holders' balances to {target}.{name}(…).",
      perShare: '{contract}.{fn} accumulates {var} per share for holders.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        if (reportHook(ctx, a)) return;
        reportPerShare(ctx, a);
      },
    };
  },
});

function reportHook(ctx: DetectorContext, a: ContractAnalysis): boolean {
  const t = a.token;
  if (!t) return false;
  for (const call of t.calls) {
    if (call.kind !== 'external' || call.target.k !== 'state') continue;
    const sendsBalance = call.args.some((arg) => {
      let hit = false;
      visit(arg, (n) => {
        if (hit) return false;
        const s = evaluate(n, call.env, { scope: a.scope, fn: call.fn });
        if (s.k === 'state' && t.ledgers.has(s.v)) hit = true;
        return !hit;
      });
      return hit;
    });
    if (!sendsBalance || !call.argSyms.some((s) => t.isParty(s))) continue;
    ctx.report({
      unit: call.fn.contract.unit,
      node: call.node,
      messageId: 'hook',
      contract: a.contract.name,
      data: { contract: a.contract.name, target: call.target.v.name, name: call.name },
    });
    return true;
  }
  return false;
}

function reportPerShare(ctx: DetectorContext, a: ContractAnalysis): void {
  const pays = a.entries.some((e) =>
    e.summary.calls.some(
      (c) => c.hasValue || c.kind === 'transfer-eth' || c.kind === 'send' || (c.kind === 'external' && c.name === 'transfer'),
    ),
  );
  if (!pays) return;
  for (const e of a.entries) {
    for (const w of e.summary.writes) {
      if (w.op !== 'inc' || w.keys.length > 0 || !w.valueNode) continue;
      let dividesByState = false;
      visit(w.valueNode, (n) => {
        if (n.type === 'binary_expression' && operatorOf(n) === '/') {
          const d = n.children.find((c) => c.field === 'right');
          const s = d ? evaluate(d, w.env, { scope: a.scope, fn: w.fn }) : undefined;
          if (s?.k === 'state') dividesByState = true;
        }
        return !dividesByState;
      });
      if (dividesByState) {
        reportFunction(ctx, e.fn, 'perShare', { var: w.v.name });
        return;
      }
    }
  }
}
