import type { Kysely } from 'kysely';

// Issue 32: the hashes of the blocks a network's follower confirmed (its last 256), kept so
// that a follower started again (a restart, another replica taking the lease) still sees a
// reorganisation that happened while none was following: the block under its cursor no
// longer has the hash it confirmed, and the events of undone blocks are retracted.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watch_block_hashes')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_block_hashes_pk', ['network', 'block_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('watch_block_hashes').execute();
}
