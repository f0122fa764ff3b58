import type { Kysely } from 'kysely';

// Issue 30, finding 6: which process runs a dashboard scan and when it last said it still
// does, so a scan whose process died (kill -9, a crash) is closed as interrupted at the
// next start, or by any replica once its heartbeat is stale, instead of staying "running".
export async function up(db: Kysely<any>): Promise<void> {
  // "host/pid/token" of the process running it; null on scans from before this migration.
  await db.schema.alterTable('dashboard_scans').addColumn('owner', 'text').execute();
  await db.schema.alterTable('dashboard_scans').addColumn('heartbeat_at', 'text').execute();
  await db.schema.createIndex('dashboard_scans_by_status').on('dashboard_scans').columns(['status', 'owner']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dashboard_scans_by_status').execute();
  await db.schema.alterTable('dashboard_scans').dropColumn('heartbeat_at').execute();
  await db.schema.alterTable('dashboard_scans').dropColumn('owner').execute();
}
