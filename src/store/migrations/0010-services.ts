import type { Kysely } from 'kysely';

// Requests for the operator's offers (issue 20), their attachments, audit vouchers and
// the record of every voucher issue, redemption, refusal and revocation. Money is kept
// in whole cents (integers) so no rounding drifts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('service_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('offer', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('networks', 'text', (c) => c.notNull())
    .addColumn('addresses', 'text', (c) => c.notNull())
    .addColumn('repository', 'text')
    .addColumn('budget_usd_cents', 'bigint')
    .addColumn('deadline', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('admin_notes', 'text', (c) => c.notNull())
    .addColumn('quote_usd_cents', 'bigint')
    .addColumn('quoted_at', 'text')
    .addColumn('voucher_id', 'text')
    .addColumn('discount_usd_cents', 'bigint')
    .addColumn('forfeited_usd_cents', 'bigint')
    .addColumn('operator_notified', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_requests_by_account').on('service_requests').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('service_requests_by_status').on('service_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('service_request_attachments')
    .addColumn('request_id', 'text', (c) => c.notNull().references('service_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    // Base64: one portable column type for SQLite and PostgreSQL; attachments are small.
    .addColumn('content_base64', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_request_attachments_pk', ['request_id', 'position'])
    .execute();

  await db.schema
    .createTable('vouchers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // SHA-256 of the code: the code is a bearer credential worth money, shown once at issue.
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hint', 'text', (c) => c.notNull())
    .addColumn('value_usdt_cents', 'bigint', (c) => c.notNull())
    .addColumn('recipient', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('issued_by', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'text')
    .addColumn('redeemed_request_id', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('voucher_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('voucher_id', 'text')
    .addColumn('code_hint', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voucher_events_by_at').on('voucher_events').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('voucher_events').execute();
  await db.schema.dropTable('vouchers').execute();
  await db.schema.dropTable('service_request_attachments').execute();
  await db.schema.dropTable('service_requests').execute();
}
