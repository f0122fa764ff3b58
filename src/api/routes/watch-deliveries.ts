/**
 * A watch's delivery log and "Redeliver" (issue 32), for an account's API key or its
 * browser session (with the CSRF token on POST), like the watches routes.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import { WatchDeliveryListSchema, WatchRedeliveredSchema } from '../../interface/schemas/watches.ts';
import type { Clock } from '../../accounts/clock.ts';
import type { DeliveryRepository } from '../../watch/delivery/delivery-repository.ts';
import { deliveryLog, redeliver, toWire } from '../../watch/delivery/delivery-log.ts';
import { WatchDeliveryError } from '../../watch/delivery/delivery-errors.ts';
import { requireAccountId } from './account.ts';

export interface WatchDeliveryRoutesDeps {
  readonly repository: DeliveryRepository;
  readonly now: Clock;
  /** Whether the account has this (live) watch; another account's watch is answered 404 like a missing one. */
  readonly watchExists: (accountId: string, watchId: string) => Promise<boolean>;
  /** Asks the sending side for an attempt at once (absent: its sweep finds the delivery due). */
  readonly kick?: ((deliveryId: string, claims: number, at: string) => void) | undefined;
}

const ACCOUNT_ONLY = [{ apiKey: [] }, { session: [] }];
const WatchParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const DeliveryParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  deliveryId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const watchDeliveryRoutes: FastifyPluginAsyncTypebox<WatchDeliveryRoutesDeps> = async (app, deps) => {
  const tags = ['watches'];
  const ownWatch = async (accountId: string, watchId: string) => {
    if (!(await deps.watchExists(accountId, watchId))) throw new WatchDeliveryError(404, 'Watch not found');
  };

  app.get(
    '/api/watches/:id/deliveries',
    {
      schema: {
        summary: "A watch's delivery log: each event's delivery per channel, newest first, with every attempt",
        tags,
        security: ACCOUNT_ONLY,
        params: WatchParams,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 100 })) }),
        response: { 200: WatchDeliveryListSchema, 400: MessageSchema, 401: MessageSchema, 403: MessageSchema, 404: MessageSchema },
      },
    },
    async (request) => {
      const accountId = requireAccountId(request);
      await ownWatch(accountId, request.params.id);
      return { deliveries: await deliveryLog(deps.repository, request.params.id, accountId, request.query.limit ?? 100) };
    },
  );

  app.post(
    '/api/watches/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        summary: 'Sends a webhook or e-mail delivery again now, with the same idempotency key and a fresh 24 hours of retries',
        tags,
        security: ACCOUNT_ONLY,
        params: DeliveryParams,
        response: { 202: WatchRedeliveredSchema, 401: MessageSchema, 403: MessageSchema, 404: MessageSchema, 409: MessageSchema },
      },
    },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      await ownWatch(accountId, request.params.id);
      const now = deps.now();
      const row = await redeliver(deps.repository, { watchId: request.params.id, accountId, deliveryId: request.params.deliveryId, now });
      deps.kick?.(row.id, Number(row.claims), now.toISOString());
      return reply.code(202).send({ delivery: toWire(row) });
    },
  );
};
