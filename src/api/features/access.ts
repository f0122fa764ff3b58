/**
 * Accounts and keys: the services every other feature authenticates with (the account
 * service, the verified-key cache, the usage recorder, the access gate), and the routes
 * of the Account and Keys pages under the dashboard's session scope.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Store } from '../../store/open-store.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import { createApiKeyVerifier } from '../../keys/api-key-repository.ts';
import { cachedApiKeyVerifier, type CachedVerifier } from '../../keys/cached-verifier.ts';
import { createAccountService, type AccountLimiters, type AccountService } from '../../accounts/account-service.ts';
import { createAccountLimiters } from '../../accounts/account-limiters.ts';
import { createMemoryMailer, type Mailer } from '../../accounts/mailer.ts';
import { createUsageRecorder, type UsageRecorder } from '../../accounts/usage-recorder.ts';
import { systemClock, type Clock } from '../../accounts/clock.ts';
import { createAccessGate, type AccessGate } from '../access.ts';
import { recordAccountActivity, SCAN_ROUTES } from '../activity.ts';
import { accountRoutes, dashboardScope, signedInAccount } from '../routes/account.ts';
import { accountKeyRoutes } from '../routes/account-keys.ts';

export interface AccessOptions {
  readonly store: Store;
  readonly rateLimiter: RateLimiter;
  readonly clock?: Clock | undefined;
  readonly mailer?: Mailer | undefined;
  readonly accountLimiters?: AccountLimiters | undefined;
  readonly firstSignupAdmin?: boolean | undefined;
}

/** What the features share to authenticate and count calls. */
export interface Access {
  readonly store: Store;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly accounts: AccountService;
  readonly usage: UsageRecorder;
  readonly verifyApiKey: CachedVerifier;
  /** The account of a signed-in browser, for the public routes' gates. */
  readonly signedIn: ReturnType<typeof signedInAccount>;
  /** The public routes' gate (keyless budget: the app's rate limiter). */
  readonly gate: AccessGate;
}

/**
 * Builds the access services on the root app: its hooks (usage flush on close, the scan
 * routes' activity recording) apply to every feature registered after.
 */
export function createAccess(app: FastifyInstance, deps: AccessOptions): Access {
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
  const sweep = setInterval(() => {
    accounts.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep expired sessions and codes'));
  }, 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return { store: deps.store, clock, mailer, accounts, usage, verifyApiKey, signedIn, gate };
}

export interface AccountsFeatureOptions {
  readonly access: Access;
  /** Keyless calls per minute (shown on the dashboard). */
  readonly anonymousCallsPerMinute: number;
}

/** The Account and Keys pages' routes, under the session and CSRF hook. */
export const accountsFeature: FastifyPluginAsync<AccountsFeatureOptions> = async (app, { access, anonymousCallsPerMinute }) => {
  const { accounts, usage, clock, verifyApiKey } = access;
  await app.register(
    dashboardScope(accounts, async (scope) => {
      await scope.register(accountRoutes, { accounts });
      await scope.register(accountKeyRoutes, {
        db: access.store.db,
        accounts,
        usage,
        clock,
        anonymousCallsPerMinute,
        onRevoked: (id) => verifyApiKey.forget(id),
      });
    }),
  );
};
