import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was at that point in
// history, not as the current TypeScript types describe it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('report_file', 'text', (c) => c.notNull())
    .addColumn('report_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('audits_network_address_slug', ['network', 'address', 'slug'])
    .execute();
  await db.schema.createIndex('audits_by_address').on('audits').columns(['address', 'network', 'finished_at']).execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('audits').execute();
}
