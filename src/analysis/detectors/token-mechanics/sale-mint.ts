/**
 * Anyone can create tokens by paying the contract. A bonding curve or a token sale that
 * issues new tokens for ETH has no fixed supply: every purchase raises it at a price the
 * code sets. Nobody can mint for free and no one account decides, so this is neither the
 * smartAudit `mint` key nor the checklist's MT (both mean a privileged mint, owner-mint's
 * finding), but a holder should know that the supply is open-ended and where it grows.
 */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';

export default defineDetector({
  meta: {
    id: 'sale-mint',
    category: 'token-mechanics',
    scoring: { kind: 'severity' },
    title: 'Anyone can mint tokens by paying',
    severity: 'low',
    confidence: 'high',
    description:
      'A payable function open to every caller credits a balance and raises the total supply without debiting any holder: tokens are created for ETH at the price the code sets, so the supply is not fixed and grows with every purchase.',
    exploitScenario:
      'Holders who believe the supply is fixed are diluted as new buyers mint; on a bonding curve early buyers sell into the ETH later buyers paid in.',
    recommendation:
      'Disclose the issuance rule and its price curve, cap the supply if it is meant to be fixed, and sell from a pre-minted reserve instead of minting on purchase.',
    messages: {
      sale: '{contract}.{fn} mints tokens to whoever pays: it credits {ledger} and raises {supply} without debiting anyone, so the supply grows with every purchase.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t) return;
        for (const e of a.entries) {
          if (e.privileged || e.fn.mutability !== 'payable') continue;
          const writes = e.summary.writes;
          // A sale out of a reserve (`balances[owner] -= n; balances[buyer] += n`) moves
          // tokens that exist; only a credit with the supply raised and nobody debited mints.
          if (writes.some((w) => t.isLedger(w) && (w.op === 'dec' || w.op === 'delete'))) continue;
          const supply = writes.find((w) => t.supply.has(w.v) && w.op === 'inc');
          const credit = writes.find((w) => t.isLedger(w) && w.op === 'inc');
          if (!supply || !credit) continue;
          reportFunction(ctx, e.fn, 'sale', { ledger: credit.v.name, supply: supply.v.name });
        }
      },
    };
  },
});
