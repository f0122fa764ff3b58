/**
 * Large arrays of an analysis result cross from a worker process through a file, one JSON
 * item per line, instead of the IPC channel. Node parses each IPC message with one
 * `JSON.parse` on the receiving event loop: the `contracts` of a 1,500-contract inheritance
 * chain (8 MB: every contract lists its whole linearization) held the API's loop 170-260 ms
 * per result (bench/isolation.ts --source chain, CPU profile). Read back here a line at a
 * time, yielding to the loop between slices, nothing holds it for long.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Arrays at least this long go through a file; shorter ones cost the channel little. */
export const SPILL_ITEMS = 200;

let spillDir: string | undefined;

/**
 * Writes `items` to a new file, one per line, as JSON would write them in an array (so
 * `undefined` becomes `null`, as over the channel). Called in the worker process.
 */
export function spillItems(items: readonly unknown[], dir?: string): string {
  const folder = dir ?? (spillDir ??= mkdtempSync(join(tmpdir(), 'scopeward-analysis-')));
  const file = join(folder, `${randomUUID()}.ndjson`);
  writeFileSync(file, items.map((item) => JSON.stringify([item]).slice(1, -1)).join('\n'));
  return file;
}

/**
 * The items of a spilled file, parsed a slice at a time; the file is removed whatever happens.
 * `T` is the type the writer spilled: the file is this process's own worker's output.
 */
export async function readSpilledItems<T = unknown>(
  file: string,
  options: { readonly budgetMs?: number; readonly now?: () => number; readonly yieldToLoop?: () => Promise<unknown> } = {},
): Promise<T[]> {
  const budget = options.budgetMs ?? 4;
  const now = options.now ?? (() => performance.now());
  const yieldToLoop = options.yieldToLoop ?? (() => nextTurn());
  try {
    const items: T[] = [];
    const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
    let sliceStart = now();
    for await (const line of lines) {
      if (line === '') continue;
      items.push(JSON.parse(line) as T);
      if (now() - sliceStart >= budget) {
        await yieldToLoop();
        sliceStart = now();
      }
    }
    return items;
  } finally {
    await rm(file, { force: true });
  }
}
