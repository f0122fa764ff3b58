/** Corpus documents in the service's store (SQLite or PostgreSQL), table `corpus_documents`. */
import type { Kysely } from 'kysely';
import type { CorpusDocument, CorpusDocumentKind, CorpusStore } from './corpus-store.ts';

export interface CorpusTables {
  corpus_documents: {
    file: string;
    origin: string;
    kind: string;
    package_name: string | null;
    content_hash: string;
    fingerprint_version: string;
    fingerprints: string;
    content: string;
    added_at: string;
  };
}

/** Little-endian uint32s as base64 (the same bytes on every platform). */
export function encodeFingerprints(values: Uint32Array): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => bytes.writeUInt32LE(v, i * 4));
  return bytes.toString('base64');
}

export function decodeFingerprints(text: string): Uint32Array {
  const bytes = Buffer.from(text, 'base64');
  const out = new Uint32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < out.length; i += 1) out[i] = bytes.readUInt32LE(i * 4);
  return out;
}

export class KyselyCorpusStore implements CorpusStore {
  readonly #db: Kysely<CorpusTables>;

  constructor(db: Kysely<any>) {
    this.#db = db as Kysely<CorpusTables>;
  }

  async list(): Promise<CorpusDocument[]> {
    const rows = await this.#db
      .selectFrom('corpus_documents')
      .select(['file', 'origin', 'kind', 'package_name', 'content_hash', 'fingerprint_version', 'fingerprints', 'added_at'])
      .orderBy('file')
      .execute();
    return rows.map((r) => ({
      file: r.file,
      origin: r.origin,
      kind: r.kind as CorpusDocumentKind,
      packageName: r.package_name,
      contentHash: r.content_hash,
      fingerprintVersion: r.fingerprint_version,
      fingerprints: decodeFingerprints(r.fingerprints),
      addedAt: r.added_at,
    }));
  }

  async content(file: string): Promise<string | undefined> {
    const row = await this.#db.selectFrom('corpus_documents').select('content').where('file', '=', file).executeTakeFirst();
    return row?.content;
  }

  async upsert(doc: CorpusDocument, content: string): Promise<void> {
    const row = {
      file: doc.file,
      origin: doc.origin,
      kind: doc.kind,
      package_name: doc.packageName,
      content_hash: doc.contentHash,
      fingerprint_version: doc.fingerprintVersion,
      fingerprints: encodeFingerprints(doc.fingerprints),
      content,
      added_at: doc.addedAt,
    };
    const { file: _file, ...update } = row;
    await this.#db
      .insertInto('corpus_documents')
      .values(row)
      .onConflict((oc) => oc.column('file').doUpdateSet(update))
      .execute();
  }

  async remove(file: string): Promise<boolean> {
    const result = await this.#db.deleteFrom('corpus_documents').where('file', '=', file).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
