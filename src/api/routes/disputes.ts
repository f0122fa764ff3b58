/**
 * Disputes (issue 33 item 4): anyone who can see a scan files a dispute of its result
 * (same access as the scan and its receipt: a private scan's is its owner's); the operator
 * lists and answers them, by an admin's browser session (/api/admin, the operator panel)
 * or an admin API key (/admin).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import {
  AdminDisputeSchema,
  DISPUTE_STATUSES,
  DisputeInputSchema,
  DisputeSchema,
  DisputeUpdateSchema,
} from '../../interface/schemas/disputes.ts';
import type { DashboardScanRepository } from '../../dashboard-scans/dashboard-scan-repository.ts';
import type { Disputes } from '../../disputes/disputes.ts';
import { DisputeRateLimitError } from '../../disputes/dispute-errors.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import { clientRateKey } from '../../limits/client-key.ts';
import { HttpError } from '../http-error.ts';
import { strictClientError, strictValidator } from '../strict-validator.ts';
import type { AdminGuard } from './admin-services.ts';
import { accountIdOf } from './account.ts';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const strict = { validatorCompiler: strictValidator, config: { clientError: strictClientError } };

export interface DisputeRoutesDeps {
  readonly scans: DashboardScanRepository;
  readonly disputes: Disputes;
  /** Disputes per client address (spam): 5 an hour by default. */
  readonly limiter: RateLimiter;
}

export const disputeRoutes: FastifyPluginAsyncTypebox<DisputeRoutesDeps> = async (app, deps) => {
  app.post(
    '/api/scans/:id/disputes',
    {
      ...strict,
      schema: {
        summary: "Dispute a scan's result: what you believe is wrong and how the operator reaches you (public scans need no session)",
        description:
          'The scan and its signed receipt are not changed; the operator answers in the admin panel. Five disputes an hour per client address.',
        tags: ['receipts'],
        security: [{ apiKey: [] }, { session: [] }, {}],
        params: IdParams,
        body: DisputeInputSchema,
        response: {
          201: Type.Object({ message: Type.String(), dispute: DisputeSchema }),
          400: MessageSchema,
          403: MessageSchema,
          404: MessageSchema,
          409: MessageSchema,
          429: MessageSchema,
        },
      },
      // Before the body is read: a client over its budget waits for nothing.
      onRequest: async (request) => {
        const decision = await deps.limiter.consume(`dispute:${clientRateKey(request.ip)}`);
        if (!decision.allowed) throw new DisputeRateLimitError(decision.resetSeconds);
      },
    },
    async (request, reply) => {
      const scan = await deps.scans.find(request.params.id);
      const accountId = accountIdOf(request) ?? null;
      if (!scan || (scan.summary.visibility === 'private' && scan.accountId !== accountId))
        throw new HttpError(404, MESSAGES.common.notFound);
      const dispute = await deps.disputes.file(scan, request.body, accountId);
      return reply.code(201).send({ message: 'Dispute received: the operator will answer through the contact you gave', dispute });
    },
  );
};

export interface AdminDisputeRoutesDeps {
  readonly guard: AdminGuard;
  readonly disputes: Disputes;
}

/** The operator's side; registered under /api (session) and at the root (admin API key, /admin/...). */
export const adminDisputeRoutes: FastifyPluginAsyncTypebox<AdminDisputeRoutesDeps> = async (app, deps) => {
  app.addHook('onRequest', deps.guard.check);
  const errors = { 400: MessageSchema, 401: MessageSchema, 403: MessageSchema, 404: MessageSchema };
  app.get(
    '/admin/disputes',
    {
      ...strict,
      schema: {
        summary: 'Disputes of scan results, newest first, each with its scan and the history of scans of the same target',
        tags: ['admin'],
        querystring: Type.Object(
          { status: Type.Optional(Type.Union(DISPUTE_STATUSES.map((s) => Type.Literal(s)))) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ items: Type.Array(AdminDisputeSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await deps.disputes.list(request.query.status ? { status: request.query.status } : {}) }),
  );
  app.post(
    '/admin/disputes/:id',
    {
      ...strict,
      schema: {
        summary: "Answer a dispute: its status (open, answered, closed) and the operator's note",
        tags: ['admin'],
        params: IdParams,
        body: DisputeUpdateSchema,
        response: { 200: AdminDisputeSchema, ...errors },
      },
    },
    async (request) => deps.disputes.update(request.params.id, request.body),
  );
};
