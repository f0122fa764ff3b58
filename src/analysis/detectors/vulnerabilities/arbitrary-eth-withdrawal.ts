/** Anyone can take the contract's ETH: an unguarded send of an amount the caller is not owed. */
import { defineDetector } from '../define-detector.ts';
import { functionIR } from '../../solidity/ir/cfg.ts';
import { amountIsEntitlement, reachedUnconditionally } from '../../solidity/ir/queries.ts';
import { child, unparen } from '../../solidity/syntax-helpers.ts';

export default defineDetector({
  meta: {
    id: 'arbitrary-eth-withdrawal',
    category: 'vulnerabilities',
    scoring: { kind: 'severity' },
    title: 'Unprotected ETH withdrawal',
    severity: 'high',
    confidence: 'medium',
    description:
      'A function anyone may call sends ETH out of the contract with no check on the caller on the way (no access control, no require or branch before the transfer), and the amount is not what the caller deposited or is owed (not msg.value, not a balance entry): a fixed sum or the whole balance, to the caller or to an address the caller chooses.',
    exploitScenario: "An attacker calls the function repeatedly and receives the contract's ETH.",
    recommendation:
      'Restrict the function to an authorised account, or pay out only what the caller is owed (a recorded balance, cleared before sending).',
    messages: { withdrawal: '{contract}.{fn} lets anyone withdraw ETH: {call}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        for (const e of a.entries) {
          if (e.privileged || e.summary.guards.some((g) => g.viaModifier)) continue;
          const ir = functionIR(a.scope, e.fn);
          for (const call of ir.calls) {
            if (!call.sendsEth || call.kind === 'selfdestruct' || !call.target || !call.value) continue;
            if (fixedRecipient(call.target, a.scope.stateVariable.bind(a.scope))) continue;
            if (
              amountIsEntitlement(call.value, e.fn.body, (n) => !!a.scope.stateVariable(n) && !ir.locals.has(n)) ||
              !reachedUnconditionally(call, ir)
            )
              continue;
            const unit = e.fn.contract.unit;
            const text = unit.source.slice(call.node.start, Math.min(call.node.end, call.node.start + 60)).replace(/\s+/g, ' ');
            ctx.report({
              unit,
              node: call.node,
              related: [child(e.fn.node, 'name') ?? e.fn.node],
              messageId: 'withdrawal',
              contract: a.contract.name,
              data: { contract: a.contract.name, fn: e.fn.name, call: text },
            });
          }
        }
      },
    };
  },
});

/** A recipient fixed at deployment (a constant or immutable): the caller cannot redirect the funds. */
function fixedRecipient(
  target: Parameters<typeof unparen>[0],
  lookup: (name: string) => { isConstant: boolean; isImmutable: boolean } | undefined,
): boolean {
  let t = unparen(target);
  while ((t.type === 'call_expression' || t.type === 'type_cast_expression') && t.children.some((c) => c.type === 'call_argument')) {
    const arg = t.children.find((c) => c.type === 'call_argument')?.children[0];
    if (!arg) break;
    t = unparen(arg);
  }
  if (t.type !== 'identifier') return false;
  const v = lookup(t.text);
  return !!v && (v.isConstant || v.isImmutable);
}
