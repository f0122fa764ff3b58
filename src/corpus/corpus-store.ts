/**
 * Where corpus documents persist. The in-memory implementation serves tests and
 * benchmarks; `kysely-corpus-store.ts` keeps them in the service's database.
 */

export type CorpusDocumentKind = 'package' | 'operator';

export interface CorpusDocument {
  /** Unique: `<package>@<version>/<path>` for packages, the label for operator documents. */
  readonly file: string;
  readonly origin: string;
  readonly kind: CorpusDocumentKind;
  /** The installed package it came from (`@openzeppelin/contracts-v4`), null for operator documents. */
  readonly packageName: string | null;
  /** SHA-256 of the content, hex. */
  readonly contentHash: string;
  /** `FINGERPRINT_VERSION` the fingerprints were computed with. */
  readonly fingerprintVersion: string;
  readonly fingerprints: Uint32Array;
  readonly addedAt: string;
}

export interface CorpusStore {
  /** Every document, without content. */
  list(): Promise<CorpusDocument[]>;
  content(file: string): Promise<string | undefined>;
  /** Inserts or replaces by `file`. */
  upsert(doc: CorpusDocument, content: string): Promise<void>;
  remove(file: string): Promise<boolean>;
}

export class InMemoryCorpusStore implements CorpusStore {
  readonly #docs = new Map<string, { doc: CorpusDocument; content: string }>();

  async list(): Promise<CorpusDocument[]> {
    return [...this.#docs.values()].map((d) => d.doc);
  }

  async content(file: string): Promise<string | undefined> {
    return this.#docs.get(file)?.content;
  }

  async upsert(doc: CorpusDocument, content: string): Promise<void> {
    this.#docs.set(doc.file, { doc, content });
  }

  async remove(file: string): Promise<boolean> {
    return this.#docs.delete(file);
  }
}
