/** OTUT: a privileged account can set or move other holders' balances. */
import { defineDetector, type DetectorContext } from '../define-detector.ts';
import type { ContractAnalysis } from '../../solidity/contract-analysis.ts';
import { privilegedWrites } from '../../solidity/transfer-rules.ts';
import { isUintType } from '../../solidity/type-info.ts';
import { isCallerKey } from '../../solidity/access-control.ts';
import { reportFunction } from '../report-helpers.ts';
import { isConstantAddress, isSenderLike, sameSym } from '../../solidity/symbolic.ts';
import { privilegedEntries } from '../../solidity/privileged-branches.ts';

export default defineDetector({
  meta: {
    id: 'owner-changes-balances',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'balance-change' },
    title: "Privileged account can change holders' balances",
    severity: 'critical',
    confidence: 'medium',
    checklist: 'OTUT',
    description:
      "An owner- or role-restricted function overwrites a holder's balance or moves tokens out of an address it is given without that holder's allowance, or changes a number every balance is computed from (a reflection token's total, a rebase factor), so every holder's balance moves at once.",
    exploitScenario: "The owner sets a victim's balance to zero, or transfers a whale's tokens to their own wallet and sells them.",
    recommendation:
      'Balances must only change through transfers signed by the holder (or an allowance they granted), minting and burning rules disclosed to holders.',
    messages: {
      set: '{contract}.{fn} overwrites {ledger}[{holder}] with an arbitrary value (restricted to {authority}).',
      move: '{contract}.{fn} moves tokens out of {holder} without an allowance (restricted to {authority}).',
      scale:
        "{contract}.{fn} changes {vars}, which balanceOf computes every holder's balance from (restricted to {authority}): it can shrink or inflate all balances at once.",
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        scaledBalances(ctx, a);
        for (const e of privilegedEntries(a)) {
          const writes = e.summary.writes;
          const authority = e.authorities[0]!.v?.name ?? e.authorities[0]!.via;
          const holderName = (k: { k: string; name?: string }): string => k.name ?? k.k;
          const set = writes.find((w) => t.isLedger(w) && w.op === 'set' && w.keys[0] && !isCallerKey(w.keys[0], e.authorities));
          if (set) {
            reportFunction(ctx, e.fn, 'set', { ledger: set.v.name, holder: holderName(set.keys[0]!), authority });
            continue;
          }
          const debit = writes.find(
            (w) => t.isLedger(w) && w.op === 'dec' && w.keys[0] && !isCallerKey(w.keys[0], e.authorities) && !isConstantAddress(w.keys[0]),
          );
          if (!debit) continue;
          const credit = writes.some((w) => t.isLedger(w) && w.op === 'inc' && w.keys[0] && !isConstantAddress(w.keys[0]));
          const allowanceSpent = writes.some((w) => w.keys.length >= 2 && sameSym(w.keys[0]!, debit.keys[0]!) && w.keys.some(isSenderLike));
          if (credit && !allowanceSpent) reportFunction(ctx, e.fn, 'move', { holder: holderName(debit.keys[0]!), authority });
        }
      },
    };
  },
});

/**
 * A balance that is computed, not stored: `balanceOf(a) = _rOwned[a] / (_rTotal / _tTotal)`,
 * `_gonBalances[a] / _gonsPerFragment`. A privileged write to one of the plain numbers the
 * balanceOf view reads (not the per-holder entries, not lists) rescales every holder's
 * balance without touching any entry: the same power as overwriting them one by one.
 */
function scaledBalances(ctx: DetectorContext, a: ContractAnalysis): void {
  const view = a.entries.find((e) => e.fn.name === 'balanceOf' && e.fn.params.length === 1);
  if (!view) return;
  const factors = new Set(
    [...view.summary.reads].filter((v) => !v.type.mapping && !v.type.isArray && !v.isConstant && !v.isImmutable && isUintType(v.type)),
  );
  if (factors.size === 0) return;
  for (const { entry, writes } of privilegedWrites(a, factors)) {
    reportFunction(ctx, entry.fn, 'scale', {
      vars: [...new Set(writes.map((w) => w.v.name))].join(', '),
      authority: entry.authorities[0]!.v?.name ?? entry.authorities[0]!.via,
    });
  }
}
