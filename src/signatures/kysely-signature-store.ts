/** The signature database in the service's store (SQLite or PostgreSQL), tables `signature_*`. */
import type SQLite from 'better-sqlite3';
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Hex } from 'viem';
import type { SignatureKind } from './extract-signatures.ts';
import type { NewSignature, SignatureRecord, SignatureStore } from './signature-store.ts';

export interface SignatureTables {
  signature_texts: { id: Generated<number>; text: string; kinds: number; selector: string; topic: string; total: number };
  signature_contracts: { contract_key: string; signature_id: number };
}

const KIND_BITS: Record<SignatureKind, number> = { function: 1, event: 2, error: 4 };
const KINDS: SignatureKind[] = ['function', 'event', 'error'];
const CHUNK = 500;

type Row = Selectable<SignatureTables['signature_texts']>;

function toRecord(row: Row): SignatureRecord {
  return {
    id: Number(row.id),
    name: row.text,
    types: KINDS.filter((k) => (row.kinds & KIND_BITS[k]) !== 0),
    signature: row.topic as Hex,
    hash: row.selector as Hex,
    total: Number(row.total),
  };
}

interface PreparedReads {
  byText(text: string): Row | undefined;
  bySelector(selector: string): Row[];
  byTopic(topic: string): Row[];
}

/**
 * Lookups on the embedded database as prepared statements: Kysely compiles and
 * better-sqlite3 prepares a query on every call, which costs more than the lookup.
 */
function prepareReads(sqlite: SQLite.Database): PreparedReads {
  const text = sqlite.prepare('select * from signature_texts where text = ?');
  const selector = sqlite.prepare('select * from signature_texts where selector = ? order by id');
  const topic = sqlite.prepare('select * from signature_texts where topic = ? order by id');
  return {
    byText: (t) => text.get(t) as Row | undefined,
    bySelector: (s) => selector.all(s) as Row[],
    byTopic: (t) => topic.all(t) as Row[],
  };
}

export class KyselySignatureStore implements SignatureStore {
  readonly #db: Kysely<SignatureTables>;
  readonly #sqlite: SQLite.Database | undefined;
  #reads: PreparedReads | undefined;

  /**
   * Takes the store's Kysely instance (any schema that has the `signature_*` tables)
   * and, on the embedded database, its better-sqlite3 handle for prepared lookups.
   */
  constructor(db: Kysely<any>, sqlite?: SQLite.Database) {
    this.#db = db as Kysely<SignatureTables>;
    this.#sqlite = sqlite;
  }

  #prepared(): PreparedReads | undefined {
    if (this.#sqlite && !this.#reads) this.#reads = prepareReads(this.#sqlite);
    return this.#reads;
  }

  async addSignatures(rows: readonly NewSignature[]): Promise<number> {
    // One row per text, kinds merged, so a chunk never conflicts with itself.
    const merged = new Map<string, Omit<Row, 'id' | 'total'>>();
    for (const r of rows) {
      const known = merged.get(r.text);
      if (known) known.kinds |= KIND_BITS[r.kind];
      else merged.set(r.text, { text: r.text, kinds: KIND_BITS[r.kind], selector: r.selector, topic: r.topic });
    }
    const all = [...merged.values()];
    let added = 0;
    await this.#db.transaction().execute(async (trx) => {
      for (let i = 0; i < all.length; i += CHUNK) {
        const chunk = all.slice(i, i + CHUNK);
        const inserted = await trx
          .insertInto('signature_texts')
          .values(chunk.map((c) => ({ ...c, total: 0 })))
          .onConflict((oc) => oc.column('text').doNothing())
          .executeTakeFirst();
        const fresh = Number(inserted.numInsertedOrUpdatedRows ?? 0);
        added += fresh;
        if (fresh === chunk.length) continue;
        // Some texts were known: merge the kinds they are declared as.
        const existing = await trx
          .selectFrom('signature_texts')
          .select(['text', 'kinds'])
          .where(
            'text',
            'in',
            chunk.map((c) => c.text),
          )
          .execute();
        const known = new Map(existing.map((e) => [e.text, Number(e.kinds)]));
        for (const c of chunk) {
          const kinds = known.get(c.text);
          if (kinds !== undefined && (kinds | c.kinds) !== kinds) {
            await trx
              .updateTable('signature_texts')
              .set({ kinds: kinds | c.kinds })
              .where('text', '=', c.text)
              .execute();
          }
        }
      }
    });
    return added;
  }

  async setContract(contractKey: string, texts: readonly string[]): Promise<void> {
    const unique = [...new Set(texts)];
    await this.#db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom('signature_contracts').select('signature_id').where('contract_key', '=', contractKey).execute();
      const ids: number[] = [];
      for (let i = 0; i < unique.length; i += CHUNK) {
        const rows = await trx
          .selectFrom('signature_texts')
          .select('id')
          .where('text', 'in', unique.slice(i, i + CHUNK))
          .execute();
        ids.push(...rows.map((r) => Number(r.id)));
      }
      const before = new Set(old.map((o) => Number(o.signature_id)));
      const after = new Set(ids);
      const gone = [...before].filter((id) => !after.has(id));
      const added = [...after].filter((id) => !before.has(id));
      for (let i = 0; i < gone.length; i += CHUNK) {
        const part = gone.slice(i, i + CHUNK);
        await trx.deleteFrom('signature_contracts').where('contract_key', '=', contractKey).where('signature_id', 'in', part).execute();
        await trx
          .updateTable('signature_texts')
          .set({ total: sql`total - 1` })
          .where('id', 'in', part)
          .execute();
      }
      for (let i = 0; i < added.length; i += CHUNK) {
        const part = added.slice(i, i + CHUNK);
        await trx
          .insertInto('signature_contracts')
          .values(part.map((id) => ({ contract_key: contractKey, signature_id: id })))
          .execute();
        await trx
          .updateTable('signature_texts')
          .set({ total: sql`total + 1` })
          .where('id', 'in', part)
          .execute();
      }
    });
  }

  async byText(text: string): Promise<SignatureRecord | undefined> {
    const prepared = this.#prepared();
    if (prepared) {
      const found = prepared.byText(text);
      return found ? toRecord(found) : undefined;
    }
    const row = await this.#db.selectFrom('signature_texts').selectAll().where('text', '=', text).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async bySelector(selector: Hex): Promise<SignatureRecord[]> {
    const prepared = this.#prepared();
    if (prepared) return prepared.bySelector(selector).map(toRecord);
    const rows = await this.#db.selectFrom('signature_texts').selectAll().where('selector', '=', selector).orderBy('id').execute();
    return rows.map(toRecord);
  }

  async byTopic(topic: Hex): Promise<SignatureRecord[]> {
    const prepared = this.#prepared();
    if (prepared) return prepared.byTopic(topic).map(toRecord);
    const rows = await this.#db.selectFrom('signature_texts').selectAll().where('topic', '=', topic).orderBy('id').execute();
    return rows.map(toRecord);
  }

  async counts(): Promise<{ signatures: number; contracts: number }> {
    const s = await this.#db
      .selectFrom('signature_texts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const c = await this.#db
      .selectFrom('signature_contracts')
      .select((eb) => sql<number>`count(distinct ${eb.ref('contract_key')})`.as('n'))
      .executeTakeFirstOrThrow();
    return { signatures: Number(s.n), contracts: Number(c.n) };
  }
}
