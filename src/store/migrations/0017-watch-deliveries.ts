import type { Kysely } from 'kysely';

// Issue 32: each watch event's delivery to one channel of its watch (webhook, e-mail,
// dashboard) and every attempt at it. The database is the delivery's truth: a replica
// claims a delivery with a lease before sending, so jobs lost with a killed replica are
// found again by the sweep and nothing is delivered by two replicas at once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watch_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('watch_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The URL or e-mail address as the watch had it when the event was enqueued; null for the dashboard.
    .addColumn('target', 'text')
    // The webhook signing secret as the watch had it then (the watch row holds it too).
    .addColumn('secret', 'text')
    // JSON: the body sent (the event, the watch's id, token and network), frozen at enqueue.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // How many times a replica claimed it: names the next job, so a claim lost with its replica gets a fresh one.
    .addColumn('claims', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    // Retries stop once this passes (24 hours after the first attempt, or after a redeliver).
    .addColumn('retry_until', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watch_deliveries_event_channel').unique().on('watch_deliveries').columns(['event_id', 'channel']).execute();
  await db.schema.createIndex('watch_deliveries_by_watch').on('watch_deliveries').columns(['watch_id', 'created_at']).execute();
  await db.schema.createIndex('watch_deliveries_due').on('watch_deliveries').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('watch_delivery_attempts')
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('watch_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    // delivered | retry | failed
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('replica', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_delivery_attempts_pk', ['delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('watch_delivery_attempts').execute();
  await db.schema.dropTable('watch_deliveries').execute();
}
