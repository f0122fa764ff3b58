/** Renouncing ownership leaves privileged access in place. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';

export default defineDetector({
  meta: {
    id: 'fake-renounce',
    category: 'ownership',
    scoring: { kind: 'severity' },
    title: 'Renounce that is not real',
    severity: 'high',
    confidence: 'medium',
    description:
      'The renounce function zeroes the owner variable, but privileged functions are (also) restricted to another address it does not clear, or ownership can be reclaimed: after "renouncing", someone still controls the contract.',
    exploitScenario:
      'Holders see ownership renounced on the explorer and buy; the developer still changes fees through a second admin address.',
    recommendation: 'Make renouncing clear every privileged address (or remove the other privileged paths).',
    messages: { fake: '{contract}.{fn} zeroes {owner} but {others} keep(s) privileged access.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const o = a.ownership;
        if (!o.ownerVariable || o.renounceFunctions.length === 0) return;
        for (const fn of o.renounceFunctions) {
          const summary = a.entries.find((e) => e.fn === fn)!.summary;
          const cleared = new Set(summary.writes.filter((w) => w.op === 'delete').map((w) => w.v));
          const remaining = o.otherAuthorities.filter((v) => !cleared.has(v)).map((v) => v.name);
          const reclaim = o.reclaimFunctions.map((f) => `${f.name}()`);
          const others = [...remaining, ...reclaim];
          if (others.length > 0) reportFunction(ctx, fn, 'fake', { owner: o.ownerVariable.name, others: others.join(', ') });
        }
      },
    };
  },
});
