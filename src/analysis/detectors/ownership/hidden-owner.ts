/** Privileged functions answer to an address other than the visible owner. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';

export default defineDetector({
  meta: {
    id: 'hidden-owner',
    category: 'ownership',
    scoring: { kind: 'severity' },
    title: 'Hidden owner',
    severity: 'high',
    confidence: 'medium',
    description:
      'Some privileged functions check the caller against a non-public address variable other than the owner, so renouncing ownership (or checking owner()) does not tell holders who still controls the contract.',
    exploitScenario:
      'Ownership is renounced with a public transaction, yet a developer wallet stored in a private variable can still change fees or blacklist holders.',
    recommendation:
      'Expose every privileged address publicly and make renouncing clear all of them, or use a role system whose members are visible.',
    messages: { hidden: '{contract}.{fn} is restricted to {var}, a private address other than the owner.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const owner = a.ownership.ownerVariable;
        if (!owner) return;
        for (const e of a.entries) {
          if (a.ownership.reclaimFunctions.includes(e.fn)) continue;
          const hidden = e.authorities.find(
            (x) => x.kind === 'owner' && x.v && x.v !== owner && x.v.visibility !== 'public' && !hasGetter(a.entries, x.v.name),
          );
          if (hidden) reportFunction(ctx, e.fn, 'hidden', { var: hidden.v!.name });
        }
      },
    };
  },
});

function hasGetter(
  entries: { fn: { mutability: string; params: unknown[] }; summary: { reads: Set<{ name: string }> } }[],
  name: string,
): boolean {
  return entries.some(
    (e) =>
      e.fn.mutability === 'view' &&
      e.fn.params.length === 0 &&
      [...e.summary.reads].some((v) => v.name === name) &&
      e.summary.reads.size === 1,
  );
}
