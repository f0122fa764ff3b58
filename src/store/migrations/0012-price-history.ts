import type { Kysely } from 'kysely';

// Issue 19: each scan's USD price of a token, so price30/price60 can be computed from our
// own history on nodes that keep no archive state and refuse old log ranges.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('price_history')
    .addColumn('network', 'text', (c) => c.notNull())
    // Lower-case hex.
    .addColumn('address', 'text', (c) => c.notNull())
    // ISO 8601 UTC: the chain head's time the price was read at (not the wall clock).
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('price_usd', 'double precision', (c) => c.notNull())
    // One price per token and instant: a repeated scan of the same head replaces it.
    .addPrimaryKeyConstraint('price_history_pk', ['network', 'address', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('price_history').execute();
}
