import type { Kysely } from 'kysely';

// Issue 32: watched tokens and the changes the follower saw on them. A watch is deleted by
// setting deleted_at (its events stay for the delivery log); the follower reads the live
// watches of a network and stores events, which the delivery side (migration 0017) sends.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('email', 'text')
    .addColumn('dashboard', 'integer', (c) => c.notNull())
    .addColumn('webhook_secret', 'text')
    // JSON: what is read (src/watch/watch-plan.ts) and the values last confirmed.
    .addColumn('baseline', 'text', (c) => c.notNull())
    // bigint: block numbers pass 2^31 on fast chains; slots on Solana do already.
    .addColumn('last_checked_block', 'bigint')
    .addColumn('verdict', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('watches_by_account').on('watches').columns(['account_id', 'deleted_at']).execute();
  await db.schema.createIndex('watches_by_network').on('watches').columns(['network', 'deleted_at']).execute();

  await db.schema
    .createTable('watch_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('watch_id', 'text', (c) => c.notNull().references('watches.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('transaction_hash', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('verdict_before', 'text')
    .addColumn('verdict_after', 'text')
    .addColumn('retracts', 'text')
    .addColumn('detected_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watch_events_by_watch').on('watch_events').columns(['watch_id', 'detected_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('watch_events').execute();
  await db.schema.dropTable('watches').execute();
}
