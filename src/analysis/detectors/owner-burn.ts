/** BT: a privileged account can destroy tokens held by any address. */
import { defineDetector } from './define-detector.ts';
import { isCallerKey } from '../solidity/access-control.ts';
import { reportFunction } from './report-helpers.ts';
import { isConstantAddress } from '../solidity/symbolic.ts';
import { isTransferableToken } from '../solidity/token-model.ts';
import type { DetectorContext } from './define-detector.ts';
import type { ContractAnalysis } from '../solidity/contract-analysis.ts';

export default defineDetector({
  meta: {
    id: 'owner-burn',
    title: "Privileged account can burn holders' tokens",
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'burn',
    checklist: 'BT',
    description:
      "An owner- or role-restricted function debits the balance of an address it is given (not the caller's own) without crediting another holder, so the privileged account can destroy anyone's tokens. A token the privileged account can selfdestruct loses every balance at once (critical).",
    exploitScenario:
      'The owner burns the balance of the liquidity pool or of large holders, moving the price or wiping out their position.',
    recommendation: 'Only let holders burn their own tokens, or tokens they approved (burnFrom with allowance).',
    messages: {
      burn: '{contract}.{fn} can burn tokens of any address: restricted to {authority}, it debits {ledger}[{holder}].',
      destroy:
        "{contract}.{fn} can destroy every holder's tokens: restricted to {authority}, it calls selfdestruct, and the balances in {ledger} go with the contract.",
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        destroyedToken(ctx, a);
        for (const e of a.entries) {
          if (!e.privileged) continue;
          const writes = e.summary.writes;
          const debit = writes.find(
            (w) =>
              t.isLedger(w) &&
              (w.op === 'dec' || w.op === 'delete') &&
              w.keys[0] &&
              !isCallerKey(w.keys[0], e.authorities) &&
              // One account written into the code (a reserve, the dead address) is not
              // "any holder": the owner cannot reach anyone else's balance through it.
              !isConstantAddress(w.keys[0]),
          );
          if (!debit) continue;
          const credit = writes.some((w) => t.isLedger(w) && w.op === 'inc' && w.keys[0] && !isConstantAddress(w.keys[0]));
          if (credit) continue;
          const holder = debit.keys[0]!.k === 'param' ? (debit.keys[0] as { name: string }).name : 'holder';
          reportFunction(ctx, e.fn, 'burn', {
            authority: e.authorities[0]!.v?.name ?? e.authorities[0]!.via,
            ledger: debit.v.name,
            holder,
          });
        }
      },
    };
  },
});

/**
 * A token the owner can selfdestruct: the ledger lives in the contract's storage, so
 * destroying it burns every holder's balance at once (critical, not the `low` of an
 * owner-only selfdestruct in a contract that holds nobody's balance).
 */
function destroyedToken(ctx: DetectorContext, a: ContractAnalysis): void {
  const t = a.token;
  if (!isTransferableToken(t)) return;
  const seen = new Set<unknown>();
  for (const e of a.entries) {
    if (!e.privileged) continue;
    for (const call of e.summary.calls) {
      if (call.kind !== 'selfdestruct' || seen.has(call.node)) continue;
      seen.add(call.node);
      ctx.report({
        unit: call.fn.contract.unit,
        node: call.node,
        messageId: 'destroy',
        severity: 'critical',
        data: {
          contract: a.contract.name,
          fn: e.fn.name,
          authority: e.authorities[0]!.v?.name ?? e.authorities[0]!.via,
          ledger: [...t!.ledgers].map((v) => v.name).join(', '),
        },
        contract: a.contract.name,
      });
    }
  }
}
