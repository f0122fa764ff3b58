/** BT: a privileged account can destroy tokens held by any address. */
import { defineDetector } from '../define-detector.ts';
import { isCallerKey } from '../../solidity/access-control.ts';
import { reportFunction } from '../report-helpers.ts';
import { isConstantAddress } from '../../solidity/symbolic.ts';
import { isTransferableToken } from '../../solidity/token-model.ts';
import type { ContractAnalysis, Entry } from '../../solidity/contract-analysis.ts';
import type { ExternalCall } from '../../solidity/summary.ts';
import { privilegedEntries } from '../../solidity/privileged-branches.ts';

export default defineDetector({
  meta: {
    id: 'owner-burn',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'balance-change' },
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
      burnAndDestroy:
        "{contract}.{fn} can burn tokens of any address: restricted to {authority}, it debits {ledger}[{holder}]. {destroyer} can also selfdestruct the token, and every holder's balance goes with the contract.",
      destroy:
        "{contract}.{fn} can destroy every holder's tokens: restricted to {authority}, it calls selfdestruct, and the balances in {ledger} go with the contract.",
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        const destroys = destroyCalls(a);
        let burns = 0;
        for (const e of privilegedEntries(a)) {
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
          const data = { authority: e.authorities[0]!.v?.name ?? e.authorities[0]!.via, ledger: debit.v.name, holder };
          // One power, one finding: a token that can also be destroyed says so on the
          // first burn finding (critical, the selfdestruct as a related place).
          const destroy = burns++ === 0 ? destroys[0] : undefined;
          if (destroy) {
            ctx.report({
              unit: e.fn.contract.unit,
              node: e.fn.node,
              messageId: 'burnAndDestroy',
              severity: 'critical',
              related: destroy.call.fn.contract.unit === e.fn.contract.unit ? [destroy.call.node] : [],
              data: { contract: e.fn.contract.name, fn: e.fn.name, ...data, destroyer: destroy.entry.fn.name },
              contract: e.fn.contract.name,
            });
          } else reportFunction(ctx, e.fn, 'burn', data);
        }
        if (burns > 0) return;
        for (const { call, entry } of destroys) {
          ctx.report({
            unit: call.fn.contract.unit,
            node: call.node,
            messageId: 'destroy',
            severity: 'critical',
            data: {
              contract: a.contract.name,
              fn: entry.fn.name,
              authority: entry.authorities[0]!.v?.name ?? entry.authorities[0]!.via,
              ledger: [...t.ledgers].map((v) => v.name).join(', '),
            },
            contract: a.contract.name,
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
function destroyCalls(a: ContractAnalysis): { call: ExternalCall; entry: Entry }[] {
  if (!isTransferableToken(a.token)) return [];
  const out: { call: ExternalCall; entry: Entry }[] = [];
  const seen = new Set<unknown>();
  for (const entry of privilegedEntries(a)) {
    for (const call of entry.summary.calls) {
      if (call.kind !== 'selfdestruct' || seen.has(call.node)) continue;
      seen.add(call.node);
      out.push({ call, entry });
    }
  }
  return out;
}
