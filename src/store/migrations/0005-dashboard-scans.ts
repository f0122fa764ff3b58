import type { Kysely } from 'kysely';

// Issue 15: the dashboard's scans (of an address, an upload or a repository) with their
// stages and result, and the GitHub App installations an account connected.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dashboard_scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('address', 'text')
    // JSON: {host, fullName, ref, path} of a repository scan.
    .addColumn('repository', 'text')
    // JSON: the stages as they finish.
    .addColumn('stages', 'text', (c) => c.notNull())
    // JSON: the result once done (sources included, so the details page needs nothing else).
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('dashboard_scans_by_account').on('dashboard_scans').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('github_installations')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('installation_id', 'text', (c) => c.notNull())
    .addColumn('github_login', 'text', (c) => c.notNull())
    // The installation access token, sealed with SECRET_KEY (AES-256-GCM), and its expiry.
    .addColumn('access_token', 'text')
    .addColumn('access_token_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('github_installations_pk', ['account_id', 'installation_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_installations').execute();
  await db.schema.dropTable('dashboard_scans').execute();
}
