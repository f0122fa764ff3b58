/**
 * How an adapter says "this is all I could learn" without changing the spec's output shape.
 *
 * The Provider contract returns exactly the facts (RepositoryStats is the spec's object,
 * with no room for a note). When a provider answers only part of them — GitHub still
 * computing weekly statistics (HTTP 202), a contributor list too large to count — the
 * adapter returns what it knows with the documented empty values and records the reason
 * here, keyed by the returned object. The orchestrator asks `partialReason(output)` and
 * reports the source as `partial` with that reason in `meta.sources`.
 */
const reasons = new WeakMap<object, string>();

/** Records why `output` is incomplete (several reasons are joined) and returns it. */
export function markPartial<T extends object>(output: T, reason: string): T {
  const before = reasons.get(output);
  reasons.set(output, before ? `${before}; ${reason}` : reason);
  return output;
}

/** Why `output` is incomplete, or undefined when the provider answered everything. */
export function partialReason(output: unknown): string | undefined {
  return typeof output === 'object' && output !== null ? reasons.get(output) : undefined;
}
