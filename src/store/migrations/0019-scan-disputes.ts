import type { Kysely } from 'kysely';

// Issue 33 item 4: a token team's dispute of a scan's result (message and contact), and the
// operator's answer to it. The scan and its receipt are never changed by a dispute: a
// re-scan is a new scan with its own verdict and receipt, so the history stays.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scan_id', 'text', (c) => c.notNull())
    // The account that filed it when signed in (or by an account key); null for an anonymous filer.
    .addColumn('account_id', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    // open | answered | closed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('operator_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scan_disputes_by_scan').on('scan_disputes').columns(['scan_id', 'created_at']).execute();
  await db.schema.createIndex('scan_disputes_by_status').on('scan_disputes').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_disputes').execute();
}
