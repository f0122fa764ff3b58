/** Enrichment (issue 19): the admin's project registry that the enrichment reads. */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../../store/open-store.ts';
import type { AccessGate } from '../access.ts';
import { adminProjectRoutes } from '../routes/admin-projects.ts';

export interface EnrichmentFeatureOptions {
  readonly db: Store['db'];
  readonly gate: AccessGate;
}

export const enrichmentFeature: FastifyPluginAsync<EnrichmentFeatureOptions> = async (app, { db, gate }) => {
  await app.register(adminProjectRoutes, { db, gate });
};
