/**
 * Anti-whale: the transfer path caps one transfer's amount or the balance a wallet may
 * reach, whether or not anyone can change the cap (GoPlus `is_anti_whale`). A fixed cap
 * is information for buyers; a cap the owner can change is `max-tx-amount`/`max-wallet`.
 */
import { defineDetector } from '../define-detector.ts';
import { names } from '../report-helpers.ts';
import { transferRules } from '../../solidity/transfer-rules.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';

export default defineDetector({
  meta: {
    id: 'anti-whale',
    category: 'trade-controls',
    scoring: { kind: 'severity' },
    title: 'Transfers are capped (anti-whale)',
    severity: 'informational',
    confidence: 'high',
    description:
      'The transfer path reverts when one transfer moves more than a limit, or when it would leave the recipient holding more than a limit. Large holders must sell in parts, and a limit the owner can lower (reported separately as max-tx-amount or max-wallet) can stop sells.',
    exploitScenario: 'A holder with more than the cap cannot exit in one sale; with the cap set close to zero nobody can sell at all.',
    recommendation: 'Disclose the cap, keep it a sensible share of the supply, and lift it after launch.',
    messages: {
      amount: '{contract}: a transfer reverts when its amount exceeds {limit}.',
      wallet: "{contract}: a transfer reverts when it leaves the recipient's balance above {limit}.",
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules) return;
        const seen = new Set<SyntaxNode>();
        for (const l of rules.limits) {
          const at = l.rule.guard;
          if (seen.has(at.node)) continue;
          seen.add(at.node);
          ctx.report({
            unit: at.fn.contract.unit,
            node: at.node,
            messageId: l.kind,
            data: { contract: a.contract.name, limit: l.vars.length > 0 ? names(l.vars) : 'a fixed amount' },
            contract: a.contract.name,
          });
        }
      },
    };
  },
});
