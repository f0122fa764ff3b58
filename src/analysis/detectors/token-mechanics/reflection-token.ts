/** Holders' balances grow from fees redistributed on every transfer (RFI-style reflections). */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';
import { operatorOf } from '../../solidity/syntax-helpers.ts';
import type { Summary } from '../../solidity/summary.ts';

export default defineDetector({
  meta: {
    id: 'reflection-token',
    category: 'token-mechanics',
    scoring: { kind: 'severity' },
    title: 'Reflection token',
    severity: 'informational',
    confidence: 'medium',
    smartAuditKey: 'reflections',
    description:
      'balanceOf scales a stored ledger by a rate that the transfer path itself changes: a fee on each transfer is redistributed to all holders by shrinking the reflected supply.',
    exploitScenario:
      'Integrations that cache balances (pools, staking, bridges) drift from real balances; excluded addresses and rounding in the rate are a frequent source of bugs.',
    recommendation: 'Document the reflection mechanics; make sure the pair and other contracts are excluded as intended.',
    messages: { reflections: '{contract}.balanceOf depends on {vars}, which every transfer changes (reflections).' },
  },
  create(ctx) {
    return {
      contract(a) {
        const t = a.token;
        if (!t || !t.balanceOf) return;
        const transferWrites = new Set(
          t.transferEntries
            .flatMap((e) => e.summary.writes)
            .filter((w) => w.keys.length === 0 && !t.ledgers.has(w.v))
            .map((w) => w.v),
        );
        const scaling = [...t.balanceOf.summary.reads].filter(
          (v) => transferWrites.has(v) && !v.type.mapping && !/^(bool|address)/.test(v.type.text),
        );
        if (scaling.length === 0 || !hasDivision(t.balanceOf.summary)) return;
        reportFunction(ctx, t.balanceOf.fn, 'reflections', { vars: scaling.map((v) => v.name).join(', ') });
      },
    };
  },
});

function hasDivision(summary: Summary): boolean {
  return summary.arithmetic.some((x) => operatorOf(x.node) === '/');
}
