/**
 * What the enrichment keeps (issue 19): the last state per token, the counter readings
 * behind the *History arrays, and which tokens were scanned recently (the poll's work list).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { EnrichmentState } from './enrich-project.ts';
import {
  COUNTERS,
  EMPTY_HISTORIES,
  type Counter,
  type CounterHistories,
  type CounterReading,
  type HistoryPoint,
} from './enrichment-fields.ts';

/** Points per *History array: a reading per poll every 6 hours is two months. */
export const HISTORY_POINTS = 240;

export async function loadState(db: Kysely<Database>, network: string, address: string): Promise<EnrichmentState | undefined> {
  const row = await db
    .selectFrom('enrichments')
    .select('result')
    .where('network', '=', network)
    .where('address', '=', address)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.result) as EnrichmentState;
  } catch {
    // A row we cannot read is as good as none: the next run rewrites it.
    return undefined;
  }
}

export async function saveState(
  db: Kysely<Database>,
  key: { network: string; address: string },
  state: EnrichmentState,
  times: { now: string; slowPollUpdatedAt: string; scanned: boolean },
): Promise<void> {
  const result = JSON.stringify(state);
  await db
    .insertInto('enrichments')
    .values({
      ...key,
      result,
      slow_poll_updated_at: times.slowPollUpdatedAt,
      last_scanned_at: times.scanned ? times.now : '',
      updated_at: times.now,
    })
    .onConflict((oc) =>
      oc.columns(['network', 'address']).doUpdateSet({
        result,
        slow_poll_updated_at: times.slowPollUpdatedAt,
        updated_at: times.now,
        ...(times.scanned ? { last_scanned_at: times.now } : {}),
      }),
    )
    .execute();
}

export async function recordReadings(
  db: Kysely<Database>,
  key: { network: string; address: string },
  readings: readonly CounterReading[],
): Promise<void> {
  if (readings.length === 0) return;
  await db
    .insertInto('counter_readings')
    .values(readings.map((r) => ({ ...key, counter: r.counter, value: r.value, taken_at: r.takenAt })))
    // The same reading seen twice (a scan and the poll sharing a cached answer) is one point.
    .onConflict((oc) => oc.columns(['network', 'address', 'counter', 'taken_at']).doNothing())
    .execute();
}

/** The last HISTORY_POINTS readings of each counter, oldest first. */
export async function loadCounterHistories(db: Kysely<Database>, network: string, address: string): Promise<CounterHistories> {
  const out: Record<Counter, HistoryPoint[]> = { ...EMPTY_HISTORIES, telegram: [], discord: [], reddit: [], twitter: [], facebook: [] };
  await Promise.all(
    COUNTERS.map(async (counter) => {
      const rows = await db
        .selectFrom('counter_readings')
        .select(['value', 'taken_at'])
        .where('network', '=', network)
        .where('address', '=', address)
        .where('counter', '=', counter)
        .orderBy('taken_at', 'desc')
        .limit(HISTORY_POINTS)
        .execute();
      out[counter] = rows.reverse().map((r) => ({ v: Number(r.value), t: r.taken_at }));
    }),
  );
  return out;
}

/** Tokens a scan asked about since `since` (ISO), the least recently polled first. */
export async function recentlyScanned(db: Kysely<Database>, since: string, limit: number): Promise<{ network: string; address: string }[]> {
  return db
    .selectFrom('enrichments')
    .select(['network', 'address'])
    .where('last_scanned_at', '>=', since)
    .orderBy('slow_poll_updated_at', 'asc')
    .limit(limit)
    .execute();
}
