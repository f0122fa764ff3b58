/** Audits: operation 1 (the audit lookup, cached per store version) and the admin's audit records. */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../../store/open-store.ts';
import type { NetworkOptions } from '../../chain/networks.ts';
import { createAuditLookup, readAuditsVersion } from '../../audits/audit-repository.ts';
import { cachedAuditLookup, storeVersion } from '../../audits/audit-cache.ts';
import type { AccessGate } from '../access.ts';
import { auditLookupRoutes } from '../routes/audit-lookup.ts';
import { adminAuditRoutes } from '../routes/admin-audits.ts';

export interface AuditsFeatureOptions {
  readonly store: Store;
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
}

export const auditsFeature: FastifyPluginAsync<AuditsFeatureOptions> = async (app, { store, gate, networks }) => {
  const { db } = store;
  await app.register(auditLookupRoutes, {
    findAudit: cachedAuditLookup(createAuditLookup(store), db, { version: storeVersion(store) ?? (() => readAuditsVersion(db)) }),
    gate,
    networks,
  });
  await app.register(adminAuditRoutes, { db, gate });
};
