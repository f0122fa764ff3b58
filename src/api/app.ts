/**
 * Builds the HTTP application from its dependencies. Nothing here listens or opens
 * connections: `server.ts` does that, and tests drive the app with `app.inject()`.
 *
 * The app is a composition: the core plugins, then the features in the order their routes
 * appear in the OpenAPI document. Each feature wires its routes and the services they need
 * in one module under `src/api/features/` (docs/architecture.md, "Features as plugins").
 */
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorHandler } from './plugins/error-handler.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { openapi } from './plugins/openapi.ts';
import { validatorCompiler } from './validation.ts';
import { DEFAULT_HTTP_LIMITS, httpServerOptions } from './http-limits.ts';
import { capConnectionsPerClient } from './connection-cap.ts';
import { isLoopback } from '../devnet/rpc-policy.ts';
import { clientErrorHandler } from './client-error.ts';
import { healthRoutes } from './routes/health.ts';
import { webAppRoutes } from './routes/web-app.ts';
import type { AppDeps } from './app-deps.ts';
import { accountsFeature, createAccess } from './features/access.ts';
import { auditsFeature } from './features/audits.ts';
import { scanOperationsFeature } from './features/scan-operations.ts';
import { appsFeature, similarityOriginFeature } from './features/apps.ts';
import { safescanFeature } from './features/safescan.ts';
import { adminFeature } from './features/admin.ts';
import { enrichmentFeature } from './features/enrichment.ts';
import { servicesFeature } from './features/services.ts';
import { dashboardScansFeature } from './features/dashboard-scans.ts';
import { chatFeature } from './features/chat.ts';
import { receiptsFeature } from './features/receipts.ts';
import { watchesFeature } from './features/watches.ts';
import { watchDeliveriesFeature } from './features/watch-deliveries.ts';
import { disputesFeature } from './features/disputes.ts';

export type { AppDeps } from './app-deps.ts';
export { API_VERSION } from './api-version.ts';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await createCore(deps);

  // The features. Accounts and keys first: every other feature authenticates with them.
  const access = createAccess(app, deps);
  const { gate, store } = access;
  const { networks, corpus } = deps;
  await app.register(healthRoutes, { checks: deps.readiness ?? {} });
  await app.register(auditsFeature, { store, gate, networks });
  const { scans, scanSource, getVerifiedSource } = deps;
  if (scans) await app.register(scanOperationsFeature, { scans, scanSource, gate, networks, baseUrl: deps.baseUrl });
  if (corpus) await app.register(appsFeature, { corpus, gate, networks, compareSimilarity: deps.compareSimilarity, getVerifiedSource });
  if (deps.safescan) await app.register(safescanFeature, { access, safescan: deps.safescan, rateLimiter: deps.safescanRateLimiter });
  await app.register(adminFeature, { db: store.db, gate });
  await app.register(enrichmentFeature, { db: store.db, gate });
  if (corpus) await app.register(similarityOriginFeature, { corpus, gate });
  const services = servicesFeature(access, app.log, deps.services);
  await app.register(accountsFeature, { access, anonymousCallsPerMinute: deps.anonymousCallsPerMinute ?? 5 });
  await app.register(services.sessionRoutes);
  await app.register(dashboardScansFeature, {
    access,
    networks,
    scans,
    scanSource,
    getVerifiedSource,
    scanOwner: deps.scanOwner,
    scanEventsEndWatchMs: deps.scanEventsEndWatchMs,
    codeHosts: deps.codeHosts,
    secretBox: deps.secretBox,
  });
  await app.register(services.adminKeyRoutes);
  await app.register(chatFeature, { access, chat: deps.chat });
  if (deps.receipts) await app.register(receiptsFeature, { access, ...deps.receipts });
  await app.register(disputesFeature, { access, limiter: deps.disputeLimiter });
  if (deps.watches) await app.register(watchesFeature, { access, networks, watches: deps.watches });
  await app.register(watchDeliveriesFeature, { access, deliveries: deps.watchDeliveries });
  // Extra route plugins (the devnet's /rpc: src/api/features/devnet-rpc.ts) and the dashboard last.
  for (const plugin of deps.plugins ?? []) await app.register(plugin);
  if (deps.webRoot !== undefined) await app.register(webAppRoutes, { root: deps.webRoot });

  await app.ready();
  return app;
}

/** The Fastify instance with the core plugins: error handler, security headers, CORS, the OpenAPI document. */
async function createCore(deps: AppDeps) {
  const hops = deps.trustProxyHops ?? 0;
  const httpLimits = deps.httpLimits ?? DEFAULT_HTTP_LIMITS;
  const options: FastifyHttpOptions<Server> = {
    logger: deps.logger ?? false,
    bodyLimit: deps.bodyLimitBytes ?? 1024 * 1024,
    // Behind N proxies, the client is the address N hops back in X-Forwarded-For.
    trustProxy: hops > 0 ? (_address: string, hop: number) => hop < hops : false,
    // Path parameters longer than any address or symbol are refused before routing.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Response schemas with unions (anyOf, a value or null) validate each answer's branch
    // with Ajv, which by default compiles on the route's first answer: 110-160 ms of the
    // event loop on the legacy scan's report (bench/isolation.ts, CPU profile). Compiled
    // at startup instead, with the routes' serializers.
    serializerOpts: { compileValidators: true },
    ...httpServerOptions(httpLimits),
    // Requests the parser gives up on (408 past the timeouts) answer {message} with the API's headers.
    clientErrorHandler,
  };
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>();
  // Behind trusted proxies every socket is a proxy's: the cap would throttle the proxy.
  // Loopback peers (the service's own readers of its devnet /rpc, local tools) are not capped unless asked.
  if (httpLimits.maxConnectionsPerClient > 0 && hops === 0)
    capConnectionsPerClient(app.server, httpLimits.maxConnectionsPerClient, httpLimits.capLoopback ? {} : { exempt: isLoopback });
  // Issue 13: one strict validator for every route's request schema (src/api/validation.ts).
  app.setValidatorCompiler(validatorCompiler);

  await app.register(errorHandler);
  // Security headers on every answer (precomputed; the docs page sets its own CSP).
  await app.register(securityHeaders);
  const origins = deps.corsOrigins ?? [];
  if (origins.length > 0) {
    await app.register(cors, {
      origin: [...origins],
      methods: ['GET', 'POST', 'DELETE'],
      allowedHeaders: ['content-type', 'x-api-key'],
      maxAge: 600,
    });
  }
  await app.register(openapi);
  return app;
}
