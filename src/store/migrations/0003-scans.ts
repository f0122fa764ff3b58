import type { Kysely } from 'kysely';

const SCORES = ['security', 'decentralisation', 'market', 'community', 'fundamentals', 'total'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // The latest snapshot of each (network, address): what cyberscan serves while fresh.
  let snapshots = db.schema
    .createTable('scan_snapshots')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('slow_poll_updated_at', 'text', (c) => c.notNull());
  for (const score of SCORES) snapshots = snapshots.addColumn(`${score}_score`, 'double precision');
  await snapshots.addPrimaryKeyConstraint('scan_snapshots_pk', ['network', 'address']).execute();
  for (const score of SCORES) {
    await db.schema.createIndex(`scan_snapshots_by_${score}`).on('scan_snapshots').column(`${score}_score`).execute();
  }

  // One row per snapshot taken: the score histories ({v, t}) are read from here.
  let history = db.schema
    .createTable('scan_history')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('top_holders', 'double precision');
  for (const score of SCORES) history = history.addColumn(`${score}_score`, 'double precision');
  await history.addPrimaryKeyConstraint('scan_history_pk', ['network', 'address', 'taken_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_history').execute();
  await db.schema.dropTable('scan_snapshots').execute();
}
