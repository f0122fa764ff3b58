/** MT: a privileged account can create tokens. */
import { defineDetector } from './define-detector.ts';
import { reportFunction } from './report-helpers.ts';
import type { Sym } from '../solidity/symbolic.ts';

export default defineDetector({
  meta: {
    id: 'owner-mint',
    title: 'Privileged account can mint tokens',
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'mint',
    checklist: 'MT',
    description: 'An owner- or role-restricted function credits a balance while raising the total supply (or without debiting anyone), so the privileged account can create tokens at will and dilute holders.',
    exploitScenario: 'After liquidity is added the owner mints a large amount to a fresh wallet and sells it into the pool, draining it.',
    recommendation: 'Remove the mint function, cap the supply with a check that cannot be changed, or put minting behind a timelock and multisig that holders can see.',
    messages: { mint: '{contract}.{fn} can mint tokens: restricted to {authority}, it credits {ledger}{supply}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        for (const e of a.entries) {
          if (!e.privileged) continue;
          const writes = e.summary.writes;
          // Credits to holders the contract recorded itself (`balances[list[i]] += share`) pay
          // out a distribution; the privileged caller does not choose who receives them.
          const credits = writes.filter((w) => t.ledgers.has(w.v) && w.op === 'inc' && !(recordedHolder(w.keys[0]) || (w.inLoop && w.keys[0]?.k === 'unknown')));
          if (credits.length === 0) continue;
          const supplyUp = writes.find((w) => t.supply.has(w.v) && w.op === 'inc');
          const debits = writes.some((w) => t.ledgers.has(w.v) && (w.op === 'dec' || w.op === 'delete' || w.op === 'set'));
          if (!supplyUp && debits) continue;
          reportFunction(ctx, e.fn, 'mint', {
            authority: e.authorities[0]!.v?.name ?? e.authorities[0]!.via,
            ledger: credits[0]!.v.name,
            supply: supplyUp ? ` and raises ${supplyUp.v.name}` : ' without debiting another holder',
          });
        }
      },
    };
  },
});

function recordedHolder(key: Sym | undefined): boolean {
  return key?.k === 'state' && key.keys.length > 0;
}
