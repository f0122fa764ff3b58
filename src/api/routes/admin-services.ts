/**
 * The operator's side of the services: requests (list, read, attachments, status, notes,
 * quote, a voucher applied for the requester) and vouchers (issue, list, revoke, the
 * event record). Needs an admin-scoped API key, like /admin/audits.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../interface/messages.ts';
import { REQUEST_STATUSES } from '../../offers/catalogue.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import {
  AdminServiceRequestSchema,
  RedeemSchema,
  RedemptionSchema,
  ServiceRequestUpdateSchema,
  VoucherEventSchema,
  VoucherIssueSchema,
  VoucherSchema,
} from '../../interface/schemas/services.ts';
import { normalizeEmail } from '../../accounts/email-address.ts';
import type { ServiceRequests } from '../../offers/service-requests.ts';
import type { VoucherService } from '../../offers/vouchers.ts';
import { parseAmount } from '../../offers/voucher-rules.ts';
import { HttpError } from '../http-error.ts';
import type { AccessGate } from '../access.ts';
import type { AccountService } from '../../accounts/account-service.ts';
import { requireSession } from './account.ts';
import { strictClientError, strictValidator } from '../strict-validator.ts';

export interface AdminServicesDeps {
  /** Who may call: an admin API key (the /admin routes) or an admin's browser session (/api/admin). */
  readonly guard: AdminGuard;
  readonly requests: ServiceRequests;
  readonly vouchers: VoucherService;
}

export interface AdminGuard {
  /** Refuses anyone but an admin, before the body is read. */
  readonly check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Who acted, for the voucher record. */
  readonly actor: (request: FastifyRequest) => string;
}

/** Admin API keys (`keys create --admin`), as for /admin/audits. */
export function adminKeyGuard(gate: AccessGate): AdminGuard {
  const access = gate({ bucket: 'admin', keyRequired: true, invalidKey: () => new HttpError(401, MESSAGES.audits.invalidApiKey) });
  return {
    check: async (request, reply) => {
      await access(request, reply);
      if (request.apiKey?.scope !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
    },
    actor: (request) => `admin-key:${request.apiKey?.prefix ?? 'unknown'}`,
  };
}

/** An admin account's browser session (the dashboard's operator panel). */
export function adminSessionGuard(accounts: AccountService): AdminGuard {
  return {
    check: async (request) => {
      const account = await accounts.account(requireSession(request));
      if (account?.role !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
    },
    actor: (request) => `account:${request.session?.accountId ?? 'unknown'}`,
  };
}

const tags = ['admin'];
const errors = { 400: MessageSchema, 401: MessageSchema, 403: MessageSchema, 404: MessageSchema, 409: MessageSchema };
const strict = { validatorCompiler: strictValidator, config: { clientError: strictClientError } };
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const adminServicesRoutes: FastifyPluginAsyncTypebox<AdminServicesDeps> = async (app, deps) => {
  const actor = deps.guard.actor;
  app.addHook('onRequest', deps.guard.check);

  app.get(
    '/admin/service-requests',
    {
      ...strict,
      schema: {
        summary: 'Requests for the offers, newest first (optionally by status)',
        tags,
        querystring: Type.Object({ status: Type.Optional(Type.Union(REQUEST_STATUSES.map((s) => Type.Literal(s)))) }),
        response: { 200: Type.Object({ items: Type.Array(AdminServiceRequestSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await deps.requests.list({ status: request.query.status }) }),
  );

  app.get(
    '/admin/service-requests/:id',
    { ...strict, schema: { summary: 'One request', tags, params: IdParams, response: { 200: AdminServiceRequestSchema, ...errors } } },
    async (request) => deps.requests.get(request.params.id),
  );

  app.get(
    '/admin/service-requests/:id/attachments/:position',
    {
      ...strict,
      schema: {
        summary: 'Download an attachment of a request',
        tags,
        params: Type.Object({ id: Type.String({ maxLength: 64 }), position: Type.String({ pattern: '^[0-9]{1,2}$' }) }),
      },
    },
    async (request, reply) => {
      const file = await deps.requests.attachment(request.params.id, Number(request.params.position));
      const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  app.post(
    '/admin/service-requests/:id',
    {
      ...strict,
      schema: {
        summary: 'Change a request: status, notes, or a quote in USD (which marks it quoted and tells the requester)',
        tags,
        params: IdParams,
        body: ServiceRequestUpdateSchema,
        response: { 200: AdminServiceRequestSchema, ...errors },
      },
    },
    async (request) => deps.requests.update(request.params.id, request.body),
  );

  app.post(
    '/admin/service-requests/:id/voucher',
    {
      ...strict,
      schema: {
        summary: 'Apply a voucher to a request’s quote on the requester’s behalf',
        tags,
        params: IdParams,
        body: RedeemSchema,
        response: { 200: RedemptionSchema, ...errors },
      },
    },
    async (request) => {
      const target = await deps.requests.get(request.params.id);
      return deps.vouchers.redeem({
        code: request.body.code,
        requestId: target.id,
        actor: actor(request),
        allowedRecipients: [target.email],
      });
    },
  );

  app.post(
    '/admin/vouchers',
    {
      ...strict,
      schema: {
        summary: 'Issue an audit voucher; its code is shown only in this answer',
        tags,
        body: VoucherIssueSchema,
        response: { 201: Type.Object({ code: Type.String(), voucher: VoucherSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const value = parseAmount(request.body.valueUsdt, 'valueUsdt');
      if ('problem' in value) throw new HttpError(400, value.problem);
      let recipient: string | null = null;
      if (request.body.recipient !== undefined) {
        recipient = normalizeEmail(request.body.recipient) ?? null;
        if (!recipient) throw new HttpError(400, 'recipient must be an e-mail address');
      }
      const issued = await deps.vouchers.issue({
        valueCents: value.cents,
        recipient,
        note: request.body.note ?? '',
        actor: actor(request),
      });
      return reply.code(201).send(issued);
    },
  );

  app.get(
    '/admin/vouchers',
    {
      schema: {
        summary: 'Every voucher with its state',
        tags,
        response: { 200: Type.Object({ items: Type.Array(VoucherSchema) }), ...errors },
      },
    },
    async () => ({ items: await deps.vouchers.list() }),
  );

  app.get(
    '/admin/vouchers/events',
    {
      schema: {
        summary: 'The record of voucher issues, redemptions, refusals and revocations, newest first',
        tags,
        response: { 200: Type.Object({ items: Type.Array(VoucherEventSchema) }), ...errors },
      },
    },
    async () => ({ items: await deps.vouchers.events(500) }),
  );

  app.delete(
    '/admin/vouchers/:id',
    {
      ...strict,
      schema: {
        summary: 'Revoke a voucher by its id or its code',
        tags,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: VoucherSchema, ...errors },
      },
    },
    async (request) => deps.vouchers.revoke(request.params.id, actor(request)),
  );
};
