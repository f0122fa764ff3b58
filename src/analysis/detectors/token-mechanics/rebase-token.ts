/** A function changes every holder's balance at once by rescaling the supply. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';

export default defineDetector({
  meta: {
    id: 'rebase-token',
    category: 'token-mechanics',
    scoring: { kind: 'severity' },
    title: 'Rebasing token',
    severity: 'medium',
    confidence: 'medium',
    smartAuditKey: 'rebase',
    description:
      "A function outside the transfer path changes a variable that balanceOf scales balances by (and the total supply) without touching the ledger: every holder's balance changes at once.",
    exploitScenario:
      "Whoever may call the rebase shrinks all balances (including the pool's) right before selling, or pools holding the token are left with mispriced reserves.",
    recommendation:
      'Disclose the rebase policy, restrict and rate-limit rebases, and warn integrators that balances change without transfers.',
    messages: { rebase: '{contract}.{fn} rescales balances by changing {vars}.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t || !t.balanceOf) return;
        const scaling = new Set(
          [...t.balanceOf.summary.reads].filter((v) => !t.ledgers.has(v) && !v.type.mapping && !/^(bool|address)/.test(v.type.text)),
        );
        if (scaling.size === 0) return;
        const transfer = new Set(t.transferEntries.map((e) => e.fn));
        for (const e of a.entries) {
          if (transfer.has(e.fn)) continue;
          const writes = e.summary.writes;
          if (writes.some((w) => t.isLedger(w))) continue;
          const changed = writes.filter((w) => scaling.has(w.v)).map((w) => w.v);
          if (changed.length === 0 || !writes.some((w) => t.supply.has(w.v) || scaling.has(w.v))) continue;
          if (!writes.some((w) => t.supply.has(w.v))) continue;
          reportFunction(ctx, e.fn, 'rebase', { vars: [...new Set(changed.map((v) => v.name))].join(', ') });
        }
      },
    };
  },
});
