/**
 * Builds the HTTP application from its dependencies. Nothing here listens or opens
 * connections: `server.ts` does that, and tests drive the app with `app.inject()`.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../store/open-store.ts';
import { createAuditLookup, readAuditsVersion } from '../audits/audit-repository.ts';
import { cachedAuditLookup, storeVersion } from '../audits/audit-cache.ts';
import { createApiKeyVerifier } from '../keys/api-key-repository.ts';
import { cachedApiKeyVerifier } from '../keys/cached-verifier.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { NetworkOptions } from '../spec/networks.ts';
import { createAccessGate } from './access.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { validatorCompiler } from './validation.ts';
import { auditLookupRoutes } from './routes/audit-lookup.ts';
import { adminAuditRoutes } from './routes/admin-audits.ts';
import { healthRoutes } from './routes/health.ts';
import { cyberscanRoutes } from './routes/cyberscan.ts';
import { scoreRoutes } from './routes/score.ts';
import { legacyScanRoutes } from './routes/legacy-scan.ts';
import type { SourceScanOptions, SourceScanResult } from '../scan/scan-source.ts';
import type { CorpusService } from '../corpus/corpus-service.ts';
import type { CompareSimilarity } from '../corpus/similarity-pool.ts';
import { similarityRoutes } from './routes/similarity.ts';
import { signaturescanRoutes } from './routes/signaturescan.ts';
import type { ScanService } from '../scan/scan-service.ts';
import { createAccountService, type AccountLimiters } from '../accounts/account-service.ts';
import { createAccountLimiters } from '../accounts/account-limiters.ts';
import { createMemoryMailer, type Mailer } from '../accounts/mailer.ts';
import { createUsageRecorder } from '../accounts/usage-recorder.ts';
import { systemClock, type Clock } from '../accounts/clock.ts';
import cookie from '@fastify/cookie';
import { accountRoutes, dashboardScope, sessionOrAccountKeyHooks, SESSION_COOKIE, signedInAccount } from './routes/account.ts';
import { accountKeyRoutes } from './routes/account-keys.ts';
import { webAppRoutes } from './routes/web-app.ts';
import { recordAccountActivity, SCAN_ROUTES } from './activity.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { createServiceRequests } from '../services/service-requests.ts';
import { createVoucherService } from '../services/vouchers.ts';
import { servicesRoutes } from './routes/services.ts';
import { DEFAULT_HTTP_LIMITS, httpServerOptions, type HttpLimits } from './http-limits.ts';
import { capConnectionsPerClient } from './connection-cap.ts';
import { isLoopback } from '../devnet/rpc-policy.ts';
import { clientErrorHandler } from './client-error.ts';
import { createVoucherLimiters, type VoucherLimiters } from '../services/voucher-limiters.ts';
import { adminKeyGuard, adminServicesRoutes, adminSessionGuard } from './routes/admin-services.ts';
// Issue 15: the dashboard's scans and repository import
import { dashboardScanRoutes } from './routes/dashboard-scans.ts';
import { createDashboardScanRepository } from '../dashboard-scans/dashboard-scan-repository.ts';
import { createDashboardScanRunner } from '../dashboard-scans/dashboard-scan-runner.ts';
import { scanFailureMessage } from '../dashboard-scans/scan-failure.ts';
import { closeAbandonedScans, keepScansHonest } from '../dashboard-scans/abandoned-scans.ts';
import { newScanOwner, type ScanOwnerIdentity } from '../dashboard-scans/scan-owner.ts';
import { databaseConnectionFailure } from '../infra/dependency-error.ts';
import { repositoryRoutes } from './routes/repositories.ts';
import { codeHostConfigFromEnv, type CodeHostConfig } from '../codehosts/code-host-config.ts';
import { createSecretBox, type SecretBox } from '../codehosts/secret-box.ts';
import { createCodeHosts } from '../codehosts/code-hosts.ts';
import { createChatService, type ChatLimits, type ChatServiceDeps } from '../chat/chat-service.ts';
import { createChatStore } from '../chat/chat-store.ts';
import { createDashboardScanLoader } from '../chat/dashboard-scan.ts';
import type { LlmConfig } from '../chat/openai-client.ts';
import { scanChatRoutes } from './routes/scan-chat.ts';
// Issue 17: Safescan and the address labels.
import { safescanRoutes } from './routes/safescan.ts';
import { adminLabelRoutes } from './routes/admin-labels.ts';
import { adminProjectRoutes } from './routes/admin-projects.ts';
import { similarityOriginRoutes } from './routes/similarity-origin.ts';
import type { Safescan } from '../safescan/safescan-service.ts';

export interface AppDeps {
  readonly store: Store;
  readonly rateLimiter: RateLimiter;
  readonly networks: NetworkOptions;
  /** The scan service behind operations 2 to 4; those routes exist only with it. */
  readonly scans?: ScanService;
  /** This process as the owner of the dashboard scans it runs; a fresh one by default (tests pass their own). */
  readonly scanOwner?: ScanOwnerIdentity;
  /** How often an open scan event stream looks for an end decided by another process; default 5 s. */
  readonly scanEventsEndWatchMs?: number;
  /** Scans of source code (operation 4's `type: source`). */
  readonly scanSource?: (sources: Readonly<Record<string, string>>, options?: SourceScanOptions) => Promise<SourceScanResult>;
  /** The reference corpus and signature database behind Similarityscan and Signaturescan. */
  readonly corpus?: CorpusService;
  /** Where Similarityscan compares (the server's worker pool); in process by default. */
  readonly compareSimilarity?: CompareSimilarity;
  /** Verified source of an address (Similarityscan's `type: address`). */
  readonly getVerifiedSource?: (network: string, address: string) => Promise<Readonly<Record<string, string>> | null>;
  /** Public base URL of the main host (for links such as the legacy scan's successor). */
  readonly baseUrl?: string | undefined;
  /** Readiness checks by name (database, redis, devnet…). */
  readonly readiness?: Readonly<Record<string, () => Promise<void>>>;
  readonly bodyLimitBytes?: number;
  readonly trustProxyHops?: number;
  /** Issue 30: request, header, idle and keep-alive timeouts and the per-client connection cap (defaults: DEFAULT_HTTP_LIMITS). */
  readonly httpLimits?: HttpLimits;
  /** Origins allowed to call the API from a browser (CORS); none by default (the dashboard is same-origin). */
  readonly corsOrigins?: readonly string[];
  /** Fastify's logger option: false in tests, pino options in the server. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Extra route plugins (the devnet's /rpc and later operations) registered after the core. */
  readonly plugins?: ReadonlyArray<(app: FastifyInstance) => Promise<void>>;
  /** Where account e-mails go (SMTP or the outbox); tests keep them in memory. */
  readonly mailer?: Mailer;
  /** The first sign-up becomes an admin while there is none (FIRST_SIGNUP_ADMIN). */
  readonly firstSignupAdmin?: boolean;
  readonly accountLimiters?: AccountLimiters;
  /** Keyless calls per minute (shown on the dashboard). */
  readonly anonymousCallsPerMinute?: number;
  readonly clock?: Clock;
  /** The built dashboard (dist/web); absent: no web app (API-only tests). */
  readonly webRoot?: string;
  /** Requests for the operator's offers and audit vouchers (issue 20). */
  readonly services?: {
    /** OPERATOR_EMAIL; unset: every verified admin account. */
    readonly operatorEmail?: string | undefined;
    /** VOUCHER_USD_PER_USDT (1 unless configured). */
    readonly usdPerUsdt?: number;
    /** Requests per client address; default 5 an hour in memory. */
    readonly requestLimiter?: RateLimiter;
    /** Voucher attempts per account and client; default in memory (src/services/voucher-limiters.ts). */
    readonly voucherLimiters?: VoucherLimiters;
  };
  /** Issue 15: where GitHub and GitLab are, and the GitHub App (default: the public hosts, no App). */
  readonly codeHosts?: CodeHostConfig;
  /** Issue 15: seals GitHub tokens and signs Connect's state (default: a key for this process only). */
  readonly secretBox?: SecretBox;
  /** Issue 16: the chat's model (null: answers from the scan), budgets, and where scans are read. */
  readonly chat?: {
    readonly llm: LlmConfig | null;
    readonly limits: ChatLimits;
    readonly loadScan?: ChatServiceDeps['loadScan'];
  };
  /** Issue 17: wallet screening (POST /api/safescan); absent: no route. */
  readonly safescan?: Safescan;
  /** Issue 17: Safescan's keyless budget (10 calls a minute by default, in memory). */
  readonly safescanRateLimiter?: RateLimiter;
}

export const API_VERSION = '0.1.0';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
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
  // Security headers on every answer (precomputed; the docs page sets its own CSP below).
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
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'scopeward API',
        version: API_VERSION,
        description: 'Smart-contract security lookups: audit reports, scans, scores. Send your key in the `x-api-key` header.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' },
          session: {
            type: 'apiKey',
            name: SESSION_COOKIE,
            in: 'cookie',
            description: 'The dashboard session (state-changing requests also send x-csrf-token)',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Hashes of the page's own inline script and style; without upgrade-insecure-requests,
    // which would break the page on plain HTTP.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/font-src 'self' https: data:/, "font-src 'self' data:")
        .replace(/style-src 'self' https:/, "style-src 'self'"),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const { db } = deps.store;
  // Verified keys are kept 1 s: the database leaves the hot path, and a revocation anywhere
  // takes effect here within that second (docs/decisions/0128-request-validation-and-headers-keys-verified-within.md).
  const clock = deps.clock ?? systemClock;
  const usage = createUsageRecorder(db, clock, { onError: (error) => app.log.warn({ err: error }, 'could not record API key usage') });
  app.addHook('onClose', () => usage.close());
  const mailer = deps.mailer ?? createMemoryMailer();
  const accounts = createAccountService({
    db,
    mailer,
    limiters: deps.accountLimiters ?? createAccountLimiters(),
    clock,
    firstSignupAdmin: deps.firstSignupAdmin ?? false,
    onMailError: (error, message) => app.log.error({ err: error, subject: message.subject }, 'could not send an account e-mail'),
  });
  const verifyApiKey = cachedApiKeyVerifier(createApiKeyVerifier(deps.store));
  // Issue 29: a signed-in browser (the Apps pages) calls the public routes with its account's access, not the keyless budget.
  const signedIn = signedInAccount(accounts);
  const gate = createAccessGate({
    db,
    verifyApiKey,
    rateLimiter: deps.rateLimiter,
    countCall: (id) => usage.countCall(id),
    signedInAccount: signedIn,
  });
  // Only the scan routes record activity: a hook on those routes alone, so every other
  // call (the audit lookup above all) does not run it just to return early.
  const recordActivity = recordAccountActivity(usage, clock);
  app.addHook('onRoute', (route) => {
    if (!SCAN_ROUTES.has(route.url)) return;
    const own = route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
    route.onResponse = [...own, recordActivity];
  });
  await app.register(healthRoutes, { checks: deps.readiness ?? {} });
  await app.register(auditLookupRoutes, {
    findAudit: cachedAuditLookup(createAuditLookup(deps.store), db, { version: storeVersion(deps.store) ?? (() => readAuditsVersion(db)) }),
    gate,
    networks: deps.networks,
  });
  await app.register(adminAuditRoutes, { db, gate });
  if (deps.scans) {
    await app.register(cyberscanRoutes, { scans: deps.scans, gate, networks: deps.networks });
    await app.register(scoreRoutes, { scans: deps.scans, gate, networks: deps.networks });
    if (deps.scanSource) {
      await app.register(legacyScanRoutes, {
        scans: deps.scans,
        scanSource: deps.scanSource,
        gate,
        networks: deps.networks,
        baseUrl: deps.baseUrl,
      });
    }
  }
  if (deps.corpus) {
    await app.register(similarityRoutes, {
      gate,
      networks: deps.networks,
      corpus: deps.corpus,
      ...(deps.compareSimilarity ? { compare: deps.compareSimilarity } : {}),
      ...(deps.getVerifiedSource ? { getVerifiedSource: deps.getVerifiedSource } : {}),
    });
    await app.register(signaturescanRoutes, { gate, signatures: deps.corpus.signatures });
  }
  // Issue 17: Safescan (its own keyless budget) and the admin label routes.
  if (deps.safescan) {
    const safescanGate = createAccessGate({
      db,
      verifyApiKey,
      rateLimiter: deps.safescanRateLimiter ?? createRateLimiter({ pointsPerWindow: 10, keyPrefix: 'sw-rl-safescan' }),
      countCall: (id) => usage.countCall(id),
      signedInAccount: signedIn,
    });
    await app.register(safescanRoutes, { gate: safescanGate, safescan: deps.safescan });
  }
  await app.register(adminLabelRoutes, { db, gate });
  // Issue 19: the project registry the enrichment reads.
  await app.register(adminProjectRoutes, { db, gate });
  const corpus = deps.corpus;
  if (corpus?.content) {
    const content = corpus.content.bind(corpus);
    await app.register(similarityOriginRoutes, { gate, list: () => corpus.list(), content });
  }
  const sweep = setInterval(() => {
    accounts.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep expired sessions and codes'));
  }, 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  const serviceRequests = createServiceRequests({
    db,
    clock,
    mailer,
    operatorEmail: deps.services?.operatorEmail,
    onMailError: (error, message) => app.log.error({ err: error, subject: message.subject }, 'could not send a services e-mail'),
  });
  const vouchers = createVoucherService({ db, clock, usdPerUsdt: deps.services?.usdPerUsdt ?? 1 });
  const requestLimiter =
    deps.services?.requestLimiter ?? createRateLimiter({ pointsPerWindow: 5, windowSeconds: 3600, keyPrefix: 'sw-rl-service-requests' });
  const voucherLimiters = deps.services?.voucherLimiters ?? createVoucherLimiters();
  // Issue 15: the dashboard's scans run in the background of this process; closing waits for them.
  const dashboardScans = createDashboardScanRepository(db);
  const scanService = deps.scans;
  const scanOwner = deps.scanOwner ?? newScanOwner();
  const dashboardRunner = createDashboardScanRunner({
    owner: scanOwner.id,
    repository: dashboardScans,
    ...(scanService ? { scanAddress: (network: string, address: string) => scanService.scan({ network, address }) } : {}),
    ...(deps.scanSource ? { scanSource: deps.scanSource } : {}),
    ...(deps.getVerifiedSource ? { verifiedSource: deps.getVerifiedSource } : {}),
    now: clock,
    describeFailure: scanFailureMessage,
    onError: (error, scanId) => app.log.warn({ err: error, scanId }, 'dashboard scan failed'),
  });
  app.addHook('onClose', () => dashboardRunner.idle());
  app.decorate('dashboardScansIdle', () => dashboardRunner.idle());
  // Issue 30, finding 6: scans a stopped process left running are closed with the reason, so
  // their pages and event streams end and they free their slot; then this process's own get
  // a heartbeat, and the sweep repeats for replicas that die later.
  const abandoned = { repository: dashboardScans, runner: dashboardRunner, self: scanOwner, now: clock };
  // A database that is down is reported by its own warnings (and the 503s); the sweep just tries again.
  const onSweepError = (error: unknown) => {
    if (!databaseConnectionFailure(error)) app.log.warn({ err: error }, 'could not close abandoned dashboard scans');
  };
  await closeAbandonedScans(abandoned).catch(onSweepError);
  const stopSweeping = keepScansHonest({ ...abandoned, onError: onSweepError });
  app.addHook('onClose', async () => stopSweeping());
  const secretBox = deps.secretBox ?? createSecretBox(randomBytes(32));
  const codeHosts = createCodeHosts({ db, config: deps.codeHosts ?? codeHostConfigFromEnv({}), box: secretBox, now: clock });
  // Every route a browser session authenticates lives in this one scope, under its session and CSRF hook.
  await app.register(
    dashboardScope(accounts, async (scope) => {
      await scope.register(accountRoutes, { accounts });
      await scope.register(accountKeyRoutes, {
        db,
        accounts,
        usage,
        clock,
        anonymousCallsPerMinute: deps.anonymousCallsPerMinute ?? 5,
        onRevoked: (id) => verifyApiKey.forget(id),
      });
      // Issue 20: the Services page's requests and vouchers.
      await scope.register(servicesRoutes, { accounts, requests: serviceRequests, vouchers, requestLimiter, voucherLimiters });
      await scope.register(adminServicesRoutes, {
        prefix: '/api',
        guard: adminSessionGuard(accounts),
        requests: serviceRequests,
        vouchers,
      });
      // Issue 15: the dashboard's scans
      await scope.register(repositoryRoutes, { ...codeHosts, box: secretBox, now: clock });
    }),
  );
  // Issue 29: one scan API for every client: a browser session or an API key of an account.
  await app.register(async (scope) => {
    // Cookies are parsed only where a session can authenticate (see dashboardScope).
    await scope.register(cookie);
    scope.addHook('onRequest', sessionOrAccountKeyHooks(accounts, verifyApiKey));
    await scope.register(dashboardScanRoutes, {
      repository: dashboardScans,
      runner: dashboardRunner,
      networks: deps.networks,
      toolVersion: API_VERSION,
      repositories: codeHosts.importer,
      now: clock,
      ...(deps.scanEventsEndWatchMs === undefined ? {} : { endWatchMs: deps.scanEventsEndWatchMs }),
    });
  });
  await app.register(adminServicesRoutes, { guard: adminKeyGuard(gate), requests: serviceRequests, vouchers });
  // Issue 16: the details page's chat (its own session-or-API-key hook, outside the dashboard scope).
  await app.register(scanChatRoutes, {
    accounts,
    verifyApiKey,
    chat: createChatService({
      store: createChatStore(db),
      loadScan: deps.chat?.loadScan ?? createDashboardScanLoader(db),
      llm: deps.chat?.llm ?? null,
      limits: deps.chat?.limits ?? { dailyMessages: 50, dailyTokens: 200_000 },
      clock,
    }),
  });
  for (const plugin of deps.plugins ?? []) await app.register(plugin);
  if (deps.webRoot !== undefined) await app.register(webAppRoutes, { root: deps.webRoot });

  await app.ready();
  return app;
}
