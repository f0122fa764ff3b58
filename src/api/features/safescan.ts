/** Safescan: wallet screening (POST /api/safescan) with its own keyless budget. */
import type { FastifyPluginAsync } from 'fastify';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import type { Safescan } from '../../safescan/safescan-service.ts';
import { createAccessGate } from '../access.ts';
import { safescanRoutes } from '../routes/safescan.ts';
import type { Access } from './access.ts';

export interface SafescanFeatureOptions {
  readonly access: Access;
  readonly safescan: Safescan;
  /** Safescan's keyless budget (10 calls a minute by default, in memory). */
  readonly rateLimiter?: RateLimiter | undefined;
}

export const safescanFeature: FastifyPluginAsync<SafescanFeatureOptions> = async (app, { access, safescan, rateLimiter }) => {
  const safescanGate = createAccessGate({
    db: access.store.db,
    verifyApiKey: access.verifyApiKey,
    rateLimiter: rateLimiter ?? createRateLimiter({ pointsPerWindow: 10, keyPrefix: 'sw-rl-safescan' }),
    countCall: (id) => access.usage.countCall(id),
    signedInAccount: access.signedIn,
  });
  await app.register(safescanRoutes, { gate: safescanGate, safescan });
};
