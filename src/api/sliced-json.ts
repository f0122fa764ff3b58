/**
 * JSON for large answers without holding the event loop: the big arrays of an answer are
 * stringified a slice at a time, yielding between slices, and spliced into the route's own
 * serialisation of the rest. The bytes are those of serialising the whole answer at once;
 * only when they are produced changes.
 *
 * Why: a 1.1 MB source's legacy report is ~1.9 MB of JSON, 1.3 MB of it findings.
 * Serialising it in one piece held /healthz for 10-50 ms per answer on a loaded 2-core
 * machine (bench/isolation.ts, CPU profile; docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface SliceOptions {
  /** Work done before yielding, in ms (default 4). */
  readonly budgetMs?: number;
  /** The clock slices are measured with (tests inject one). */
  readonly now?: () => number;
  /** How to let the event loop run (default: the next turn, after I/O). */
  readonly yieldToLoop?: () => Promise<unknown>;
}

/**
 * `JSON.stringify(items)`, computed a few items at a time. Each item is stringified as the
 * element of an array, so `undefined`, functions and symbols become `null` as they would.
 */
export async function stringifyArrayInSlices(items: readonly unknown[], options: SliceOptions = {}): Promise<string> {
  const budget = options.budgetMs ?? 4;
  const now = options.now ?? (() => performance.now());
  const yieldToLoop = options.yieldToLoop ?? (() => nextTurn());
  const parts: string[] = [];
  let sliceStart = now();
  for (const item of items) {
    parts.push(JSON.stringify([item]).slice(1, -1));
    if (now() - sliceStart >= budget) {
      await yieldToLoop();
      sliceStart = now();
    }
  }
  return `[${parts.join(',')}]`;
}

/**
 * Serialises `answer` with `serialize` (the route's schema serializer), the arrays named in
 * `large` stringified in slices first. Each large array is stood in for by a one-element
 * array holding a random marker string, which the serializer writes as `["marker"]` and
 * which nothing else in the answer can contain; the marker is then replaced by the array's
 * JSON. The arrays must be ones the schema writes as they are (items of any type).
 */
export async function serializeInSlices<T extends object>(
  answer: T,
  large: (answer: T, replace: <A>(items: readonly A[]) => A[]) => T,
  serialize: (answer: T) => string,
  options: SliceOptions = {},
): Promise<string> {
  const slices = new Map<string, string>();
  const pending: Array<{ marker: string; items: readonly unknown[] }> = [];
  const standIn = large(answer, <A>(items: readonly A[]) => {
    const marker = `sliced-json:${randomUUID()}`;
    pending.push({ marker, items });
    return [marker as unknown as A];
  });
  for (const { marker, items } of pending) slices.set(JSON.stringify([marker]), await stringifyArrayInSlices(items, options));
  let text = serialize(standIn);
  for (const [stand, json] of slices) {
    const at = text.indexOf(stand);
    // The serializer dropped the field (not in its schema): nothing to put back.
    if (at === -1) continue;
    text = text.slice(0, at) + json + text.slice(at + stand.length);
  }
  return text;
}
