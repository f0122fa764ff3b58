/**
 * The dashboard's account API: the session, sign-up with an e-mailed code, log in and
 * out, password reset and change. Browsers authenticate with the `sw_session` cookie
 * (HttpOnly, SameSite=Lax, Secure over HTTPS); every state-changing request carries the
 * CSRF token (src/accounts/csrf.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { AccountService, LoggedIn } from '../../accounts/account-service.ts';
import { ACCOUNT_MESSAGES as M } from '../../accounts/account-messages.ts';
import { checkCsrf } from '../../accounts/csrf.ts';
import { randomToken, SESSION_ABSOLUTE_MS, type Session } from '../../accounts/session-store.ts';
import {
  ChangePasswordSchema,
  CredentialsSchema,
  EmailSchema,
  NoticeSchema,
  ResetPasswordSchema,
  SessionInfoSchema,
  VerifyCodeSchema,
  type SessionInfo,
} from '../../interface/schemas/dashboard.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import { HttpError } from '../http-error.ts';
import type { ApiKeyVerifier } from '../../keys/api-key-repository.ts';
import { MESSAGES } from '../../interface/messages.ts';

export const SESSION_COOKIE = 'sw_session';
export const CSRF_COOKIE = 'sw_csrf';

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser session of the `sw_session` cookie, resolved by the dashboard routes. */
    session?: Session;
  }
}

/**
 * Routes that take the browser session register inside this scope. Cookies are parsed
 * and written here (and on the chat's routes) only: registered for the whole app, the
 * cookie plugin ran two hooks on every API call, the audit lookup's included.
 */
export function dashboardScope(accounts: AccountService, register: (scope: FastifyInstance) => Promise<void>) {
  return async (scope: FastifyInstance) => {
    await scope.register(cookie);
    scope.addHook('onRequest', sessionHooks(accounts));
    await register(scope);
  };
}

export interface AccountRoutesDeps {
  readonly accounts: AccountService;
}

const errors = { 400: MessageSchema, 401: MessageSchema, 403: MessageSchema, 429: MessageSchema };

function cookieOptions(request: FastifyRequest, maxAgeMs?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

function caller(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/**
 * Resolves the session and enforces CSRF on every state-changing request: an onRequest
 * hook of the scope holding every cookie-authenticated route (see buildApp), so a forged
 * request is refused before its body is even validated.
 */
export function sessionHooks(accounts: AccountService) {
  return async function sessionAndCsrf(request: FastifyRequest, reply: FastifyReply) {
    const session = await accounts.sessions.find(request.cookies[SESSION_COOKIE]);
    if (session) request.session = session;
    else if (request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    const verdict = checkCsrf({
      method: request.method,
      header: request.headers['x-csrf-token'],
      expected: session?.csrfToken ?? request.cookies[CSRF_COOKIE],
      origin: request.headers.origin,
      secFetchSite: request.headers['sec-fetch-site'] as string | undefined,
      selfOrigin: `${request.protocol}://${request.host}`,
    });
    if (!verdict.ok) throw new HttpError(403, M.csrf);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The account an `x-api-key` of an account acts for, on routes that take a key or a session. */
    keyAccountId?: string;
  }
}

/**
 * For routes a browser session or an API key of an account may call (the dashboard's
 * scans, issue 29): a request with `x-api-key` is its key's account and needs no CSRF
 * token (no cookie authenticates it, so no other site can ride on it); any other is the
 * browser session with its CSRF check. A key that belongs to no account (an operator's
 * key from the command line) cannot act for one.
 */
export function sessionOrAccountKeyHooks(accounts: AccountService, verifyApiKey: ApiKeyVerifier) {
  const sessionAndCsrf = sessionHooks(accounts);
  return async function sessionOrAccountKey(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers['x-api-key'];
    if (key === undefined) return sessionAndCsrf(request, reply);
    const found = typeof key === 'string' && key.trim() !== '' ? await verifyApiKey(key.trim()) : null;
    if (!found) throw new HttpError(403, MESSAGES.score.invalidKey);
    if (!found.accountId) throw new HttpError(403, M.keyWithoutAccount);
    request.keyAccountId = found.accountId;
  };
}

/**
 * For the public routes the Apps pages call (Safescan, Signaturescan, Similarityscan): the
 * account of the browser session the request carries, when it is valid and, on a
 * state-changing call, sent with its CSRF token from this origin (so another site cannot
 * spend it); otherwise undefined, and the call is an anonymous one. These routes do not
 * parse cookies for everyone: only a request with a session cookie is looked up.
 */
export function signedInAccount(accounts: AccountService) {
  return async (request: FastifyRequest): Promise<string | undefined> => {
    const header = request.headers.cookie;
    if (header === undefined || !header.includes(`${SESSION_COOKIE}=`)) return undefined;
    const session = await accounts.sessions.find(cookie.fastifyCookie.parse(header)[SESSION_COOKIE]);
    if (!session) return undefined;
    const verdict = checkCsrf({
      method: request.method,
      header: request.headers['x-csrf-token'],
      expected: session.csrfToken,
      origin: request.headers.origin,
      secFetchSite: request.headers['sec-fetch-site'] as string | undefined,
      selfOrigin: `${request.protocol}://${request.host}`,
    });
    return verdict.ok ? session.accountId : undefined;
  };
}

/** The account a request acts for: its account API key's, else its session's. */
export function accountIdOf(request: FastifyRequest): string | undefined {
  return request.keyAccountId ?? request.session?.accountId;
}

/** As accountIdOf, answering 401 when the request has neither. */
export function requireAccountId(request: FastifyRequest): string {
  const id = accountIdOf(request);
  if (id === undefined) throw new HttpError(401, M.notLoggedIn);
  return id;
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(401, M.notLoggedIn);
  return request.session;
}

export const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesDeps> = async (app, deps) => {
  const { accounts } = deps;

  const startSession = (request: FastifyRequest, reply: FastifyReply, loggedIn: LoggedIn): SessionInfo => {
    reply.setCookie(SESSION_COOKIE, loggedIn.token, cookieOptions(request, SESSION_ABSOLUTE_MS));
    return { account: loggedIn.account, csrfToken: loggedIn.session.csrfToken };
  };
  const tags = ['dashboard'];

  app.get(
    '/api/session',
    {
      schema: {
        summary: 'The browser session: who is logged in, and the CSRF token to send back',
        tags,
        response: { 200: SessionInfoSchema },
      },
    },
    async (request, reply) => {
      const session = request.session;
      const account = session ? await accounts.account(session) : undefined;
      if (session && account) return { account, csrfToken: session.csrfToken };
      let token = request.cookies[CSRF_COOKIE];
      if (!token || token.length > 100) {
        token = randomToken();
        reply.setCookie(CSRF_COOKIE, token, cookieOptions(request));
      }
      return { account: null, csrfToken: token };
    },
  );

  app.post(
    '/api/session',
    {
      schema: {
        summary: 'Log in with e-mail and password',
        tags,
        body: CredentialsSchema,
        response: { 200: SessionInfoSchema, ...errors },
      },
    },
    async (request, reply) => startSession(request, reply, await accounts.logIn(request.body, caller(request))),
  );

  app.delete(
    '/api/session',
    { schema: { summary: 'Log out this browser', tags, response: { 200: NoticeSchema, 403: MessageSchema } } },
    async (request, reply) => {
      if (request.session) await accounts.sessions.revoke(request.session.idHash);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return { message: M.loggedOut };
    },
  );

  app.post(
    '/api/account/sessions/revoke-all',
    {
      schema: {
        summary: 'Log out everywhere: ends every session of the account',
        tags,
        response: { 200: NoticeSchema, 401: MessageSchema, 403: MessageSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await accounts.sessions.revokeAll(session.accountId);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return { message: M.loggedOutEverywhere };
    },
  );

  app.post(
    '/api/account/signup',
    {
      schema: {
        summary: 'Sign up: e-mails a 6-digit code (the same answer whether or not the address is registered)',
        tags,
        body: CredentialsSchema,
        response: { 202: NoticeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send({ message: await accounts.signUp(request.body, caller(request)) }),
  );

  app.post(
    '/api/account/signup/resend',
    {
      schema: {
        summary: 'Send the sign-up code again (once a minute)',
        tags,
        body: EmailSchema,
        response: { 202: NoticeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send({ message: await accounts.resendSignupCode(request.body, caller(request)) }),
  );

  app.post(
    '/api/account/verify',
    {
      schema: {
        summary: 'Enter the sign-up code: creates the account and logs it in',
        tags,
        body: VerifyCodeSchema,
        response: { 200: SessionInfoSchema, ...errors },
      },
    },
    async (request, reply) => startSession(request, reply, await accounts.verifySignup(request.body, caller(request))),
  );

  app.post(
    '/api/account/password-reset',
    {
      schema: {
        summary: 'Forgotten password: e-mails a reset code if the address has an account',
        tags,
        body: EmailSchema,
        response: { 202: NoticeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send({ message: await accounts.requestPasswordReset(request.body, caller(request)) }),
  );

  app.post(
    '/api/account/password-reset/confirm',
    {
      schema: {
        summary: 'Set a new password with the e-mailed code; logs out every other device and logs this one in',
        tags,
        body: ResetPasswordSchema,
        response: { 200: SessionInfoSchema, ...errors },
      },
    },
    async (request, reply) => startSession(request, reply, await accounts.resetPassword(request.body, caller(request))),
  );

  app.post(
    '/api/account/password',
    {
      schema: {
        summary: 'Change the password (logs out every other device)',
        tags,
        body: ChangePasswordSchema,
        response: { 200: NoticeSchema, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await accounts.changePassword(session, request.body, caller(request));
      return { message: M.passwordChanged };
    },
  );
};
