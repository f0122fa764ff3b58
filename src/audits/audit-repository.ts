/** Reads and writes audit records. Addresses are stored lower-case; lookups ignore case. */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AuditRow, Database } from '../store/schema.ts';
import type { AuditRecord } from '../interface/schemas/audit-record.ts';
import { normalizeEvmAddress } from '../interface/address.ts';
import type { Store } from '../store/open-store.ts';
import { prepareFirst } from '../store/prepared-first.ts';
import { auditsChanged } from './audit-cache.ts';

export function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    slug: row.slug,
    name: row.name,
    createdAt: row.created_at,
    reportFile: row.report_file,
    reportUrl: row.report_url,
    finishedAt: row.finished_at,
    address: row.address,
    network: row.network,
  };
}

/** Looks up the most recently finished audit of an address on a network (case ignored). */
export type AuditLookup = (query: { network: string; address: string }) => Promise<AuditRecord | undefined>;

export function createAuditLookup(store: Store): AuditLookup {
  const first = prepareFirst(
    store,
    (network: string, address: string) =>
      // A literal LIMIT: bound as a parameter, SQLite stops using the index order and the
      // lookup costs two to three times as much (measured: 14 µs vs 28–43 µs).
      store.db
        .selectFrom('audits')
        .selectAll()
        .where('address', '=', address)
        .where('network', '=', network)
        .orderBy('finished_at', 'desc')
        .limit(sql.lit(1)),
    2,
  );
  return async ({ network, address }) => {
    const row = await first(network, normalizeEvmAddress(address));
    return row ? toAuditRecord(row) : undefined;
  };
}

export interface ImportResult {
  /** Records written: new ones plus those that replaced a stored record. */
  readonly imported: number;
}

// SQLite allows at most 32,766 bound parameters per statement; 10 columns × 500 rows
// stays far below it and below PostgreSQL's 65,535.
const CHUNK = 500;

/**
 * Writes validated records in one transaction: all or nothing. A record with the same
 * network, address and slug as a stored one replaces it, so re-importing a file is safe.
 */
export async function upsertAudits(db: Kysely<Database>, records: readonly AuditRecord[], now = new Date()): Promise<ImportResult> {
  const importedAt = now.toISOString();
  // PostgreSQL refuses to update one row twice in a statement: the last record wins.
  const unique = [...new Map(records.map((r) => [`${r.network}|${normalizeEvmAddress(r.address)}|${r.slug}`, r])).values()];
  // Cached lookups are dropped whatever the outcome: on SQLite a lookup may have read a
  // row of this transaction before it rolled back.
  try {
    await writeAudits(db, unique, importedAt);
  } finally {
    auditsChanged(db);
  }
  return { imported: unique.length };
}

/**
 * Raises the audits registry's version in the write's own transaction: a reader that sees
 * the new rows sees the new version too (src/audits/audit-cache.ts).
 */
async function raiseAuditsVersion(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('registry_versions')
    .values({ name: 'audits', version: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ version: sql<number>`registry_versions.version + 1` }))
    .execute();
}

/** The audits registry's version: it changes with every import or removal, by any process. */
export async function readAuditsVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('registry_versions').select('version').where('name', '=', 'audits').executeTakeFirst();
  return Number(row?.version ?? 0);
}

async function writeAudits(db: Kysely<Database>, unique: readonly AuditRecord[], importedAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await raiseAuditsVersion(trx);
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = unique.slice(i, i + CHUNK).map((record) => ({
        id: randomUUID(),
        slug: record.slug,
        name: record.name,
        address: normalizeEvmAddress(record.address),
        network: record.network,
        report_file: record.reportFile,
        report_url: record.reportUrl,
        created_at: record.createdAt,
        finished_at: record.finishedAt,
        imported_at: importedAt,
      }));
      await trx
        .insertInto('audits')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['network', 'address', 'slug']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            report_file: eb.ref('excluded.report_file'),
            report_url: eb.ref('excluded.report_url'),
            created_at: eb.ref('excluded.created_at'),
            finished_at: eb.ref('excluded.finished_at'),
            imported_at: eb.ref('excluded.imported_at'),
          })),
        )
        .execute();
    }
  });
}

/** Removes the audits of an address (one slug, or all of them); returns how many went. */
export async function removeAudits(
  db: Kysely<Database>,
  query: { network: string; address: string; slug?: string | undefined },
): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      let statement = trx
        .deleteFrom('audits')
        .where('network', '=', query.network)
        .where('address', '=', normalizeEvmAddress(query.address));
      if (query.slug !== undefined) statement = statement.where('slug', '=', query.slug);
      const result = await statement.executeTakeFirst();
      const removed = Number(result.numDeletedRows);
      if (removed > 0) await raiseAuditsVersion(trx);
      return removed;
    });
  } finally {
    auditsChanged(db);
  }
}

export interface ListAuditsQuery {
  readonly network?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
}

export async function listAudits(db: Kysely<Database>, query: ListAuditsQuery = {}): Promise<{ total: number; items: AuditRecord[] }> {
  let base = db.selectFrom('audits');
  if (query.network) base = base.where('network', '=', query.network);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).execute();
  const rows = await base
    .selectAll()
    .orderBy('finished_at', 'desc')
    .orderBy('id')
    .limit(query.limit ?? 100)
    .offset(query.offset ?? 0)
    .execute();
  return { total: Number(total), items: rows.map(toAuditRecord) };
}
