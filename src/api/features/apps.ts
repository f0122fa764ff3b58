/**
 * The Apps on the reference corpus: Similarityscan, Signaturescan (and their admin routes),
 * and the origin of a corpus entry. The origin route sits later in the document (after the
 * admin's labels and projects), hence its own plugin.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { NetworkOptions } from '../../chain/networks.ts';
import type { CorpusService } from '../../corpus/corpus-service.ts';
import type { CompareSimilarity } from '../../corpus/similarity-pool.ts';
import type { AccessGate } from '../access.ts';
import { similarityRoutes } from '../routes/similarity.ts';
import { signaturescanRoutes } from '../routes/signaturescan.ts';
import { similarityOriginRoutes } from '../routes/similarity-origin.ts';

export interface AppsFeatureOptions {
  readonly corpus: CorpusService;
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
  /** Where Similarityscan compares (the server's worker pool); in process by default. */
  readonly compareSimilarity?: CompareSimilarity | undefined;
  /** Verified source of an address (Similarityscan's `type: address`). */
  readonly getVerifiedSource?: ((network: string, address: string) => Promise<Readonly<Record<string, string>> | null>) | undefined;
}

export const appsFeature: FastifyPluginAsync<AppsFeatureOptions> = async (app, deps) => {
  const { corpus, gate } = deps;
  await app.register(similarityRoutes, {
    gate,
    networks: deps.networks,
    corpus,
    ...(deps.compareSimilarity ? { compare: deps.compareSimilarity } : {}),
    ...(deps.getVerifiedSource ? { getVerifiedSource: deps.getVerifiedSource } : {}),
  });
  await app.register(signaturescanRoutes, { gate, signatures: corpus.signatures });
};

export interface SimilarityOriginFeatureOptions {
  readonly corpus: CorpusService;
  readonly gate: AccessGate;
}

/** GET /api/search/similarity/origin: only with a corpus that serves its entries' content. */
export const similarityOriginFeature: FastifyPluginAsync<SimilarityOriginFeatureOptions> = async (app, { corpus, gate }) => {
  if (!corpus.content) return;
  const content = corpus.content.bind(corpus);
  await app.register(similarityOriginRoutes, { gate, list: () => corpus.list(), content });
};
