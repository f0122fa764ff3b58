/**
 * The dashboard's API Key Generation and home page data: an account's keys (create,
 * list with calls this month, revoke) and its recent scans and usage. Registered in the
 * same scope as the account routes, so the session and CSRF hooks apply.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { createApiKey, listAccountApiKeys, revokeAccountApiKey } from '../../keys/api-key-repository.ts';
import { ACCOUNT_MESSAGES as M } from '../../accounts/account-messages.ts';
import type { AccountService } from '../../accounts/account-service.ts';
import { monthOf, type UsageRecorder } from '../../accounts/usage-recorder.ts';
import type { Clock } from '../../accounts/clock.ts';
import { CreatedKeySchema, CreateKeySchema, DashboardKeySchema, NoticeSchema, OverviewSchema } from '../../interface/schemas/dashboard.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import { HttpError } from '../http-error.ts';
import { requireSession } from './account.ts';

export interface AccountKeyRoutesDeps {
  readonly db: Kysely<Database>;
  readonly accounts: AccountService;
  readonly usage: UsageRecorder;
  readonly clock: Clock;
  readonly anonymousCallsPerMinute: number;
  /** Called with a key's id once it is revoked, so this process's key cache forgets it at once. */
  readonly onRevoked?: (id: string) => void;
}

const KEY_NAME_MAX = 100;
const RECENT_SCANS = 20;
/** Calls read to find the recent contracts: a busy key repeats one contract many times. */
const RECENT_CALLS = 500;

function keyName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new HttpError(400, M.keyNameRequired);
  if ([...name].length > KEY_NAME_MAX) throw new HttpError(400, M.keyNameTooLong);
  return name;
}

export const accountKeyRoutes: FastifyPluginAsyncTypebox<AccountKeyRoutesDeps> = async (app, deps) => {
  const tags = ['dashboard'];
  const auth = { 401: MessageSchema, 403: MessageSchema };

  app.get(
    '/api/account/keys',
    {
      schema: {
        summary: "The account's API keys with their calls this month",
        tags,
        response: { 200: Type.Array(DashboardKeySchema), ...auth },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await deps.usage.flush();
      const keys = await listAccountApiKeys(deps.db, session.accountId, monthOf(deps.clock()));
      return keys.map((k) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        scope: k.scope,
        createdAt: k.createdAt,
        lastUsedAt: k.lastUsedAt,
        callsThisMonth: k.callsThisMonth,
      }));
    },
  );

  app.post(
    '/api/account/keys',
    {
      schema: {
        summary: 'Create an API key: the answer is the only time the key is shown',
        tags,
        body: CreateKeySchema,
        response: { 201: CreatedKeySchema, 400: MessageSchema, ...auth },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const name = keyName(request.body.name);
      const account = await deps.accounts.account(session);
      if (!account) throw new HttpError(401, M.notLoggedIn);
      if (request.body.admin === true && account.role !== 'admin') throw new HttpError(403, M.adminOnly);
      const created = await createApiKey(
        deps.db,
        { name, scope: request.body.admin === true ? 'admin' : 'user', accountId: account.id },
        deps.clock(),
      );
      return reply.code(201).send({
        id: created.id,
        name: created.name,
        prefix: created.prefix,
        scope: created.scope,
        createdAt: created.createdAt,
        lastUsedAt: null,
        callsThisMonth: 0,
        key: created.key,
      });
    },
  );

  app.delete(
    '/api/account/keys/:id',
    {
      schema: {
        summary: 'Revoke one of the account’s keys: it stops working at once',
        tags,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: NoticeSchema, 404: MessageSchema, ...auth },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const revoked = await revokeAccountApiKey(deps.db, session.accountId, request.params.id, deps.clock());
      // Another account's key and an unknown id get the same answer.
      if (!revoked) throw new HttpError(404, M.keyNotFound);
      deps.onRevoked?.(revoked.id);
      return { message: `Revoked ${revoked.prefix}…` };
    },
  );

  app.get(
    '/api/account/overview',
    {
      schema: {
        summary: "The dashboard home: the account's recent scans and this month's usage",
        tags,
        response: { 200: OverviewSchema, ...auth },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await deps.usage.flush();
      const month = monthOf(deps.clock());
      const keys = await listAccountApiKeys(deps.db, session.accountId, month);
      const rows = await deps.db
        .selectFrom('account_activity')
        .leftJoin('api_keys', 'api_keys.id', 'account_activity.key_id')
        .leftJoin('scan_snapshots', (join) =>
          join
            .onRef('scan_snapshots.network', '=', 'account_activity.network')
            .onRef('scan_snapshots.address', '=', 'account_activity.address'),
        )
        .select([
          'account_activity.operation',
          'account_activity.network',
          'account_activity.address',
          'account_activity.status',
          'account_activity.at',
          'api_keys.name as keyName',
          'scan_snapshots.total_score as totalScore',
        ])
        .where('account_activity.account_id', '=', session.accountId)
        .orderBy('account_activity.at', 'desc')
        .limit(RECENT_CALLS)
        .execute();
      // One row per contract (the latest call), with how often it was called.
      const byContract = new Map<string, (typeof rows)[number] & { calls: number }>();
      for (const row of rows) {
        const key = `${row.network} ${row.address}`;
        const seen = byContract.get(key);
        if (seen) seen.calls += 1;
        else if (byContract.size < RECENT_SCANS) byContract.set(key, { ...row, calls: 1 });
      }
      // Calls of revoked keys still count towards the month.
      const monthCalls = await deps.db
        .selectFrom('api_key_usage')
        .innerJoin('api_keys', 'api_keys.id', 'api_key_usage.key_id')
        .select((eb) => eb.fn.sum<number | string | null>('api_key_usage.calls').as('calls'))
        .where('api_keys.account_id', '=', session.accountId)
        .where('api_key_usage.month', '=', month)
        .executeTakeFirst();
      return {
        recentScans: [...byContract.values()].map((r) => ({ ...r, keyName: r.keyName ?? '', totalScore: r.totalScore ?? null })),
        usage: {
          month,
          callsThisMonth: Number(monthCalls?.calls ?? 0),
          activeKeys: keys.length,
          anonymousCallsPerMinute: deps.anonymousCallsPerMinute,
        },
      };
    },
  );
};
