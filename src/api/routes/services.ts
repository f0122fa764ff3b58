/**
 * The Services page's API: the offers and voucher terms, requests for an offer (anyone,
 * limited per client), a signed-in user's own requests, and a voucher applied to their
 * quote. Registered inside the dashboard scope (session cookie and CSRF).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AccountService } from '../../accounts/account-service.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import { OFFERS, VOUCHER_FLOOR_USD, VOUCHER_TERMS } from '../../offers/catalogue.ts';
import {
  ATTACHMENT_LIMITS,
  OffersSchema,
  RedeemSchema,
  RedemptionSchema,
  ServiceRequestInputSchema,
  ServiceRequestSchema,
} from '../../interface/schemas/services.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import { publicView, type ServiceRequests } from '../../offers/service-requests.ts';
import type { VoucherService } from '../../offers/vouchers.ts';
import type { VoucherLimiters } from '../../offers/voucher-limiters.ts';
import { SERVICE_MESSAGES as M } from '../../offers/service-messages.ts';
import { HttpError } from '../http-error.ts';
import { strictClientError, strictValidator } from '../strict-validator.ts';
import { requireSession } from './account.ts';
import { clientRateKey } from '../../limits/client-key.ts';

export interface ServicesRoutesDeps {
  readonly accounts: AccountService;
  readonly requests: ServiceRequests;
  readonly vouchers: VoucherService;
  /** Requests per client address (spam): 5 an hour by default. */
  readonly requestLimiter: RateLimiter;
  /** Voucher attempts per account and per client address. */
  readonly voucherLimiters: VoucherLimiters;
}

const tags = ['services'];
const errors = { 400: MessageSchema, 401: MessageSchema, 403: MessageSchema, 404: MessageSchema, 409: MessageSchema };
/** Attachments travel as base64 in JSON: 4 MiB of files is about 5.4 MiB of body. */
const REQUEST_BODY_LIMIT = 6 * 1024 * 1024;

const tooManyAttempts = (seconds: number) => new HttpError(429, M.voucherTooMany(seconds), {}, { 'Retry-After': String(seconds) });

export const servicesRoutes: FastifyPluginAsyncTypebox<ServicesRoutesDeps> = async (app, deps) => {
  app.get(
    '/api/services',
    {
      schema: {
        summary: 'The operator’s offers, the audit voucher terms and the attachment limits',
        tags,
        response: { 200: OffersSchema },
      },
    },
    async () => ({
      offers: OFFERS.map((offer) => ({ ...offer })),
      voucherTerms: [...VOUCHER_TERMS],
      voucherFloorUsd: VOUCHER_FLOOR_USD,
      attachmentLimits: { ...ATTACHMENT_LIMITS, extensions: [...ATTACHMENT_LIMITS.extensions] },
    }),
  );

  app.post(
    '/api/service-requests',
    {
      bodyLimit: REQUEST_BODY_LIMIT,
      schema: {
        summary: 'Request one of the operator’s offers; the operator is e-mailed and the contact gets an acknowledgement',
        tags,
        body: ServiceRequestInputSchema,
        response: {
          201: Type.Object({ message: Type.String(), request: ServiceRequestSchema }),
          ...errors,
          413: MessageSchema,
          429: MessageSchema,
        },
      },
      validatorCompiler: strictValidator,
      config: { clientError: strictClientError },
      // Before the body is read: a client over its budget waits for nothing.
      onRequest: async (request) => {
        const decision = await deps.requestLimiter.consume(`service-request:${clientRateKey(request.ip)}`);
        if (!decision.allowed) throw new HttpError(429, M.requestTooMany, {}, { 'Retry-After': String(decision.resetSeconds) });
      },
    },
    async (request, reply) => {
      const created = await deps.requests.create(request.body, request.session?.accountId ?? null);
      return reply.code(201).send({ message: M.requestStored, request: publicView(created) });
    },
  );

  app.get(
    '/api/service-requests',
    {
      schema: {
        summary: 'The signed-in user’s requests and their statuses',
        tags,
        response: { 200: Type.Object({ items: Type.Array(ServiceRequestSchema) }), 401: MessageSchema },
      },
    },
    async (request) => ({ items: await deps.requests.listOwn(requireSession(request).accountId) }),
  );

  app.post(
    '/api/service-requests/:id/voucher',
    {
      schema: {
        summary: 'Apply an audit voucher to the quote of one of your manual-audit requests',
        tags,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        body: RedeemSchema,
        response: { 200: RedemptionSchema, ...errors, 429: MessageSchema },
      },
      validatorCompiler: strictValidator,
      config: { clientError: strictClientError },
      // Before the body is read: a client over its budget waits for nothing.
      onRequest: async (request) => {
        const decision = await deps.voucherLimiters.client.consume(`voucher:${clientRateKey(request.ip)}`);
        if (!decision.allowed) throw tooManyAttempts(decision.resetSeconds);
      },
    },
    async (request) => {
      const session = requireSession(request);
      const account = await deps.accounts.account(session);
      if (!account) throw new HttpError(401, 'Log in first');
      const decision = await deps.voucherLimiters.account.consume(`voucher:${account.id}`);
      if (!decision.allowed) throw tooManyAttempts(decision.resetSeconds);
      const target = await deps.requests.get(request.params.id);
      // Someone else's request is "not found", not "forbidden": ids are not confirmed.
      if (target.accountId !== account.id) throw new HttpError(404, M.requestUnknown);
      return deps.vouchers.redeem({
        code: request.body.code,
        requestId: target.id,
        actor: `account:${account.id}`,
        // Only the account's address, which its sign-up code verified: the request's
        // contact e-mail is whatever the requester typed, so naming a voucher's
        // recipient there must not unlock it.
        allowedRecipients: [account.email],
      });
    },
  );
};
