/** The admin's address labels (Issue 17), which Safescan and the scans read. */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../../store/open-store.ts';
import type { AccessGate } from '../access.ts';
import { adminLabelRoutes } from '../routes/admin-labels.ts';

export interface AdminFeatureOptions {
  readonly db: Store['db'];
  readonly gate: AccessGate;
}

export const adminFeature: FastifyPluginAsync<AdminFeatureOptions> = async (app, { db, gate }) => {
  await app.register(adminLabelRoutes, { db, gate });
};
