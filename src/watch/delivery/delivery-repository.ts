/**
 * Watch deliveries in the database (tables watch_deliveries and watch_delivery_attempts,
 * migration 0017). Every change to a delivery is one conditional update, so replicas
 * working the same rows cannot both claim one: `claim` takes a lease only on a due,
 * unleased delivery, and `finish` writes only under the lease it took.
 */
import type { Kysely } from 'kysely';
import type { Database, WatchDeliveriesTable } from '../../store/schema.ts';
import type { DeliveryChannel, DeliveryStatus } from '../../interface/schemas/watches.ts';

export type DeliveryRow = WatchDeliveriesTable;

export interface NewDelivery {
  readonly id: string;
  readonly watchId: string;
  readonly accountId: string;
  readonly eventId: string;
  readonly eventKind: string;
  readonly channel: DeliveryChannel;
  readonly target: string | null;
  readonly secret: string | null;
  readonly payload: string;
  readonly status: DeliveryStatus;
  readonly nextAttemptAt: string | null;
  readonly retryUntil: string | null;
  readonly deliveredAt: string | null;
  readonly createdAt: string;
}

export interface AttemptRecord {
  readonly attempt: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly outcome: 'delivered' | 'retry' | 'failed';
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly replica: string;
}

/** A claimed delivery: the row as it was claimed, and which claim this is. */
export interface Claim {
  readonly row: DeliveryRow;
  readonly owner: string;
  readonly claim: number;
}

export interface DeliveryRepository {
  /** Inserts the deliveries that do not exist yet for their (event, channel); returns those inserted. */
  insert(deliveries: readonly NewDelivery[]): Promise<NewDelivery[]>;
  /** Takes a lease on a due delivery no live lease holds; undefined when it is not due, done, or held. */
  claim(id: string, owner: string, now: string, leaseUntil: string): Promise<Claim | undefined>;
  /** Records one attempt and the delivery's new state, under the claim's lease. */
  finish(
    claim: Claim,
    attempt: AttemptRecord,
    state: { status: DeliveryStatus; nextAttemptAt: string | null; deliveredAt: string | null },
  ): Promise<void>;
  /** Deliveries due at `now` that no live lease holds, soonest first. */
  due(now: string, limit: number): Promise<Array<{ id: string; claims: number; nextAttemptAt: string }>>;
  find(id: string): Promise<DeliveryRow | undefined>;
  listForWatch(watchId: string, accountId: string, limit: number): Promise<DeliveryRow[]>;
  attempts(deliveryIds: readonly string[]): Promise<Array<AttemptRecord & { deliveryId: string }>>;
  /** Whether the watch was deleted (its deliveries stop); false for a watch the store does not hold. */
  watchDeleted(watchId: string): Promise<boolean>;
  /** Makes a delivery due now again with a fresh 24-hour window; false when it is not this account's. */
  redeliver(id: string, watchId: string, accountId: string, now: string, retryUntil: string): Promise<boolean>;
}

export function createDeliveryRepository(db: Kysely<Database>): DeliveryRepository {
  const open = ['pending', 'retrying'];
  return {
    async insert(deliveries) {
      const inserted: NewDelivery[] = [];
      for (const d of deliveries) {
        const result = await db
          .insertInto('watch_deliveries')
          .values({
            id: d.id,
            watch_id: d.watchId,
            account_id: d.accountId,
            event_id: d.eventId,
            event_kind: d.eventKind,
            channel: d.channel,
            target: d.target,
            secret: d.secret,
            payload: d.payload,
            status: d.status,
            attempts: d.status === 'delivered' ? 1 : 0,
            claims: 0,
            next_attempt_at: d.nextAttemptAt,
            retry_until: d.retryUntil,
            delivered_at: d.deliveredAt,
            created_at: d.createdAt,
          })
          .onConflict((oc) => oc.columns(['event_id', 'channel']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) inserted.push(d);
      }
      return inserted;
    },

    async claim(id, owner, now, leaseUntil) {
      const result = await db
        .updateTable('watch_deliveries')
        .set((eb) => ({ lease_owner: owner, lease_until: leaseUntil, claims: eb('claims', '+', 1) }))
        .where('id', '=', id)
        .where('status', 'in', open)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await db.selectFrom('watch_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // Another replica may have claimed it between the update and this read; then it is theirs.
      if (row.lease_owner !== owner) return undefined;
      return { row, owner, claim: row.claims };
    },

    async finish(claim, attempt, state) {
      await db
        .insertInto('watch_delivery_attempts')
        .values({
          delivery_id: claim.row.id,
          attempt: attempt.attempt,
          started_at: attempt.startedAt,
          duration_ms: attempt.durationMs,
          outcome: attempt.outcome,
          status_code: attempt.statusCode,
          error: attempt.error,
          replica: attempt.replica,
        })
        .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
        .execute();
      await db
        .updateTable('watch_deliveries')
        .set({
          status: state.status,
          attempts: attempt.attempt,
          last_status_code: attempt.statusCode,
          last_error: attempt.error,
          next_attempt_at: state.nextAttemptAt,
          delivered_at: state.deliveredAt,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', claim.row.id)
        .where('lease_owner', '=', claim.owner)
        .where('claims', '=', claim.claim)
        .execute();
    },

    async due(now, limit) {
      const rows = await db
        .selectFrom('watch_deliveries')
        .select(['id', 'claims', 'next_attempt_at'])
        .where('status', 'in', open)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, claims: Number(r.claims), nextAttemptAt: r.next_attempt_at ?? now }));
    },

    find: (id) => db.selectFrom('watch_deliveries').selectAll().where('id', '=', id).executeTakeFirst(),

    listForWatch: (watchId, accountId, limit) =>
      db
        .selectFrom('watch_deliveries')
        .selectAll()
        .where('watch_id', '=', watchId)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute(),

    async attempts(deliveryIds) {
      if (deliveryIds.length === 0) return [];
      const rows = await db
        .selectFrom('watch_delivery_attempts')
        .selectAll()
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('delivery_id')
        .orderBy('attempt')
        .execute();
      return rows.map((r) => ({
        deliveryId: r.delivery_id,
        attempt: Number(r.attempt),
        startedAt: r.started_at,
        durationMs: Number(r.duration_ms),
        outcome: r.outcome as AttemptRecord['outcome'],
        statusCode: r.status_code === null ? null : Number(r.status_code),
        error: r.error,
        replica: r.replica,
      }));
    },

    async watchDeleted(watchId) {
      const row = await db.selectFrom('watches').select('deleted_at').where('id', '=', watchId).executeTakeFirst();
      return row !== undefined && row.deleted_at !== null;
    },

    async redeliver(id, watchId, accountId, now, retryUntil) {
      const result = await db
        .updateTable('watch_deliveries')
        .set({ status: 'pending', next_attempt_at: now, retry_until: retryUntil, delivered_at: null })
        .where('id', '=', id)
        .where('watch_id', '=', watchId)
        .where('account_id', '=', accountId)
        .where('channel', '!=', 'dashboard')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
