/**
 * Repository import and GitHub Connect (issue 15; docs/dashboard-scans-api.md):
 * POST /api/repositories/check says whether a link is public or private and what the
 * account can do with it; /api/github/connect sends the user to install the GitHub App
 * with a state bound to their session; /api/github/callback takes them back, proves the
 * installation is theirs (the OAuth code → the user's installations) and stores it;
 * /api/github/repositories lists what the installations grant.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import { GrantedRepositorySchema, RepositoryCheckSchema, ScanInputErrorSchema } from '../../interface/schemas/dashboard-scans.ts';
import type { RepositoryImporter } from '../../codehosts/repository-importer-types.ts';
import type { GithubClient } from '../../codehosts/github-client.ts';
import type { GithubInstallations } from '../../codehosts/github-installations.ts';
import type { SecretBox } from '../../codehosts/secret-box.ts';
import type { Session } from '../../accounts/session-store.ts';
import { HttpError } from '../http-error.ts';
import { requireSession } from './account.ts';

const M = MESSAGES.dashboardScans;
const STATE_TTL_MS = 10 * 60_000;
/** Where the dashboard's Cyberscan page is; the callback returns there. */
export const CONNECT_RETURN_PATH = '/apps/cyberscan';

export interface RepositoryRoutesDeps {
  readonly importer: RepositoryImporter;
  readonly github: GithubClient;
  readonly installations: GithubInstallations;
  readonly box: SecretBox;
  readonly githubConfigured: boolean;
  readonly now: () => Date;
}

/** A state naming the account and its expiry, signed together with the session's CSRF token (so only that session can finish). */
export function connectState(box: SecretBox, session: Session, now: Date): string {
  const text = `${session.accountId}.${now.getTime() + STATE_TTL_MS}.${randomBytes(9).toString('base64url')}`;
  return `${text}.${box.sign(`${text}.${session.csrfToken}`)}`;
}

export function stateIsValid(box: SecretBox, state: unknown, session: Session, now: Date): boolean {
  if (typeof state !== 'string') return false;
  const parts = state.split('.');
  if (parts.length !== 4) return false;
  const [accountId, expires, nonce, signature] = parts as [string, string, string, string];
  const text = `${accountId}.${expires}.${nonce}`;
  return accountId === session.accountId && Number(expires) > now.getTime() && box.verify(`${text}.${session.csrfToken}`, signature);
}

export const repositoryRoutes: FastifyPluginAsyncTypebox<RepositoryRoutesDeps> = async (app, deps) => {
  const tags = ['dashboard scans'];
  app.post(
    '/api/repositories/check',
    {
      schema: {
        summary: 'Is a GitHub or GitLab link public or private, and can this account import it?',
        tags,
        body: Type.Object({ url: Type.Unknown() }),
        response: { 200: RepositoryCheckSchema, 400: ScanInputErrorSchema, 401: MessageSchema, 503: ScanInputErrorSchema },
      },
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const session = requireSession(request);
      const body = (request.body ?? {}) as { url?: unknown };
      return deps.importer.check(body.url, session.accountId);
    },
  );

  app.get(
    '/api/github/connect',
    {
      schema: {
        summary: 'Connect: to GitHub, to install the App on the repositories to grant',
        tags,
        response: { 401: MessageSchema, 503: MessageSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      if (!deps.githubConfigured) throw new HttpError(503, M.githubNotConfigured);
      return (reply as FastifyReply).redirect(deps.github.installUrl(connectState(deps.box, session, deps.now())), 302);
    },
  );

  app.get(
    '/api/github/callback',
    {
      schema: {
        summary: 'Where GitHub sends the user back after installing the App',
        tags,
        querystring: Type.Object({
          installation_id: Type.Optional(Type.String({ maxLength: 30 })),
          setup_action: Type.Optional(Type.String({ maxLength: 30 })),
          code: Type.Optional(Type.String({ maxLength: 200 })),
          state: Type.Optional(Type.String({ maxLength: 400 })),
        }),
      },
    },
    async (request, reply) => {
      const back = (outcome: 'connected' | 'error', message?: string) =>
        (reply as FastifyReply).redirect(
          `${CONNECT_RETURN_PATH}?github=${outcome}${message ? `&message=${encodeURIComponent(message)}` : ''}`,
          302,
        );
      const session = requireSession(request);
      if (!deps.githubConfigured) return back('error', M.githubNotConfigured);
      const { installation_id: installationId, code, state } = request.query;
      if (!stateIsValid(deps.box, state, session, deps.now())) return back('error', M.githubStateInvalid);
      if (!installationId || !/^\d+$/.test(installationId) || !code) return back('error', M.githubInstallationNotYours);
      try {
        // The installation id in the link proves nothing: GitHub must list it among the user's own.
        const userToken = await deps.github.exchangeCode(code);
        const mine = (await deps.github.userInstallations(userToken)).find((i) => i.id === installationId);
        if (!mine) return back('error', M.githubInstallationNotYours);
        await deps.installations.save(session.accountId, installationId, mine.login);
        return back('connected');
      } catch (error) {
        request.log.warn({ err: error }, 'GitHub Connect failed');
        return back('error', M.codeHostDown('GitHub'));
      }
    },
  );

  app.get(
    '/api/github/repositories',
    {
      schema: {
        summary: 'The repositories the account granted through Connect',
        tags,
        response: {
          200: Type.Object({ connected: Type.Boolean(), configured: Type.Boolean(), repositories: Type.Array(GrantedRepositorySchema) }),
          401: MessageSchema,
          503: MessageSchema,
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const installations = await deps.installations.list(session.accountId);
      if (installations.length === 0) return { connected: false, configured: deps.githubConfigured, repositories: [] };
      try {
        return {
          connected: true,
          configured: deps.githubConfigured,
          repositories: await deps.installations.grantedRepositories(session.accountId),
        };
      } catch (error) {
        request.log.warn({ err: error }, 'could not list granted repositories');
        throw new HttpError(503, M.codeHostDown('GitHub'));
      }
    },
  );

  app.delete(
    '/api/github/connection',
    {
      schema: {
        summary: 'Forget the account’s GitHub installations and tokens',
        tags,
        response: { 200: MessageSchema, 401: MessageSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await deps.installations.removeAll(session.accountId);
      return { message: M.githubDisconnected };
    },
  );
};
