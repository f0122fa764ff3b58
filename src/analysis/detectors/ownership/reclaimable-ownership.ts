/** Ownership can be taken back after it was given up or transferred. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';

export default defineDetector({
  meta: {
    id: 'reclaimable-ownership',
    category: 'ownership',
    scoring: { kind: 'severity' },
    title: 'Ownership can be reclaimed',
    severity: 'high',
    confidence: 'medium',
    description:
      'A function sets the owner without being restricted to the current owner — it answers to another stored address (a previous owner, a lock) that renouncing does not clear — so a renounced or transferred ownership can come back.',
    exploitScenario: 'The owner "locks" or renounces ownership to gain trust, then calls unlock() and regains every privilege.',
    recommendation: 'Remove the reclaim path; renouncing must clear every address that can restore ownership.',
    messages: { reclaim: '{contract}.{fn} can set {owner} again without being the current owner.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const o = a.ownership;
        if (!o.ownerVariable) return;
        for (const fn of o.reclaimFunctions) reportFunction(ctx, fn, 'reclaim', { owner: o.ownerVariable.name });
      },
    };
  },
});
