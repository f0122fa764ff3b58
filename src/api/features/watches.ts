/**
 * Watched tokens (issue 32): the watch service over the store, and its routes in a scope of
 * their own that authenticates a browser session (with CSRF) or an account API key. The
 * followers that read the chains run beside the app (src/server.ts starts them) and learn
 * of new and deleted watches through `onChange`.
 */
import type { FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import type { NetworkOptions } from '../../chain/networks.ts';
import { createWatchRepository } from '../../watch/watch-repository.ts';
import { createWatchService, type WatchServiceDeps } from '../../watch/watch-service.ts';
import { sessionOrAccountKeyHooks } from '../routes/account.ts';
import { watchRoutes } from '../routes/watches.ts';
import type { Access } from './access.ts';

/** What the watches need besides the store: the scans, the nodes, the source model. */
export type WatchesOptions = Omit<WatchServiceDeps, 'repository' | 'networks' | 'now'>;

export interface WatchesFeatureOptions {
  readonly access: Access;
  readonly networks: NetworkOptions;
  readonly watches: WatchesOptions;
}

export const DEFAULT_MAX_WATCHES_PER_ACCOUNT = 50;

export const watchesFeature: FastifyPluginAsync<WatchesFeatureOptions> = async (app, deps) => {
  const { access } = deps;
  const service = createWatchService({
    ...deps.watches,
    repository: createWatchRepository(access.store.db),
    networks: deps.networks,
    now: access.clock,
  });
  await app.register(async (scope) => {
    // Cookies are parsed only where a session can authenticate (see dashboardScope).
    await scope.register(cookie);
    scope.addHook('onRequest', sessionOrAccountKeyHooks(access.accounts, access.verifyApiKey));
    await scope.register(watchRoutes, {
      watches: service,
      maxWatchesPerAccount: deps.watches.maxWatchesPerAccount ?? DEFAULT_MAX_WATCHES_PER_ACCOUNT,
    });
  });
};
