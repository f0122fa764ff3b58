/**
 * Services and vouchers (issue 20): the operator's offers, requests for them and audit
 * vouchers. The Services page's routes and the admin's (by session) sit in the dashboard's
 * session scope; the admin's by API key come later in the document, so the feature gives
 * its two plugins, sharing one set of services.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { createRateLimiter, type RateLimiter } from '../../limits/rate-limiter.ts';
import { createServiceRequests } from '../../offers/service-requests.ts';
import { createVoucherService } from '../../offers/vouchers.ts';
import { createVoucherLimiters, type VoucherLimiters } from '../../offers/voucher-limiters.ts';
import { dashboardScope } from '../routes/account.ts';
import { servicesRoutes } from '../routes/services.ts';
import { adminKeyGuard, adminServicesRoutes, adminSessionGuard } from '../routes/admin-services.ts';
import type { Access } from './access.ts';

export interface ServicesOptions {
  /** OPERATOR_EMAIL; unset: every verified admin account. */
  readonly operatorEmail?: string | undefined;
  /** VOUCHER_USD_PER_USDT (1 unless configured). */
  readonly usdPerUsdt?: number;
  /** Requests per client address; default 5 an hour in memory. */
  readonly requestLimiter?: RateLimiter;
  /** Voucher attempts per account and client; default in memory (src/offers/voucher-limiters.ts). */
  readonly voucherLimiters?: VoucherLimiters;
}

export interface ServicesFeature {
  /** The Services page and the admin's routes by session (under /api), in the session scope. */
  readonly sessionRoutes: FastifyPluginAsync;
  /** The admin's routes by API key (under /admin). */
  readonly adminKeyRoutes: FastifyPluginAsync;
}

export function servicesFeature(access: Access, log: FastifyBaseLogger, options: ServicesOptions = {}): ServicesFeature {
  const { accounts, clock, mailer } = access;
  const db = access.store.db;
  const requests = createServiceRequests({
    db,
    clock,
    mailer,
    operatorEmail: options.operatorEmail,
    onMailError: (error, message) => log.error({ err: error, subject: message.subject }, 'could not send a services e-mail'),
  });
  const vouchers = createVoucherService({ db, clock, usdPerUsdt: options.usdPerUsdt ?? 1 });
  const requestLimiter =
    options.requestLimiter ?? createRateLimiter({ pointsPerWindow: 5, windowSeconds: 3600, keyPrefix: 'sw-rl-service-requests' });
  const voucherLimiters = options.voucherLimiters ?? createVoucherLimiters();
  return {
    sessionRoutes: async (app) => {
      await app.register(
        dashboardScope(accounts, async (scope) => {
          // Issue 20: the Services page's requests and vouchers.
          await scope.register(servicesRoutes, { accounts, requests, vouchers, requestLimiter, voucherLimiters });
          await scope.register(adminServicesRoutes, { prefix: '/api', guard: adminSessionGuard(accounts), requests, vouchers });
        }),
      );
    },
    adminKeyRoutes: async (app) => {
      await app.register(adminServicesRoutes, { guard: adminKeyGuard(access.gate), requests, vouchers });
    },
  };
}
