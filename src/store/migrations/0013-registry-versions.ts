import type { Kysely } from 'kysely';

// Issue 13: a counter per registry, raised in the transaction of every write to it, so a
// replica's cache can tell in one indexed read whether the registry changed anywhere.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registry_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registry_versions').execute();
}
