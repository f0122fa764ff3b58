/**
 * Percentiles over the live population: every score of every address's latest
 * snapshot, read from the store and kept in memory, re-read once it is older than
 * `refreshMs` and updated at once by the scans of this process. An answer's
 * percentiles are computed when it is served, against the population as of the stamp
 * it carries (`meta.percentilesAt`), never frozen when its snapshot was taken.
 */
import type { Store } from '../store/open-store.ts';
import { SCORE_NAMES, type ScoreName } from '../interface/schemas/audit-layout.ts';

export type Scores = Readonly<Record<ScoreName, number | null>>;

export interface LivePercentiles {
  /**
   * Percentile rank (0–100) of each score of `key` among the population, the address's
   * own stored scores replaced by `scores`: the share scoring lower, ties counted half;
   * 0 for a null score.
   */
  of(key: string, scores: Scores): Promise<{ percentiles: Record<ScoreName, number>; at: string }>;
  /** The stamp of the population answers are ranked in now (re-read first when it is too old). */
  stamp(): Promise<string>;
  /** Records a snapshot this process just stored. */
  update(key: string, scores: Scores): void;
}

export interface LivePercentilesOptions {
  readonly store: Store;
  /** How long the population read from the store is used before it is read again (ms). */
  readonly refreshMs: number;
  readonly now?: () => Date;
}

export const populationKey = (network: string, address: string) => `${network}:${address}`;

export function createLivePercentiles(options: LivePercentilesOptions): LivePercentiles {
  const now = options.now ?? (() => new Date());
  let population = new Map<string, Scores>();
  let sorted: Record<ScoreName, number[]> | null = null;
  let readAt = -Infinity;
  let stamp = '';
  let reading: Promise<void> | null = null;

  async function read(): Promise<void> {
    const started = now();
    const rows = await options.store.db
      .selectFrom('scan_snapshots')
      .select(['network', 'address', ...SCORE_NAMES.map((n) => `${n}_score` as const)])
      .execute();
    const next = new Map<string, Scores>();
    for (const row of rows) {
      const scores = Object.fromEntries(
        SCORE_NAMES.map((n) => [n, row[`${n}_score`] === null ? null : Number(row[`${n}_score`])]),
      ) as Record<ScoreName, number | null>;
      next.set(populationKey(row.network, row.address), scores);
    }
    population = next;
    sorted = null;
    readAt = started.getTime();
    stamp = started.toISOString();
  }

  async function current(): Promise<void> {
    if (now().getTime() - readAt < options.refreshMs) return;
    reading ??= read().finally(() => (reading = null));
    await reading;
  }

  function columns(): Record<ScoreName, number[]> {
    if (sorted) return sorted;
    const out = Object.fromEntries(SCORE_NAMES.map((n) => [n, [] as number[]])) as Record<ScoreName, number[]>;
    for (const scores of population.values()) for (const n of SCORE_NAMES) if (scores[n] !== null) out[n].push(scores[n]!);
    for (const n of SCORE_NAMES) out[n].sort((a, b) => a - b);
    sorted = out;
    return out;
  }

  return {
    async of(key, scores) {
      await current();
      const cols = columns();
      const own = population.get(key);
      const percentiles = {} as Record<ScoreName, number>;
      for (const name of SCORE_NAMES) {
        const value = scores[name];
        if (value === null) {
          percentiles[name] = 0;
          continue;
        }
        let below = countBelow(cols[name], value);
        let equal = countBelow(cols[name], value, true) - below;
        let n = cols[name].length;
        // The address's stored score is replaced by the one being answered.
        const old = own?.[name] ?? null;
        if (old !== null) {
          n -= 1;
          if (old < value) below -= 1;
          else if (old === value) equal -= 1;
        }
        n += 1;
        equal += 1;
        percentiles[name] = Math.round(((below + 0.5 * equal) / n) * 1000) / 10;
      }
      return { percentiles, at: stamp };
    },
    async stamp() {
      await current();
      return stamp;
    },
    update(key, scores) {
      population.set(key, { ...scores });
      sorted = null;
      stamp = now().toISOString();
    },
  };
}

/** How many values are below `value` (at or below with `orEqual`), by binary search. */
function countBelow(values: readonly number[], value: number, orEqual = false): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value || (orEqual && values[mid] === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
