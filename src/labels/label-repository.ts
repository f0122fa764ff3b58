/**
 * Reads and writes address labels. Addresses are stored lower-case; a lookup on a network
 * also finds the labels given for every EVM network (`*`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/open-store.ts';
import { normalizeEvmAddress } from '../interface/address.ts';
import { ALL_EVM_NETWORKS, type AddressLabel, type LabelCategory } from './label-record.ts';

// 7 columns × 500 rows stays far below SQLite's 32,766 bound parameters.
const CHUNK = 500;

type Row = Database['address_labels'];

function toLabel(row: Row): AddressLabel {
  return {
    address: row.address,
    network: row.network,
    label: row.label,
    category: row.category as LabelCategory,
    source: row.source,
    listedOn: row.listed_on,
  };
}

/** Writes validated labels in one transaction (all or nothing); a label of the same address, network and source is replaced. */
export async function upsertLabels(db: Kysely<Database>, labels: readonly AddressLabel[], now = new Date()): Promise<{ imported: number }> {
  const importedAt = now.toISOString();
  // PostgreSQL refuses to update one row twice in a statement: the last label wins.
  const unique = [...new Map(labels.map((l) => [`${l.address}|${l.network}|${l.source}`, l])).values()];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = unique.slice(i, i + CHUNK).map((l) => ({
        address: normalizeEvmAddress(l.address),
        network: l.network,
        label: l.label,
        category: l.category,
        source: l.source,
        listed_on: l.listedOn,
        imported_at: importedAt,
      }));
      await trx
        .insertInto('address_labels')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['address', 'network', 'source']).doUpdateSet((eb) => ({
            label: eb.ref('excluded.label'),
            category: eb.ref('excluded.category'),
            listed_on: eb.ref('excluded.listed_on'),
            imported_at: eb.ref('excluded.imported_at'),
          })),
        )
        .execute();
    }
  });
  return { imported: unique.length };
}

/** Removes the labels of an address (on one network, or on all); returns how many went. */
export async function removeLabels(
  db: Kysely<Database>,
  query: { address: string; network?: string | undefined; source?: string | undefined },
): Promise<number> {
  let statement = db.deleteFrom('address_labels').where('address', '=', normalizeEvmAddress(query.address));
  if (query.network !== undefined) statement = statement.where('network', '=', query.network);
  if (query.source !== undefined) statement = statement.where('source', '=', query.source);
  const result = await statement.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface ListLabelsQuery {
  readonly network?: string | undefined;
  readonly category?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
}

export async function listLabels(db: Kysely<Database>, query: ListLabelsQuery = {}): Promise<{ total: number; items: AddressLabel[] }> {
  let base = db.selectFrom('address_labels');
  if (query.network) base = base.where('network', '=', query.network);
  if (query.category) base = base.where('category', '=', query.category);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).execute();
  const rows = await base
    .selectAll()
    .orderBy('category')
    .orderBy('address')
    .orderBy('network')
    .limit(query.limit ?? 100)
    .offset(query.offset ?? 0)
    .execute();
  return { total: Number(total), items: rows.map(toLabel) };
}

/** The labels of many addresses on one network (its own and the `*` ones), by lower-case address. */
export type LabelLookup = (network: string, addresses: readonly string[]) => Promise<Map<string, AddressLabel[]>>;

export function createLabelLookup(store: Pick<Store, 'db' | 'sqlite'>): LabelLookup {
  const { db, sqlite } = store;
  if (sqlite) {
    // Embedded: one prepared statement bound per address (no query building per call);
    // the (address, network, source) primary key serves it.
    const statement = sqlite.prepare('select * from address_labels where address = ? and network in (?, ?)');
    return async (network, addresses) => {
      const found = new Map<string, AddressLabel[]>();
      for (const address of new Set(addresses.map(normalizeEvmAddress))) {
        const rows = statement.all(address, network, ALL_EVM_NETWORKS) as Row[];
        if (rows.length > 0) found.set(address, rows.map(toLabel));
      }
      return found;
    };
  }
  return async (network, addresses) => {
    const found = new Map<string, AddressLabel[]>();
    const wanted = [...new Set(addresses.map(normalizeEvmAddress))];
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const rows = await db
        .selectFrom('address_labels')
        .selectAll()
        .where('address', 'in', wanted.slice(i, i + CHUNK))
        .where('network', 'in', [network, ALL_EVM_NETWORKS])
        .execute();
      for (const row of rows) {
        const list = found.get(row.address) ?? [];
        list.push(toLabel(row));
        found.set(row.address, list);
      }
    }
    return found;
  };
}

/** Whether the table has any label from a source (the shipped seeds are imported once). */
export async function hasSource(db: Kysely<Database>, source: string): Promise<boolean> {
  const row = await db.selectFrom('address_labels').select('address').where('source', '=', source).limit(1).executeTakeFirst();
  return row !== undefined;
}
