import type { Kysely } from 'kysely';

// The address-label database (issue 17): who an address belongs to or what it is
// (sanctioned, mixer, exchange, bridge, dex…), per network or for every EVM network ('*'),
// with where the label came from. Safescan and cyberscan's addressDetails read it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('address_labels')
    // Lower-case hex.
    .addColumn('address', 'text', (c) => c.notNull())
    // A network symbol, or '*' for every EVM network (one key pair is the same party everywhere).
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    // YYYY-MM-DD: when the source listed it (or when it was retrieved, if the source has no date).
    .addColumn('listed_on', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    // One label per address, network and source: re-importing a source replaces its labels.
    .addPrimaryKeyConstraint('address_labels_pk', ['address', 'network', 'source'])
    .execute();
  await db.schema.createIndex('address_labels_by_category').on('address_labels').columns(['category', 'network']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('address_labels').execute();
}
