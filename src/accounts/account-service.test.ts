import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore } from '../testing/test-stores.ts';
import { createRateLimiter, type RateLimiter } from '../limits/rate-limiter.ts';
import { createMemoryMailer } from './mailer.ts';
import { createAccountService } from './account-service.ts';
import { ACCOUNT_MESSAGES as M } from './account-messages.ts';
import { AccountError } from './account-error.ts';

const caller = { ip: '203.0.113.9', userAgent: 'test' };
const PASSWORD = 'correct horse battery';

/** A fixed-window limiter on the test's clock (the real ones count wall-clock time). */
function limiterOnClock(points: number, windowMs: number, clock: () => Date): RateLimiter {
  const windows = new Map<string, { start: number; used: number }>();
  return {
    backend: 'memory',
    async consume(key) {
      const now = clock().getTime();
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) windows.set(key, (window = { start: now, used: 0 }));
      window.used += 1;
      const resetSeconds = Math.ceil((window.start + windowMs - now) / 1000);
      return { allowed: window.used <= points, limit: points, remaining: Math.max(0, points - window.used), resetSeconds };
    },
    async peek(key) {
      const window = windows.get(key);
      const used = window && clock().getTime() - window.start < windowMs ? window.used : 0;
      return { allowed: used < points, limit: points, remaining: Math.max(0, points - used), resetSeconds: Math.ceil(windowMs / 1000) };
    },
  };
}

async function setup(options: { firstSignupAdmin?: boolean } = {}) {
  const store = await openTestStore();
  const mailer = createMemoryMailer();
  let now = new Date('2030-01-01T00:00:00Z');
  const limiters = {
    client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 't-client' }),
    account: createRateLimiter({ pointsPerWindow: 10, windowSeconds: 900, keyPrefix: 't-login' }),
    mail: limiterOnClock(1, 60_000, () => now),
  };
  const accounts = createAccountService({
    db: store.db,
    mailer,
    limiters,
    clock: () => now,
    firstSignupAdmin: options.firstSignupAdmin ?? false,
    onMailError: (error) => assert.fail(String(error)),
  });
  const codeOf = (index = -1) => /code is (\d{6})/.exec(mailer.sent.at(index)?.text ?? '')?.[1] ?? '';
  return { store, mailer, accounts, codeOf, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

async function rejects(promise: Promise<unknown>, status: number, message: string | RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AccountError, String(error));
    assert.equal(error.statusCode, status);
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
    return true;
  });
}

describe('account service', () => {
  it('signs up with an e-mailed code, stores an argon2id hash, and logs in', async () => {
    const { store, mailer, accounts, codeOf } = await setup();
    try {
      assert.equal(await accounts.signUp({ email: ' New@Example.org ', password: PASSWORD }, caller), M.codeSent);
      assert.equal(mailer.sent[0]?.to, 'new@example.org');
      assert.equal(await store.db.selectFrom('accounts').selectAll().executeTakeFirst(), undefined, 'no account before the code');
      const loggedIn = await accounts.verifySignup({ email: 'new@example.org', code: codeOf() }, caller);
      assert.equal(loggedIn.account.email, 'new@example.org');
      assert.equal(loggedIn.account.role, 'user');
      const row = await store.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
      assert.match(row.password_hash, /^\$argon2id\$/);
      assert.ok(await accounts.sessions.find(loggedIn.token));
      assert.equal((await accounts.logIn({ email: 'NEW@example.org', password: PASSWORD }, caller)).account.id, row.id);
    } finally {
      await store.dispose();
    }
  });

  it('refuses malformed addresses, short passwords and malformed codes with a message', async () => {
    const { store, accounts } = await setup();
    try {
      await rejects(accounts.signUp({ email: 'nope', password: PASSWORD }, caller), 400, M.invalidEmail);
      await rejects(accounts.signUp({ email: 'a@example.org', password: 'short' }, caller), 400, M.passwordTooShort);
      await rejects(accounts.signUp({ email: 'a@example.org', password: 'a@example.org' }, caller), 400, M.passwordSameAsEmail);
      await rejects(accounts.signUp({ email: 'a@example.org', password: 'x'.repeat(201) }, caller), 400, M.passwordTooLong);
      await rejects(accounts.verifySignup({ email: 'a@example.org', code: '12ab56' }, caller), 400, M.codeFormat);
    } finally {
      await store.dispose();
    }
  });

  it('answers the same for a registered address, and cannot change its password', async () => {
    const { store, mailer, accounts, codeOf, advance } = await setup();
    try {
      await accounts.signUp({ email: 'a@example.org', password: PASSWORD }, caller);
      await accounts.verifySignup({ email: 'a@example.org', code: codeOf() }, caller);
      advance(61_000);
      // An attacker signs up again with the same address and another password.
      assert.equal(await accounts.signUp({ email: 'a@example.org', password: 'attacker password' }, caller), M.codeSent);
      assert.match(mailer.sent.at(-1)?.text ?? '', /already has an account/);
      assert.equal(codeOf(), '', 'no code is sent to a registered address');
      // Guessing codes for it behaves as for any address, and never works.
      for (const code of ['000000', '123456'])
        await rejects(accounts.verifySignup({ email: 'a@example.org', code }, caller), 400, M.codeInvalid);
      await rejects(accounts.logIn({ email: 'a@example.org', password: 'attacker password' }, caller), 401, M.loginFailed);
      assert.ok(await accounts.logIn({ email: 'a@example.org', password: PASSWORD }, caller));
    } finally {
      await store.dispose();
    }
  });

  it('says the same for an unknown address and a wrong password', async () => {
    const { store, accounts, codeOf } = await setup();
    try {
      await accounts.signUp({ email: 'a@example.org', password: PASSWORD }, caller);
      await accounts.verifySignup({ email: 'a@example.org', code: codeOf() }, caller);
      await rejects(accounts.logIn({ email: 'a@example.org', password: 'wrong password!' }, caller), 401, M.loginFailed);
      await rejects(accounts.logIn({ email: 'nobody@example.org', password: PASSWORD }, caller), 401, M.loginFailed);
      await rejects(accounts.logIn({ email: 'not an address', password: PASSWORD }, caller), 401, M.loginFailed);
    } finally {
      await store.dispose();
    }
  });

  it('limits password tries per address, known or not', async () => {
    const { store, accounts } = await setup();
    try {
      for (let i = 0; i < 10; i += 1)
        await rejects(accounts.logIn({ email: 'x@example.org', password: 'wrong password' }, caller), 401, M.loginFailed);
      await rejects(accounts.logIn({ email: 'x@example.org', password: 'wrong password' }, caller), 429, /Too many attempts/);
    } finally {
      await store.dispose();
    }
  });

  it('wrong passwords from another client do not lock the owner out', async () => {
    const { store, accounts, codeOf } = await setup();
    try {
      await accounts.signUp({ email: 'owner@example.org', password: PASSWORD }, caller);
      await accounts.verifySignup({ email: 'owner@example.org', code: codeOf() }, caller);
      const attacker = { ip: '198.51.100.7', userAgent: 'guesser' };
      for (let i = 0; i < 10; i += 1)
        await rejects(accounts.logIn({ email: 'owner@example.org', password: 'wrong password' }, attacker), 401, M.loginFailed);
      await rejects(accounts.logIn({ email: 'owner@example.org', password: PASSWORD }, attacker), 429, /Too many attempts/);
      assert.equal((await accounts.logIn({ email: 'owner@example.org', password: PASSWORD }, caller)).account.email, 'owner@example.org');
    } finally {
      await store.dispose();
    }
  });

  it('resends a pending code after the cooldown; the old code stops working', async () => {
    const { store, mailer, accounts, codeOf, advance } = await setup();
    try {
      await accounts.signUp({ email: 'a@example.org', password: PASSWORD }, caller);
      const first = codeOf();
      await rejects(accounts.resendSignupCode({ email: 'a@example.org' }, caller), 429, /wait \d+ s/);
      await rejects(
        accounts
          .resendSignupCode({ email: 'unknown@example.org' }, caller)
          .then(() => accounts.resendSignupCode({ email: 'unknown@example.org' }, caller)),
        429,
        /wait \d+ s/,
      );
      advance(61_000);
      assert.equal(await accounts.resendSignupCode({ email: 'a@example.org' }, caller), M.codeSent);
      assert.equal(mailer.sent.length, 2);
      const second = codeOf();
      if (first !== second) await rejects(accounts.verifySignup({ email: 'a@example.org', code: first }, caller), 400, M.codeInvalid);
      assert.ok(await accounts.verifySignup({ email: 'a@example.org', code: second }, caller));
    } finally {
      await store.dispose();
    }
  });

  it('resets a forgotten password by code, logging out every other session', async () => {
    const { store, mailer, accounts, codeOf } = await setup();
    try {
      await accounts.signUp({ email: 'a@example.org', password: PASSWORD }, caller);
      const first = await accounts.verifySignup({ email: 'a@example.org', code: codeOf() }, caller);
      assert.equal(await accounts.requestPasswordReset({ email: 'unknown@example.org' }, caller), M.codeSent);
      assert.equal(mailer.sent.length, 1, 'no mail to an unknown address');
      await rejects(
        accounts.resetPassword({ email: 'unknown@example.org', code: '123456', password: 'new password here' }, caller),
        400,
        M.codeInvalid,
      );
      assert.equal(await accounts.requestPasswordReset({ email: 'a@example.org' }, caller), M.codeSent);
      const reset = await accounts.resetPassword({ email: 'a@example.org', code: codeOf(), password: 'new password here' }, caller);
      assert.equal(await accounts.sessions.find(first.token), undefined);
      assert.ok(await accounts.sessions.find(reset.token));
      await rejects(accounts.logIn({ email: 'a@example.org', password: PASSWORD }, caller), 401, M.loginFailed);
      assert.ok(await accounts.logIn({ email: 'a@example.org', password: 'new password here' }, caller));
    } finally {
      await store.dispose();
    }
  });

  it('changes the password with the current one, keeping only this session', async () => {
    const { store, accounts, codeOf } = await setup();
    try {
      await accounts.signUp({ email: 'a@example.org', password: PASSWORD }, caller);
      const here = await accounts.verifySignup({ email: 'a@example.org', code: codeOf() }, caller);
      const elsewhere = await accounts.logIn({ email: 'a@example.org', password: PASSWORD }, caller);
      await rejects(
        accounts.changePassword(here.session, { currentPassword: 'wrong one!!', password: 'new password here' }, caller),
        400,
        M.wrongCurrentPassword,
      );
      await accounts.changePassword(here.session, { currentPassword: PASSWORD, password: 'new password here' }, caller);
      assert.ok(await accounts.sessions.find(here.token));
      assert.equal(await accounts.sessions.find(elsewhere.token), undefined);
    } finally {
      await store.dispose();
    }
  });

  it('makes the first sign-up an admin when configured, and only the first', async () => {
    const { store, accounts, codeOf, advance } = await setup({ firstSignupAdmin: true });
    try {
      await accounts.signUp({ email: 'first@example.org', password: PASSWORD }, caller);
      assert.equal((await accounts.verifySignup({ email: 'first@example.org', code: codeOf() }, caller)).account.role, 'admin');
      advance(61_000);
      await accounts.signUp({ email: 'second@example.org', password: PASSWORD }, caller);
      assert.equal((await accounts.verifySignup({ email: 'second@example.org', code: codeOf() }, caller)).account.role, 'user');
    } finally {
      await store.dispose();
    }
  });
});
