/**
 * The corpus and signature database as one long-lived service: builds (or refreshes)
 * the reference corpus in the background at start, serves the index once ready, and
 * takes operator additions. The HTTP routes, the CLI and the scan service share it.
 */
import type { Store } from '../store/open-store.ts';
import type { SimilarityIndex } from '../analysis/similarity/similarity-index.ts';
import { KyselySignatureStore } from '../signatures/kysely-signature-store.ts';
import { SignatureDatabase } from '../signatures/signature-database.ts';
import type { SignatureStore } from '../signatures/signature-store.ts';
import { buildCorpusIndex, type BuildCorpusIndexOptions, type CorpusBuildResult } from './build-corpus-index.ts';
import type { CorpusDocument, CorpusStore } from './corpus-store.ts';
import { KyselyCorpusStore } from './kysely-corpus-store.ts';
import { DependencyUnavailableError } from '../infra/dependency-error.ts';
import { addReferenceSource, removeReferenceSource, type ReferenceSourceInput } from './reference-sources.ts';
import { readFileSync } from 'node:fs';

/** Common token admin functions no reference library declares (see the file's header). */
const SEED_SIGNATURES = readFileSync(new URL('./seed-signatures.txt', import.meta.url), 'utf8');

export interface CorpusService {
  readonly signatures: SignatureDatabase;
  /** Resolves once the corpus is built; rejects if the build failed. */
  index(): Promise<SimilarityIndex>;
  /** The build's report (after `index()` resolved). */
  build(): Promise<CorpusBuildResult>;
  addReference(input: ReferenceSourceInput): Promise<CorpusDocument>;
  removeReference(label: string): Promise<boolean>;
  /** Documents in the corpus, without fingerprints. */
  list(): Promise<Omit<CorpusDocument, 'fingerprints'>[]>;
  /** Issue 17: the text of one reference file (Similarityscan's side-by-side view). */
  content?(file: string): Promise<string | undefined>;
}

export interface CorpusServiceOptions extends Omit<BuildCorpusIndexOptions, 'store' | 'signatures'> {
  readonly corpusStore: CorpusStore;
  readonly signatureStore: SignatureStore;
  /** The database behind the stores, when it may still be waiting for its migrations: the build waits for them. */
  readonly database?: Pick<Store, 'migrated' | 'isMigrated'>;
}

export function createCorpusService(options: CorpusServiceOptions): CorpusService {
  const signatures = new SignatureDatabase(options.signatureStore);
  const { database, ...buildOptions } = options;
  const building = (async () => {
    await database?.migrated;
    await signatures.importDump(SEED_SIGNATURES);
    return buildCorpusIndex({ ...buildOptions, store: options.corpusStore, signatures });
  })();
  // Callers see a failure through index(); an unobserved rejection must not crash the process.
  building.catch(() => {});
  /** The build, or at once a 503 while the database it needs is not migrated (a caller must not wait for it). */
  const built = () => {
    if (database && !database.isMigrated())
      return Promise.reject(new DependencyUnavailableError('database', 'not migrated yet: the corpus is built once it is'));
    return building;
  };
  return {
    signatures,
    index: async () => (await built()).index,
    build: built,
    addReference: async (input) => addReferenceSource({ store: options.corpusStore, index: (await built()).index, signatures }, input),
    removeReference: async (label) =>
      removeReferenceSource({ store: options.corpusStore, index: (await built()).index, signatures }, label),
    list: async () => (await options.corpusStore.list()).map(({ fingerprints: _f, ...rest }) => rest),
    content: (file) => options.corpusStore.content(file),
  };
}

/** The service over the application's database. */
export function createStoredCorpusService(
  store: Pick<Store, 'db' | 'sqlite'> & Partial<Pick<Store, 'migrated' | 'isMigrated'>>,
  options: Omit<CorpusServiceOptions, 'corpusStore' | 'signatureStore'> = {},
): CorpusService {
  return createCorpusService({
    ...options,
    ...(store.migrated && store.isMigrated ? { database: { migrated: store.migrated, isMigrated: store.isMigrated } } : {}),
    corpusStore: new KyselyCorpusStore(store.db),
    signatureStore: new KyselySignatureStore(store.db, store.sqlite),
  });
}
