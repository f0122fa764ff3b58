/**
 * What a person can do with an account: sign up (code by e-mail), resend the code,
 * verify, log in, reset a forgotten password (code by e-mail), change the password, log
 * out everywhere. Routes translate HTTP to these calls; everything here is testable with
 * an in-memory store, a memory mailer and an injected clock.
 *
 * No answer, and no difference in time, tells whether an address is registered: every
 * request that sends a code answers the same words, stores a code row (a decoy when the
 * address cannot use one) and sends mail off the request path; a login for an unknown
 * address checks the password against a decoy hash.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { Account } from '../interface/schemas/dashboard.ts';
import { ACCOUNT_MESSAGES as M } from './account-messages.ts';
import { AccountError } from './account-error.ts';
import { normalizeEmail } from './email-address.ts';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';
import { createEmailCodes, isCodeShaped } from './email-codes.ts';
import { countAdmins, findAccountByEmail, findAccountById, insertAccount, setPasswordHash, toAccount } from './account-repository.ts';
import { createSessionStore, type Session } from './session-store.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import type { Clock } from './clock.ts';
import { signupCodeMail, signupExistingMail, resetCodeMail } from './account-mails.ts';
import { createPasswordThrottle } from './password-throttle.ts';
import { passwordFailureLimiters } from './account-limiters.ts';

export interface AccountLimiters {
  /** Account actions per client address. */
  readonly client: RateLimiter;
  /** Log-in and password attempts per e-mail address (known or not) and client. */
  readonly account: RateLimiter;
  /** Wrong passwords per e-mail address from every client (per-process memory when absent). */
  readonly loginFailures?: RateLimiter;
  /** Tries per e-mail address and client once its failures are exhausted (per-process memory when absent). */
  readonly loginFlooded?: RateLimiter;
  /** Code e-mails per address: the resend cooldown. */
  readonly mail: RateLimiter;
}

export interface AccountServiceDeps {
  readonly db: Kysely<Database>;
  readonly mailer: Mailer;
  readonly limiters: AccountLimiters;
  readonly clock: Clock;
  /** The first account to sign up becomes an admin while there is none. */
  readonly firstSignupAdmin: boolean;
  /** Delivery failures are logged, never shown: the answer must not depend on them. */
  readonly onMailError: (error: unknown, message: MailMessage) => void;
}

export interface LoggedIn {
  readonly account: Account;
  readonly token: string;
  readonly session: Session;
}

export interface Caller {
  readonly ip: string;
  readonly userAgent: string;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { db, clock } = deps;
  const codes = createEmailCodes(db, clock);
  const sessions = createSessionStore(db, clock);
  const fallback = deps.limiters.loginFailures && deps.limiters.loginFlooded ? undefined : passwordFailureLimiters();
  const passwords = createPasswordThrottle({
    perClient: deps.limiters.account,
    failures: deps.limiters.loginFailures ?? fallback!.loginFailures,
    flooded: deps.limiters.loginFlooded ?? fallback!.loginFlooded,
  });

  // Delivery runs after the answer is decided and is not awaited: SMTP latency and
  // failures would otherwise tell registered addresses from unknown ones.
  const deliver = (message: MailMessage) => {
    deps.mailer.send(message).catch((error: unknown) => deps.onMailError(error, message));
  };

  async function limit(limiter: RateLimiter, key: string, message: (seconds: number) => string, status = 429) {
    const decision = await limiter.consume(key);
    if (!decision.allowed) throw new AccountError(status, message(decision.resetSeconds), decision.resetSeconds);
  }

  function email(raw: unknown): string {
    const normalized = normalizeEmail(raw);
    if (!normalized) throw new AccountError(400, M.invalidEmail);
    return normalized;
  }

  function code(raw: unknown): string {
    const value = typeof raw === 'string' ? raw.replace(/\s+/g, '') : '';
    if (!isCodeShaped(value)) throw new AccountError(400, M.codeFormat);
    return value;
  }

  function newPassword(raw: unknown, address?: string): string {
    const problem = passwordProblem(raw, address);
    if (problem) throw new AccountError(400, problem);
    return raw as string;
  }

  async function login(accountId: string, caller: Caller): Promise<LoggedIn> {
    const row = await findAccountById(db, accountId);
    if (!row) throw new AccountError(401, M.notLoggedIn);
    const { token, session } = await sessions.create(row.id, caller.userAgent);
    return { account: toAccount(row), token, session };
  }

  return {
    sessions,

    /** Deletes expired sessions and spent codes (run now and then; neither works once expired). */
    async sweep(): Promise<void> {
      await sessions.sweep();
      await codes.sweep();
    },

    async signUp(input: { email: unknown; password: unknown }, caller: Caller): Promise<string> {
      await limit(deps.limiters.client, `client:${caller.ip}`, M.tooManyAttempts);
      const address = email(input.email);
      const password = newPassword(input.password, address);
      await limit(deps.limiters.mail, `mail:signup:${address}`, M.resendCooldown);
      // Hashed in both branches, so both take the time of one argon2id hash.
      const passwordHash = await hashPassword(password);
      const existing = await findAccountByEmail(db, address);
      if (existing) {
        await codes.issue({ email: address, purpose: 'signup' });
        deliver(signupExistingMail(address));
      } else {
        const sent = await codes.issue({ email: address, purpose: 'signup', passwordHash });
        deliver(signupCodeMail(address, sent));
      }
      return M.codeSent;
    },

    async resendSignupCode(input: { email: unknown }, caller: Caller): Promise<string> {
      await limit(deps.limiters.client, `client:${caller.ip}`, M.tooManyAttempts);
      const address = email(input.email);
      await limit(deps.limiters.mail, `mail:signup:${address}`, M.resendCooldown);
      const pending = await codes.pendingSignup(address);
      if (pending) {
        const sent = await codes.issue({ email: address, purpose: 'signup', passwordHash: pending.password_hash });
        if (pending.password_hash !== null) deliver(signupCodeMail(address, sent));
        else deliver(signupExistingMail(address));
      }
      return M.codeSent;
    },

    /** Enters the sign-up code: creates the account and logs it in. */
    async verifySignup(input: { email: unknown; code: unknown }, caller: Caller): Promise<LoggedIn> {
      await limit(deps.limiters.client, `client:${caller.ip}`, M.tooManyAttempts);
      const address = email(input.email);
      const checked = await codes.consume(address, 'signup', code(input.code));
      if (!checked.ok || checked.row.password_hash === null) throw new AccountError(400, M.codeInvalid);
      const role = deps.firstSignupAdmin && (await countAdmins(db)) === 0 ? 'admin' : 'user';
      const created = await insertAccount(db, { email: address, passwordHash: checked.row.password_hash, role }, clock());
      if (!created) throw new AccountError(400, M.codeInvalid);
      return login(created.id, caller);
    },

    async logIn(input: { email: unknown; password: unknown }, caller: Caller): Promise<LoggedIn> {
      await limit(deps.limiters.client, `client:${caller.ip}`, M.tooManyAttempts);
      const address = normalizeEmail(input.email);
      const password = typeof input.password === 'string' ? input.password : '';
      // Malformed addresses are refused like wrong ones, after the same work.
      await passwords.admit(address ?? 'invalid', caller.ip);
      const row = address ? await findAccountByEmail(db, address) : undefined;
      const ok = await verifyPassword(row?.password_hash, password);
      if (!row || !ok) {
        await passwords.failed(address ?? 'invalid');
        throw new AccountError(401, M.loginFailed);
      }
      return login(row.id, caller);
    },

    async requestPasswordReset(input: { email: unknown }, caller: Caller): Promise<string> {
      await limit(deps.limiters.client, `client:${caller.ip}`, M.tooManyAttempts);
      const address = email(input.email);
      await limit(deps.limiters.mail, `mail:reset:${address}`, M.resendCooldown);
      const row = await findAccountByEmail(db, address);
      const sent = await codes.issue({ email: address, purpose: 'reset', accountId: row?.id ?? null });
      if (row) deliver(resetCodeMail(address, sent));
      return M.codeSent;
    },

    /** Sets a new password with an e-mailed code; every other session ends and this one starts. */
    async resetPassword(input: { email: unknown; code: unknown; password: unknown }, caller: Caller): Promise<LoggedIn> {
      await limit(deps.limiters.client, `client:${caller.ip}`, M.tooManyAttempts);
      const address = email(input.email);
      const password = newPassword(input.password, address);
      const checked = await codes.consume(address, 'reset', code(input.code));
      if (!checked.ok || checked.row.account_id === null) throw new AccountError(400, M.codeInvalid);
      await setPasswordHash(db, checked.row.account_id, await hashPassword(password), clock());
      await sessions.revokeAll(checked.row.account_id);
      return login(checked.row.account_id, caller);
    },

    async changePassword(session: Session, input: { currentPassword: unknown; password: unknown }, caller: Caller): Promise<void> {
      await limit(deps.limiters.client, `client:${caller.ip}`, M.tooManyAttempts);
      const row = await findAccountById(db, session.accountId);
      if (!row) throw new AccountError(401, M.notLoggedIn);
      await passwords.admit(row.email, caller.ip);
      const password = newPassword(input.password, row.email);
      const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
      if (!(await verifyPassword(row.password_hash, current))) {
        await passwords.failed(row.email);
        throw new AccountError(400, M.wrongCurrentPassword);
      }
      await setPasswordHash(db, row.id, await hashPassword(password), clock());
      await sessions.revokeAll(row.id, session.idHash);
    },

    async account(session: Session): Promise<Account | undefined> {
      const row = await findAccountById(db, session.accountId);
      return row ? toAccount(row) : undefined;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
