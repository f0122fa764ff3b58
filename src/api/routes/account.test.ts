import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/test-app.ts';
import { createMemoryMailer } from '../../accounts/mailer.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { ACCOUNT_MESSAGES as M } from '../../accounts/account-messages.ts';
import { browser, cookieOf } from '../../testing/browser-session.ts';

const limiters = () => ({
  client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'r-client' }),
  account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'r-login' }),
  mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'r-mail' }),
});

describe('dashboard account routes', () => {
  it('sign-up → code → session cookie → key → calls counted → revoke', async () => {
    const mailer = createMemoryMailer();
    const { app, close } = await createTestApp({ mailer, accountLimiters: limiters() });
    try {
      const user = await browser(app);
      const signup = await user.call('POST', '/api/account/signup', { email: 'a@example.org', password: 'correct horse battery' });
      assert.equal(signup.response.statusCode, 202);
      const code = /code is (\d{6})/.exec(mailer.sent[0]?.text ?? '')?.[1] ?? '';
      const verified = await user.call('POST', '/api/account/verify', { email: 'a@example.org', code });
      assert.equal(verified.response.statusCode, 200);
      const cookie = cookieOf(verified.response, 'sw_session');
      assert.ok(cookie);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.secure, undefined, 'not Secure over plain HTTP');
      assert.equal(cookie.path, '/');

      const created = await user.call('POST', '/api/account/keys', { name: '  bot  ' });
      assert.equal(created.response.statusCode, 201);
      assert.equal(created.body.name, 'bot');
      const key = created.body.key as string;
      for (let i = 0; i < 3; i += 1) {
        const lookup = await app.inject({
          url: '/api/audits/search-by-address?address=0x55d398326f99059fF775485246999027B3197955',
          headers: { 'x-api-key': key },
        });
        assert.equal(lookup.statusCode, 404);
      }
      const listed = await user.call('GET', '/api/account/keys');
      const keys = listed.body as unknown as Array<{ id: string; callsThisMonth: number; lastUsedAt: string | null }>;
      assert.equal(keys.length, 1);
      assert.equal(keys[0]?.callsThisMonth, 3);
      assert.ok(keys[0]?.lastUsedAt);
      assert.ok(!JSON.stringify(keys).includes(key), 'a listing never shows the key');

      // Another account cannot see or revoke it.
      const other = await browser(app);
      await other.call('POST', '/api/account/signup', { email: 'b@example.org', password: 'another long password' });
      const otherCode = /code is (\d{6})/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
      await other.call('POST', '/api/account/verify', { email: 'b@example.org', code: otherCode });
      assert.deepEqual((await other.call('GET', '/api/account/keys')).body, []);
      const stolen = await other.call('DELETE', `/api/account/keys/${keys[0]?.id}`);
      assert.equal(stolen.response.statusCode, 404);
      assert.equal(stolen.body.message, M.keyNotFound);

      const revoked = await user.call('DELETE', `/api/account/keys/${keys[0]?.id}`);
      assert.equal(revoked.response.statusCode, 200);
      const after = await app.inject({
        url: '/api/audits/search-by-address?address=0x55d398326f99059fF775485246999027B3197955',
        headers: { 'x-api-key': key },
      });
      assert.equal(after.statusCode, 403);
    } finally {
      await close();
    }
  });

  it('refuses state changes without the CSRF token or from another origin, before reading the body', async () => {
    const { app, close } = await createTestApp({ mailer: createMemoryMailer(), accountLimiters: limiters() });
    try {
      const user = await browser(app);
      const noToken = await user.call(
        'POST',
        '/api/account/signup',
        { email: 'a@example.org', password: 'correct horse battery' },
        { 'x-csrf-token': '' },
      );
      assert.equal(noToken.response.statusCode, 403);
      assert.equal(noToken.body.message, M.csrf);
      const wrongToken = await user.call('POST', '/api/session', { nonsense: true }, { 'x-csrf-token': 'x'.repeat(43) });
      assert.equal(wrongToken.response.statusCode, 403);
      const crossSite = await user.call(
        'POST',
        '/api/account/signup',
        { email: 'a@example.org', password: 'correct horse battery' },
        { origin: 'https://evil.example' },
      );
      assert.equal(crossSite.response.statusCode, 403);
      const loggedOut = await user.call('POST', '/api/account/keys', { name: 'x' });
      assert.equal(loggedOut.response.statusCode, 401);
      assert.equal(loggedOut.body.message, M.notLoggedIn);
    } finally {
      await close();
    }
  });

  it('marks the cookies Secure behind an HTTPS proxy it trusts', async () => {
    const mailer = createMemoryMailer();
    const { app, close } = await createTestApp({ mailer, accountLimiters: limiters(), trustProxyHops: 1 });
    try {
      const user = await browser(app, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7', host: 'scan.example.org' });
      await user.call('POST', '/api/account/signup', { email: 'a@example.org', password: 'correct horse battery' });
      const code = /code is (\d{6})/.exec(mailer.sent[0]?.text ?? '')?.[1] ?? '';
      const verified = await user.call(
        'POST',
        '/api/account/verify',
        { email: 'a@example.org', code },
        { origin: 'https://scan.example.org' },
      );
      assert.equal(verified.response.statusCode, 200);
      assert.equal(cookieOf(verified.response, 'sw_session')?.secure, true);
    } finally {
      await close();
    }
  });

  it('logs out, and out everywhere', async () => {
    const mailer = createMemoryMailer();
    const { app, close } = await createTestApp({ mailer, accountLimiters: limiters() });
    try {
      const first = await browser(app);
      await first.call('POST', '/api/account/signup', { email: 'a@example.org', password: 'correct horse battery' });
      const code = /code is (\d{6})/.exec(mailer.sent[0]?.text ?? '')?.[1] ?? '';
      await first.call('POST', '/api/account/verify', { email: 'a@example.org', code });
      const second = await browser(app);
      assert.equal(
        (await second.call('POST', '/api/session', { email: 'a@example.org', password: 'correct horse battery' })).response.statusCode,
        200,
      );
      assert.ok((await second.call('GET', '/api/session')).body.account);
      assert.equal((await first.call('POST', '/api/account/sessions/revoke-all')).response.statusCode, 200);
      assert.equal((await second.call('GET', '/api/session')).body.account, null);
      assert.equal((await first.call('GET', '/api/session')).body.account, null);
    } finally {
      await close();
    }
  });
});
