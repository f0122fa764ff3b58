/**
 * Builds the HTTP application from its dependencies. Nothing here listens or opens
 * connections: `server.ts` does that, and tests drive the app with `app.inject()`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../store/open-store.ts';
import { createAuditLookup } from '../audits/audit-repository.ts';
import { createApiKeyVerifier } from '../keys/api-key-repository.ts';
import { cachedApiKeyVerifier } from '../keys/cached-verifier.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { NetworkOptions } from '../spec/networks.ts';
import { createAccessGate } from './access.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { auditLookupRoutes } from './routes/audit-lookup.ts';
import { adminAuditRoutes } from './routes/admin-audits.ts';
import { healthRoutes } from './routes/health.ts';
import { cyberscanRoutes } from './routes/cyberscan.ts';
import { scoreRoutes } from './routes/score.ts';
import { legacyScanRoutes } from './routes/legacy-scan.ts';
import type { SourceScanResult } from '../scan/scan-source.ts';
import type { CorpusService } from '../corpus/corpus-service.ts';
import { similarityRoutes } from './routes/similarity.ts';
import { signaturescanRoutes } from './routes/signaturescan.ts';
import type { ScanService } from '../scan/scan-service.ts';
import cookie from '@fastify/cookie';
import { createAccountService, type AccountLimiters } from '../accounts/account-service.ts';
import { createAccountLimiters } from '../accounts/account-limiters.ts';
import { createMemoryMailer, type Mailer } from '../accounts/mailer.ts';
import { createUsageRecorder } from '../accounts/usage-recorder.ts';
import { systemClock, type Clock } from '../accounts/clock.ts';
import { accountRoutes, dashboardScope } from './routes/account.ts';
import { accountKeyRoutes } from './routes/account-keys.ts';
import { webAppRoutes } from './routes/web-app.ts';
import { recordAccountActivity } from './activity.ts';
// Issue 17: Safescan and the address labels.
import { safescanRoutes } from './routes/safescan.ts';
import { adminLabelRoutes } from './routes/admin-labels.ts';
import { similarityOriginRoutes } from './routes/similarity-origin.ts';
import type { Safescan } from '../safescan/safescan-service.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';

export interface AppDeps {
  readonly store: Store;
  readonly rateLimiter: RateLimiter;
  readonly networks: NetworkOptions;
  /** The scan service behind operations 2 to 4; those routes exist only with it. */
  readonly scans?: ScanService;
  /** Scans of source code (operation 4's `type: source`). */
  readonly scanSource?: (sources: Readonly<Record<string, string>>, options?: { client?: string }) => Promise<SourceScanResult>;
  /** The reference corpus and signature database behind Similarityscan and Signaturescan. */
  readonly corpus?: CorpusService;
  /** Verified source of an address (Similarityscan's `type: address`). */
  readonly getVerifiedSource?: (network: string, address: string) => Promise<Readonly<Record<string, string>> | null>;
  /** Public base URL of the main host (for links such as the legacy scan's successor). */
  readonly baseUrl?: string | undefined;
  /** Readiness checks by name (database, redis, devnet…). */
  readonly readiness?: Readonly<Record<string, () => Promise<void>>>;
  readonly bodyLimitBytes?: number;
  readonly trustProxyHops?: number;
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
  /** Issue 17: wallet screening (POST /api/safescan); absent: no route. */
  readonly safescan?: Safescan;
  /** Issue 17: Safescan's keyless budget (10 calls a minute by default, in memory). */
  readonly safescanRateLimiter?: RateLimiter;
}

export const API_VERSION = '0.1.0';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const hops = deps.trustProxyHops ?? 0;
  const options: FastifyServerOptions = {
    logger: deps.logger ?? false,
    bodyLimit: deps.bodyLimitBytes ?? 1024 * 1024,
    // Behind N proxies, the client is the address N hops back in X-Forwarded-For.
    trustProxy: hops > 0 ? (_address: string, hop: number) => hop < hops : false,
    // Path parameters longer than any address or symbol are refused before routing.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // allowUnionTypes: JSON Schema's `type: [...]` (the devnet's /rpc body) is valid; without it Ajv warns at start-up.
    ajv: { customOptions: { removeAdditional: false, allowUnionTypes: true } },
  };
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorHandler);
  // Security headers on every answer. The CSP allows same-origin scripts and styles (the
  // docs page and the dashboard are served by this process); the docs page sets its own
  // CSP with the hashes of its inline script and style (staticCSP below).
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
      },
    },
    // Plain HTTP on loopback is the default deployment: do not tell browsers to upgrade.
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
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
      components: { securitySchemes: { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } },
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
  // takes effect here within that second (docs/decisions.md).
  const clock = deps.clock ?? systemClock;
  const usage = createUsageRecorder(db, clock, { onError: (error) => app.log.warn({ err: error }, 'could not record API key usage') });
  app.addHook('onClose', () => usage.close());
  const verifyApiKey = cachedApiKeyVerifier(createApiKeyVerifier(deps.store));
  const gate = createAccessGate({
    db,
    verifyApiKey,
    rateLimiter: deps.rateLimiter,
    countCall: (id) => usage.countCall(id),
  });
  app.addHook('onResponse', recordAccountActivity(usage, clock));
  await app.register(healthRoutes, { checks: deps.readiness ?? {} });
  await app.register(auditLookupRoutes, { findAudit: createAuditLookup(deps.store), gate, networks: deps.networks });
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
    });
    await app.register(safescanRoutes, { gate: safescanGate, safescan: deps.safescan });
  }
  await app.register(adminLabelRoutes, { db, gate });
  const corpus = deps.corpus;
  if (corpus?.content) {
    const content = corpus.content.bind(corpus);
    await app.register(similarityOriginRoutes, { gate, list: () => corpus.list(), content });
  }
  await app.register(cookie);
  const accounts = createAccountService({
    db,
    mailer: deps.mailer ?? createMemoryMailer(),
    limiters: deps.accountLimiters ?? createAccountLimiters(),
    clock,
    firstSignupAdmin: deps.firstSignupAdmin ?? false,
    onMailError: (error, message) => app.log.error({ err: error, subject: message.subject }, 'could not send an account e-mail'),
  });
  const sweep = setInterval(() => {
    accounts.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep expired sessions and codes'));
  }, 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
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
    }),
  );
  for (const plugin of deps.plugins ?? []) await app.register(plugin);
  if (deps.webRoot !== undefined) await app.register(webAppRoutes, { root: deps.webRoot });

  await app.ready();
  return app;
}
