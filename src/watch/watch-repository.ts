/**
 * Watches and their events in the store (migration 0016). A deleted watch keeps its row
 * (deleted_at set) so its events and deliveries stay readable; the follower reads only
 * live watches. Events are written once per id: the follower's ids are derived from the
 * block and the value, so a block read twice (a restart) stores nothing twice.
 */
import type { Kysely } from 'kysely';
import type { Database, WatchEventsTable, WatchesTable } from '../store/schema.ts';
import type { Watch, WatchEvent, WatchEventKind } from '../interface/schemas/watches.ts';
import type { WatchForDelivery } from './delivery/watch-deliveries.ts';
import type { WatchPlan } from './watch-plan.ts';
import type { VerdictSnapshot } from './describe-change.ts';

/** What a watch reads and the values the follower last confirmed. */
export interface Baseline {
  readonly plan: WatchPlan;
  readonly values: Readonly<Record<string, string | null>>;
  /** Locks already reported as expiring or expired (each is reported once). */
  readonly locks: Readonly<Record<string, 'expiring' | 'expired'>>;
  readonly verdict: VerdictSnapshot | null;
  readonly decimals: number;
}

export interface WatchRecord extends WatchForDelivery {
  readonly chain: 'evm' | 'solana';
  readonly baseline: Baseline;
  readonly lastCheckedBlock: number | null;
  readonly verdict: string | null;
  readonly createdAt: string;
}

function toRecord(row: WatchesTable): WatchRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    token: row.token,
    network: row.network,
    chain: row.chain === 'solana' ? 'solana' : 'evm',
    webhookUrl: row.webhook_url,
    email: row.email,
    dashboard: row.dashboard === 1,
    webhookSecret: row.webhook_secret,
    baseline: JSON.parse(row.baseline) as Baseline,
    lastCheckedBlock: row.last_checked_block === null ? null : Number(row.last_checked_block),
    verdict: row.verdict,
    createdAt: row.created_at,
  };
}

/** The wire shape of a watch (the secret is never in it). */
export function watchView(record: WatchRecord): Watch {
  // A Solana mint's values are its authorities, supply and extensions (src/watch/solana-mint-state.ts), not plan reads.
  const values =
    record.chain === 'solana'
      ? Object.keys(record.baseline.values).filter((k) => k !== 'decimals' && k !== 'closed').length
      : record.baseline.plan.values.length;
  return {
    id: record.id,
    token: record.token,
    network: record.network,
    chain: record.chain,
    deliver: { webhookUrl: record.webhookUrl, email: record.email, dashboard: record.dashboard },
    createdAt: record.createdAt,
    lastCheckedBlock: record.lastCheckedBlock,
    verdict: record.verdict,
    watched: { values: values + record.baseline.plan.locks.length, note: record.baseline.plan.note },
  };
}

function toEvent(row: WatchEventsTable): WatchEvent {
  return {
    id: row.id,
    watchId: row.watch_id,
    kind: row.kind as WatchEventKind,
    network: row.network,
    token: row.token,
    blockNumber: Number(row.block_number),
    blockHash: row.block_hash,
    transactionHash: row.transaction_hash,
    summary: row.summary,
    before: row.before,
    after: row.after,
    verdictBefore: row.verdict_before,
    verdictAfter: row.verdict_after,
    retracts: row.retracts,
    detectedAt: row.detected_at,
  };
}

export interface NewWatch {
  readonly id: string;
  readonly accountId: string;
  readonly token: string;
  readonly network: string;
  readonly chain: 'evm' | 'solana';
  readonly webhookUrl: string | null;
  readonly email: string | null;
  readonly dashboard: boolean;
  readonly webhookSecret: string | null;
  readonly baseline: Baseline;
  readonly verdict: string | null;
  readonly createdAt: string;
  /** The block (slot) the baseline was read at. */
  readonly lastCheckedBlock: number | null;
}

export function createWatchRepository(db: Kysely<Database>) {
  const live = () => db.selectFrom('watches').selectAll().where('deleted_at', 'is', null);
  return {
    async insert(watch: NewWatch): Promise<WatchRecord> {
      await db
        .insertInto('watches')
        .values({
          id: watch.id,
          account_id: watch.accountId,
          token: watch.token,
          network: watch.network,
          chain: watch.chain,
          webhook_url: watch.webhookUrl,
          email: watch.email,
          dashboard: watch.dashboard ? 1 : 0,
          webhook_secret: watch.webhookSecret,
          baseline: JSON.stringify(watch.baseline),
          last_checked_block: watch.lastCheckedBlock,
          verdict: watch.verdict,
          created_at: watch.createdAt,
          deleted_at: null,
        })
        .execute();
      return { ...watch };
    },

    async countLive(accountId: string): Promise<number> {
      const row = await db
        .selectFrom('watches')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async listOf(accountId: string): Promise<WatchRecord[]> {
      const rows = await live().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toRecord);
    },

    async find(id: string, accountId: string): Promise<WatchRecord | undefined> {
      const row = await live().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
      return row && toRecord(row);
    },

    async remove(id: string, accountId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('watches')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The live watches of one network (the follower's set). */
    async liveOn(network: string): Promise<WatchRecord[]> {
      return (await live().where('network', '=', network).execute()).map(toRecord);
    },

    /** Networks with at least one live watch. */
    async networks(): Promise<string[]> {
      const rows = await db.selectFrom('watches').select('network').distinct().where('deleted_at', 'is', null).execute();
      return rows.map((r) => r.network);
    },

    async saveBaseline(id: string, baseline: Baseline, verdict: string | null): Promise<void> {
      await db
        .updateTable('watches')
        .set({ baseline: JSON.stringify(baseline), verdict })
        .where('id', '=', id)
        .execute();
    },

    /** One statement per block for every live watch of the network (a reorg sets them back with `rewound`). */
    async checked(network: string, block: number): Promise<void> {
      // Never backwards: a watch made after this block keeps the block its baseline was read at.
      await db
        .updateTable('watches')
        .set({ last_checked_block: block })
        .where('network', '=', network)
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('last_checked_block', 'is', null), eb('last_checked_block', '<', block)]))
        .execute();
    },

    /** The block hashes the network's follower confirmed, by number: how a restarted follower sees a reorg it missed. */
    async blockHashes(network: string): Promise<Map<number, string>> {
      const rows = await db
        .selectFrom('watch_block_hashes')
        .select(['block_number', 'block_hash'])
        .where('network', '=', network)
        .execute();
      return new Map(rows.map((r) => [Number(r.block_number), r.block_hash]));
    },

    /** Keeps a confirmed block's hash (replacing one a reorg left) and forgets those `keep` blocks older. */
    async rememberBlock(network: string, block: number, hash: string, keep: number): Promise<void> {
      await db
        .insertInto('watch_block_hashes')
        .values({ network, block_number: block, block_hash: hash })
        .onConflict((c) => c.columns(['network', 'block_number']).doUpdateSet({ block_hash: hash }))
        .execute();
      await db
        .deleteFrom('watch_block_hashes')
        .where('network', '=', network)
        .where('block_number', '<=', block - keep)
        .execute();
    },

    /** Forgets the hashes of blocks a reorg undid. */
    async forgetBlocksAfter(network: string, block: number): Promise<void> {
      await db.deleteFrom('watch_block_hashes').where('network', '=', network).where('block_number', '>', block).execute();
    },

    async rewound(network: string, block: number): Promise<void> {
      await db
        .updateTable('watches')
        .set({ last_checked_block: block })
        .where('network', '=', network)
        .where('deleted_at', 'is', null)
        .where('last_checked_block', '>', block)
        .execute();
    },

    /** Stores the event unless an event with its id exists; true when it was new. */
    async addEvent(event: WatchEvent): Promise<boolean> {
      const result = await db
        .insertInto('watch_events')
        .values({
          id: event.id,
          watch_id: event.watchId,
          kind: event.kind,
          network: event.network,
          token: event.token,
          block_number: event.blockNumber,
          block_hash: event.blockHash,
          transaction_hash: event.transactionHash,
          summary: event.summary,
          before: event.before,
          after: event.after,
          verdict_before: event.verdictBefore,
          verdict_after: event.verdictAfter,
          retracts: event.retracts,
          detected_at: event.detectedAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async eventsOf(watchId: string, limit = 100): Promise<WatchEvent[]> {
      const rows = await db
        .selectFrom('watch_events')
        .selectAll()
        .where('watch_id', '=', watchId)
        .orderBy('detected_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },

    /** Events of the network's live watches after a block that no later event retracted: what a reorg to that block undoes. */
    async eventsAfter(network: string, block: number): Promise<WatchEvent[]> {
      const rows = await db
        .selectFrom('watch_events')
        .selectAll()
        .where('network', '=', network)
        .where('block_number', '>', block)
        .where('kind', '!=', 'retracted')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('watch_events as r').select('r.id').whereRef('r.retracts', '=', 'watch_events.id'))),
        )
        .orderBy('block_number')
        .execute();
      return rows.map(toEvent);
    },
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;
