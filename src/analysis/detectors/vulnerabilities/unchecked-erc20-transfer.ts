/** An ERC-20 transfer whose boolean result is ignored. */
import { defineDetector } from '../define-detector.ts';
import { returnsValue } from '../../solidity/call-target.ts';

export default defineDetector({
  meta: {
    id: 'unchecked-erc20-transfer',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Unchecked ERC-20 transfer',
    severity: 'medium',
    confidence: 'medium',
    description:
      'The return value of an ERC-20 transfer/transferFrom/approve call is ignored. Tokens that return false instead of reverting make the contract carry on as if the transfer happened.',
    exploitScenario: 'A withdrawal marks funds as paid although the token transfer returned false.',
    recommendation: 'Use SafeERC20 (safeTransfer, safeTransferFrom, forceApprove) or check the returned boolean.',
    messages: { unchecked: 'the result of {target}.{name}(…) is ignored in {contract}.{fn}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const seen = new Set<unknown>();
        for (const e of a.entries) {
          for (const call of e.summary.calls) {
            if (call.kind !== 'external' || call.resultUsed || seen.has(call.node)) continue;
            const erc20 =
              (call.name === 'transfer' && call.args.length === 2) ||
              (call.name === 'transferFrom' && call.args.length === 3) ||
              (call.name === 'approve' && call.args.length === 2);
            // ERC-721's transferFrom returns nothing: only flag calls that drop a declared result.
            if (!erc20 || returnsValue(call, a.scope) === false) continue;
            seen.add(call.node);
            ctx.report({
              unit: call.fn.contract.unit,
              node: call.node,
              messageId: 'unchecked',
              contract: a.contract.name,
              data: { contract: a.contract.name, fn: call.fn.name, target: call.targetNode?.text.slice(0, 60) || 'token', name: call.name },
            });
          }
        }
      },
    };
  },
});
