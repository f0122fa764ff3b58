import type { Kysely } from 'kysely';

// Issue 30, finding 11: refused voucher redemptions are counted on one event row per
// actor, voucher, request, reason and hour instead of one row per attempt, so a guesser
// cannot fill the table; `count` says how many attempts the row stands for.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('voucher_events')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voucher_events').dropColumn('count').execute();
}
