/**
 * JSON for large answers without holding the event loop: the big arrays of an answer are
 * stringified a slice at a time, yielding between slices, and spliced into the route's own
 * serialisation of the rest. The bytes are those of serialising the whole answer at once;
 * only when they are produced changes.
 *
 * Why: a 1.1 MB source's legacy report is ~1.9 MB of JSON, 1.3 MB of it findings.
 * Serialising it in one piece held /healthz for 10-50 ms per answer on a loaded 2-core
 * machine (bench/isolation.ts, CPU profile; docs/decisions/0211-event-loop-fixed-the-legacy-report-is.md).
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
 * Serialises `answer` with `serialize` (the route's schema serializer) to UTF-8, the arrays
 * named in `large` stringified in slices first. Each large array is stood in for by a
 * one-element array holding a random marker string, which the serializer writes as
 * `["marker"]` and which nothing else in the answer can contain; the marker's place is then
 * taken by the array's JSON. The arrays must be ones the schema writes as they are (items of
 * any type). The text is encoded in slices too: writing a 1.9 MB string converts it to
 * UTF-8 in one piece on the event loop (8-30 ms in the profile), a Buffer goes out as it is.
 */
export function serializeInSlices<T extends object>(
  answer: T,
  large: (answer: T, replace: <A>(items: readonly A[]) => A[]) => T,
  serialize: (answer: T) => string,
  options: SliceOptions = {},
): Promise<Buffer> {
  // One answer at a time: answers sliced side by side each took their 4 ms in the same turn
  // of the loop (four 1 MB answers: 16-24 ms turns in bench/isolation.ts's profile), while
  // one after the other each turn holds one slice, and the first answer is done sooner.
  const run = queue.then(() => serializeNow(answer, large, serialize, options));
  queue = run.catch(() => undefined);
  return run;
}

/** The end of the answers waiting to be sliced (serializeInSlices runs them in turn). */
let queue: Promise<unknown> = Promise.resolve();

async function serializeNow<T extends object>(
  answer: T,
  large: (answer: T, replace: <A>(items: readonly A[]) => A[]) => T,
  serialize: (answer: T) => string,
  options: SliceOptions,
): Promise<Buffer> {
  const pending: Array<{ marker: string; items: readonly unknown[] }> = [];
  const standIn = large(answer, <A>(items: readonly A[]) => {
    const marker = `sliced-json:${randomUUID()}`;
    pending.push({ marker, items });
    return [marker as unknown as A];
  });
  const arrays: Array<{ stand: string; json: string }> = [];
  for (const { marker, items } of pending)
    arrays.push({ stand: JSON.stringify([marker]), json: await stringifyArrayInSlices(items, options) });
  const text = serialize(standIn);
  // Where each stand-in is in the (small) serialised text; one the serializer dropped (not
  // in its schema) is not there, and nothing is put back for it.
  const places = arrays
    .map((a) => ({ ...a, at: text.indexOf(a.stand) }))
    .filter((a) => a.at !== -1)
    .sort((x, y) => x.at - y.at);
  const segments: string[] = [];
  let from = 0;
  for (const { stand, json, at } of places) {
    segments.push(text.slice(from, at), json);
    from = at + stand.length;
  }
  segments.push(text.slice(from));
  return encodeInSlices(segments, options);
}

/** Characters encoded to UTF-8 between two looks at the clock. */
const ENCODE_CHUNK = 64 * 1024;

/** The UTF-8 of the segments joined, encoded a chunk at a time, yielding when a slice's budget is used. */
export async function encodeInSlices(
  segments: readonly string[],
  options: SliceOptions & { readonly chunkChars?: number } = {},
): Promise<Buffer> {
  const budget = options.budgetMs ?? 4;
  const now = options.now ?? (() => performance.now());
  const yieldToLoop = options.yieldToLoop ?? (() => nextTurn());
  const chunk = options.chunkChars ?? ENCODE_CHUNK;
  const buffers: Buffer[] = [];
  let sliceStart = now();
  for (const segment of segments) {
    for (let i = 0; i < segment.length;) {
      let end = Math.min(segment.length, i + chunk);
      // Never between the halves of a surrogate pair: each half alone encodes as U+FFFD.
      const last = segment.charCodeAt(end - 1);
      // (With a one-character chunk that would be no progress: take the pair whole.)
      if (end < segment.length && last >= 0xd800 && last <= 0xdbff) end += end - 1 > i ? -1 : 1;
      buffers.push(Buffer.from(segment.slice(i, end), 'utf8'));
      i = end;
      if (now() - sliceStart >= budget) {
        await yieldToLoop();
        sliceStart = now();
      }
    }
  }
  return Buffer.concat(buffers);
}
