/**
 * Disputes of scan results (issue 33 item 4): filing, in the scope that authenticates a
 * browser session (with CSRF) or an account API key and lets anyone at a public scan; the
 * operator's list and answers by an admin's session (/api/admin) and by an admin API key
 * (/admin). One set of services for all three.
 */
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import { createDashboardScanRepository } from '../../dashboard-scans/dashboard-scan-repository.ts';
import { createDisputes } from '../../disputes/disputes.ts';
import { createRateLimiter, type RateLimiter } from '../../limits/rate-limiter.ts';
import { sessionOrAccountKeyHooks } from '../routes/account.ts';
import { adminKeyGuard, adminSessionGuard } from '../routes/admin-services.ts';
import { adminDisputeRoutes, disputeRoutes } from '../routes/disputes.ts';
import type { Access } from './access.ts';

export interface DisputesFeatureOptions {
  readonly access: Access;
  /** Disputes per client address; default 5 an hour in memory. */
  readonly limiter?: RateLimiter | undefined;
}

export const disputesFeature: FastifyPluginAsync<DisputesFeatureOptions> = async (app, deps) => {
  const { access } = deps;
  const scans = createDashboardScanRepository(access.store.db);
  const disputes = createDisputes({ db: access.store.db, scans, clock: access.clock });
  const limiter = deps.limiter ?? createRateLimiter({ pointsPerWindow: 5, windowSeconds: 3600, keyPrefix: 'sw-rl-disputes' });
  await app.register(async (scope) => {
    await scope.register(cookie);
    scope.addHook('onRequest', sessionOrAccountKeyHooks(access.accounts, access.verifyApiKey));
    await scope.register(disputeRoutes, { scans, disputes, limiter });
    await scope.register(adminDisputeRoutes, { prefix: '/api', guard: adminSessionGuard(access.accounts), disputes });
  });
  await app.register(adminDisputeRoutes, { guard: adminKeyGuard(access.gate), disputes });
};
