/**
 * Issue 32: a watch's delivery log and "Redeliver", for an account's API key or its browser
 * session (the session's CSRF token on POST). The sending runs outside the app (the server
 * starts it: src/watch/delivery/watch-delivery-service.ts); these routes read and update
 * the deliveries in the store and ask the sender for an attempt at once when there is one.
 */
import type { FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import { createDeliveryRepository } from '../../watch/delivery/delivery-repository.ts';
import { createWatchRepository } from '../../watch/watch-repository.ts';
import type { WatchDeliveryService } from '../../watch/delivery/watch-delivery-service.ts';
import { sessionOrAccountKeyHooks } from '../routes/account.ts';
import { watchDeliveryRoutes } from '../routes/watch-deliveries.ts';
import type { Access } from './access.ts';

export interface WatchDeliveriesFeatureOptions {
  readonly access: Access;
  readonly deliveries?: Pick<WatchDeliveryService, 'kick'> | undefined;
}

export const watchDeliveriesFeature: FastifyPluginAsync<WatchDeliveriesFeatureOptions> = async (app, options) => {
  const { access } = options;
  // Cookies are parsed only where a session can authenticate (as the dashboard's scans).
  await app.register(cookie);
  app.addHook('onRequest', sessionOrAccountKeyHooks(access.accounts, access.verifyApiKey));
  const kick = options.deliveries?.kick;
  const watches = createWatchRepository(access.store.db);
  await app.register(watchDeliveryRoutes, {
    repository: createDeliveryRepository(access.store.db),
    now: access.clock,
    ...(kick ? { kick: (id: string, claims: number, at: string) => kick(id, claims, at) } : {}),
    // A deleted watch's log is gone with it, as the watch is (404).
    watchExists: async (accountId: string, watchId: string) => (await watches.find(watchId, accountId)) !== undefined,
  });
};
