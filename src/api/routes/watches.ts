/**
 * The watches API (issue 32): an account watches a token for owner actions that change what
 * holders can do. `POST /api/watches` scans the token (or reuses its fresh scan) and reads
 * the baseline; `GET` lists the account's watches or one with its latest events; `DELETE`
 * stops a watch (its events and deliveries stay readable). An API key of the account or
 * the browser session (with its CSRF token on POST and DELETE) authenticates.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  WatchCreatedSchema,
  WatchDetailSchema,
  WatchErrorSchema,
  WatchInputSchema,
  WatchListSchema,
} from '../../interface/schemas/watches.ts';
import type { WatchService } from '../../watch/watch-service.ts';
import { watchView } from '../../watch/watch-repository.ts';
import { requireAccountId } from './account.ts';

export interface WatchRoutesDeps {
  readonly watches: WatchService;
  /** The most live watches an account may have (for the document). */
  readonly maxWatchesPerAccount: number;
}

const ACCOUNT_ONLY = [{ apiKey: [] }, { session: [] }];
const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const errors = { 400: WatchErrorSchema, 401: WatchErrorSchema, 403: WatchErrorSchema, 404: WatchErrorSchema };

export const watchRoutes: FastifyPluginAsyncTypebox<WatchRoutesDeps> = async (app, deps) => {
  const tags = ['watches'];

  app.post(
    '/api/watches',
    {
      schema: {
        summary: 'Watch a token: be told when its owner changes what holders can do',
        description:
          `The token is scanned (a fresh scan is reused) and what its owner can change is read as the baseline: the owner, the ` +
          `EIP-1967 slots, the state variables the analysis ties to a power (fees, limits, blacklist entries of the pair, the router ` +
          `and a holder, switches), the total supply, the pool's LP supply and the lockers' unlock times; for a Solana mint its ` +
          `mint and freeze authorities, supply and Token-2022 extensions. Every confirmed block (finalized slot on Solana) is compared with it. At most ${deps.maxWatchesPerAccount} ` +
          `live watches an account (403 with \`limit\`); one watch a token and network (409 with \`watchId\`); an address that is not ` +
          `a token: 400 with \`field\`. The webhook secret is answered once.`,
        tags,
        security: ACCOUNT_ONLY,
        body: WatchInputSchema,
        response: { 201: WatchCreatedSchema, ...errors, 409: WatchErrorSchema, 503: WatchErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await deps.watches.create(requireAccountId(request), request.body);
      return reply
        .code(201)
        .header('location', `/api/watches/${created.watch.id}`)
        .send({ watch: watchView(created.watch), secret: created.secret });
    },
  );

  app.get(
    '/api/watches',
    {
      schema: {
        summary: "The account's watches, newest first",
        tags,
        security: ACCOUNT_ONLY,
        response: { 200: WatchListSchema, 401: WatchErrorSchema, 403: WatchErrorSchema },
      },
    },
    async (request) => ({ watches: (await deps.watches.list(requireAccountId(request))).map(watchView) }),
  );

  app.get(
    '/api/watches/:id',
    {
      schema: {
        summary: 'A watch and its latest events (newest first, at most 100)',
        tags,
        security: ACCOUNT_ONLY,
        params: Params,
        response: { 200: WatchDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { watch, events } = await deps.watches.get(requireAccountId(request), request.params.id);
      return { watch: watchView(watch), events };
    },
  );

  app.delete(
    '/api/watches/:id',
    {
      schema: {
        summary: 'Stop watching a token (its events and deliveries stay readable)',
        tags,
        security: ACCOUNT_ONLY,
        params: Params,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deps.watches.remove(requireAccountId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
