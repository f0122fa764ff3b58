import type { Kysely } from 'kysely';

// Issue 19: what a token's project publishes about itself and what the enrichment read.
export async function up(db: Kysely<any>): Promise<void> {
  // The operator's project registry: links per token, imported with `scopeward projects import`
  // or /admin/projects. Registry values win over what an aggregator lists.
  await db.schema
    .createTable('projects')
    .addColumn('network', 'text', (c) => c.notNull())
    // Lower-case for EVM addresses; Solana addresses as given.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('twitter', 'text', (c) => c.notNull())
    .addColumn('telegram', 'text', (c) => c.notNull())
    .addColumn('discord', 'text', (c) => c.notNull())
    .addColumn('reddit', 'text', (c) => c.notNull())
    .addColumn('facebook', 'text', (c) => c.notNull())
    .addColumn('github', 'text', (c) => c.notNull())
    .addColumn('medium', 'text', (c) => c.notNull())
    .addColumn('linkedin', 'text', (c) => c.notNull())
    .addColumn('bitcointalk', 'text', (c) => c.notNull())
    // aggregatorA's coin id and aggregatorB's slug ('' when unknown: the aggregator is asked by contract).
    .addColumn('aggregator_a_id', 'text', (c) => c.notNull())
    .addColumn('aggregator_b_slug', 'text', (c) => c.notNull())
    // Who entered it (an import file's name, "admin", …).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('projects_pk', ['network', 'address'])
    .execute();

  // Every social counter reading, so the *History arrays show growth (oldest first).
  await db.schema
    .createTable('counter_readings')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    // telegram, discord, reddit, twitter or facebook.
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('counter_readings_pk', ['network', 'address', 'counter', 'taken_at'])
    .execute();

  // The last enrichment of a token (layout fields and meta.sources, JSON) and when its slow
  // sources were refreshed; the background poll refreshes tokens scanned recently.
  await db.schema
    .createTable('enrichments')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    // '' until the slow sources have been read once.
    .addColumn('slow_poll_updated_at', 'text', (c) => c.notNull())
    // The last scan that asked for this token: the poll keeps only recently scanned tokens fresh.
    .addColumn('last_scanned_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrichments_pk', ['network', 'address'])
    .execute();
  await db.schema.createIndex('enrichments_by_last_scan').on('enrichments').column('last_scanned_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enrichments').execute();
  await db.schema.dropTable('counter_readings').execute();
  await db.schema.dropTable('projects').execute();
}
