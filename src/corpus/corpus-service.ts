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
}

export function createCorpusService(options: CorpusServiceOptions): CorpusService {
  const signatures = new SignatureDatabase(options.signatureStore);
  const building = (async () => {
    await signatures.importDump(SEED_SIGNATURES);
    return buildCorpusIndex({ ...options, store: options.corpusStore, signatures });
  })();
  // Callers see a failure through index(); an unobserved rejection must not crash the process.
  building.catch(() => {});
  return {
    signatures,
    index: async () => (await building).index,
    build: () => building,
    addReference: async (input) => addReferenceSource({ store: options.corpusStore, index: (await building).index, signatures }, input),
    removeReference: async (label) =>
      removeReferenceSource({ store: options.corpusStore, index: (await building).index, signatures }, label),
    list: async () => (await options.corpusStore.list()).map(({ fingerprints: _f, ...rest }) => rest),
    content: (file) => options.corpusStore.content(file),
  };
}

/** The service over the application's database. */
export function createStoredCorpusService(
  store: Pick<Store, 'db' | 'sqlite'>,
  options: Omit<CorpusServiceOptions, 'corpusStore' | 'signatureStore'> = {},
): CorpusService {
  return createCorpusService({
    ...options,
    corpusStore: new KyselyCorpusStore(store.db),
    signatureStore: new KyselySignatureStore(store.db, store.sqlite),
  });
}
