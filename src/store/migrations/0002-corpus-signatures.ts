import { PostgresAdapter, type Kysely } from 'kysely';

// The reference corpus (similarity) and the signature database (Signaturescan).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('corpus_documents')
    .addColumn('file', 'text', (c) => c.primaryKey())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('package_name', 'text')
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('fingerprint_version', 'text', (c) => c.notNull())
    // Distinct fingerprints as little-endian uint32, base64: portable across both databases.
    .addColumn('fingerprints', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('signature_texts')
    // SQLite: an INTEGER PRIMARY KEY is the rowid and numbers itself; PostgreSQL needs serial.
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull().unique())
    // Bit set of kinds: 1 function, 2 event, 4 error.
    .addColumn('kinds', 'integer', (c) => c.notNull())
    .addColumn('selector', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('signature_texts_by_selector').on('signature_texts').column('selector').execute();
  await db.schema.createIndex('signature_texts_by_topic').on('signature_texts').column('topic').execute();

  await db.schema
    .createTable('signature_contracts')
    .addColumn('contract_key', 'text', (c) => c.notNull())
    .addColumn('signature_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('signature_contracts_pk', ['contract_key', 'signature_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signature_contracts').execute();
  await db.schema.dropTable('signature_texts').execute();
  await db.schema.dropTable('corpus_documents').execute();
}
