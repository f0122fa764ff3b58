import type { Kysely } from 'kysely';

// Issue 33: the instance's Ed25519 signing keys and the signed receipts of its simulations.
// A rotation retires a key (retired_at) and adds one; retired public keys stay published so
// receipts signed before the rotation still verify. The private key is sealed with
// SECRET_KEY (or DATA_DIR/secret-key) like the code hosts' tokens.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipt_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createTable('scan_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_receipts').execute();
  await db.schema.dropTable('receipt_keys').execute();
}
