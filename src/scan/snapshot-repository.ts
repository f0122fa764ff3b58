/**
 * Stored scans: the latest snapshot per (network, address), one history row per
 * snapshot (the score histories). Percentiles are computed when served (live-percentiles.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { SCORE_NAMES, type ScoreName } from '../interface/schemas/audit-layout.ts';
import type { HistoryPoint } from './build-audit-layout.ts';
import type { Store } from '../store/open-store.ts';
import { prepareFirst } from '../store/prepared-first.ts';

type ScoreColumn = `${ScoreName}_score`;
const column = (name: ScoreName): ScoreColumn => `${name}_score`;

export interface StoredSnapshot<R> {
  readonly result: R;
  /** The snapshot's scores, null where unknown (the layout shows those as 0). */
  readonly scores: Record<ScoreName, number | null>;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly slowPollUpdatedAt: string;
}

export async function loadSnapshot<R>(db: Kysely<Database>, network: string, address: string): Promise<StoredSnapshot<R> | undefined> {
  const row = await db
    .selectFrom('scan_snapshots')
    .select(['result', 'created_at', 'updated_at', 'slow_poll_updated_at', ...SCORE_NAMES.map(column)])
    .where('network', '=', network)
    .where('address', '=', address)
    .executeTakeFirst();
  if (!row) return undefined;
  const scores = Object.fromEntries(SCORE_NAMES.map((n) => [n, row[column(n)] === null ? null : Number(row[column(n)])])) as Record<
    ScoreName,
    number | null
  >;
  return {
    result: JSON.parse(row.result) as R,
    scores,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    slowPollUpdatedAt: row.slow_poll_updated_at,
  };
}

/** When the snapshot of an address was first taken and last written, without its body (a prepared read on SQLite). */
export function snapshotTimes(
  store: Store,
): (network: string, address: string) => Promise<{ createdAt: string; updatedAt: string } | undefined> {
  const first = prepareFirst(
    store,
    (network: string, address: string) =>
      store.db
        .selectFrom('scan_snapshots')
        .select(['created_at', 'updated_at'])
        .where('network', '=', network)
        .where('address', '=', address),
    2,
  );
  return async (network, address) => {
    const row = await first(network, address);
    return row ? { createdAt: row.created_at, updatedAt: row.updated_at } : undefined;
  };
}

export interface SaveSnapshot<R> {
  readonly network: string;
  readonly address: string;
  readonly result: R;
  readonly scores: Record<ScoreName, number | null>;
  readonly topHolders: number | null;
  readonly createdAt: string;
  readonly now: string;
  /** When the slow sources were last refreshed (issue 19); default `now`. */
  readonly slowPollUpdatedAt?: string;
}

/** Replaces the latest snapshot and appends a history row, in one transaction. */
export async function saveSnapshot<R>(db: Kysely<Database>, snapshot: SaveSnapshot<R>): Promise<void> {
  const scores = Object.fromEntries(SCORE_NAMES.map((n) => [column(n), snapshot.scores[n]])) as Record<ScoreColumn, number | null>;
  const row = {
    network: snapshot.network,
    address: snapshot.address,
    result: JSON.stringify(snapshot.result),
    created_at: snapshot.createdAt,
    updated_at: snapshot.now,
    slow_poll_updated_at: snapshot.slowPollUpdatedAt ?? snapshot.now,
    ...scores,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('scan_snapshots')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['network', 'address'])
          .doUpdateSet({ result: row.result, updated_at: row.updated_at, slow_poll_updated_at: row.slow_poll_updated_at, ...scores }),
      )
      .execute();
    await trx
      .insertInto('scan_history')
      .values({ network: snapshot.network, address: snapshot.address, taken_at: snapshot.now, top_holders: snapshot.topHolders, ...scores })
      .onConflict((oc) => oc.columns(['network', 'address', 'taken_at']).doNothing())
      .execute();
  });
}

/** Earlier values of each score and of the holder count, oldest first (at most `limit` each). */
export async function loadHistories(
  db: Kysely<Database>,
  network: string,
  address: string,
  limit = 365,
): Promise<Record<ScoreName | 'topHolders', HistoryPoint[]>> {
  const rows = await db
    .selectFrom('scan_history')
    .selectAll()
    .where('network', '=', network)
    .where('address', '=', address)
    .orderBy('taken_at', 'desc')
    .limit(limit)
    .execute();
  rows.reverse();
  const series = (pick: (r: (typeof rows)[number]) => number | null) =>
    rows.flatMap((r) => {
      const v = pick(r);
      return v === null ? [] : [{ v: Number(v), t: r.taken_at }];
    });
  const out = { topHolders: series((r) => r.top_holders) } as Record<ScoreName | 'topHolders', HistoryPoint[]>;
  for (const name of SCORE_NAMES) out[name] = series((r) => r[column(name)]);
  return out;
}
