import type { Kysely } from 'kysely';

// Issue 16: the details page's chat. Conversations per scan and account, and each
// account's messages and model tokens per UTC day (the daily budgets).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scan_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON arrays: the citations and fixes the answer carried, so a reload shows them again.
    .addColumn('citations', 'text', (c) => c.notNull())
    .addColumn('fixes', 'text', (c) => c.notNull())
    // The model that wrote it; null for answers composed from the scan.
    .addColumn('model', 'text')
    .addColumn('error', 'text')
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_by_scan').on('chat_messages').columns(['scan_id', 'account_id', 'created_at']).execute();

  await db.schema
    .createTable('chat_usage')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_usage_pk', ['account_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_usage').execute();
  await db.schema.dropTable('chat_messages').execute();
}
