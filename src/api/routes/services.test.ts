import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/test-app.ts';
import { createMailer, createMemoryMailer } from '../../accounts/mailer.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { createApiKey } from '../../keys/api-key-repository.ts';
import { browser } from '../../testing/browser-session.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';
import { createAccountLimiters } from '../../accounts/account-limiters.ts';

const request = { offer: 'manual-audit', email: 'team@example.com', project: 'Token', networks: ['BSC'], budgetUsd: 3000 };

async function signedIn(
  app: Parameters<typeof browser>[0],
  mailer: ReturnType<typeof createMemoryMailer>,
  email: string,
  headers: Record<string, string> = {},
) {
  const user = await browser(app, headers);
  await user.call('POST', '/api/account/signup', { email, password: 'correct horse battery' });
  const code = /code is (\d{6})/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
  const verified = await user.call('POST', '/api/account/verify', { email, code });
  assert.equal(verified.response.statusCode, 200);
  return user;
}

describe('services routes', () => {
  it('a request reaches the operator through a real SMTP server, with its attachment', async () => {
    const smtp = await startSmtpSink();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'scopeward <no-reply@localhost>',
      dataDir: ':memory:',
      log: { info: () => {} },
    });
    const { app, close } = await createTestApp({ mailer, services: { operatorEmail: 'ops@example.com' } });
    try {
      const anonymous = await browser(app);
      const sent = await anonymous.call('POST', '/api/service-requests', {
        ...request,
        attachments: [{ name: 'scope.txt', contentBase64: Buffer.from('contracts/Token.sol').toString('base64') }],
      });
      assert.equal(sent.response.statusCode, 201, sent.response.body);
      const toOperator = await smtp.nextMail();
      assert.match(toOperator, /^To: ops@example\.com/m);
      assert.match(toOperator, /^Reply-To: team@example\.com/m);
      assert.match(toOperator, /Subject: \[scopeward\] Manual contract audit request: Token/);
      assert.match(toOperator, /filename=scope\.txt/);
      assert.ok(toOperator.includes(Buffer.from('contracts/Token.sol').toString('base64')));
      const ack = await smtp.nextMail();
      assert.match(ack, /^To: team@example\.com/m);
    } finally {
      await close();
      await smtp.close();
    }
  });

  it('new user requests, admin quotes, user redeems a voucher with the floor applied', async () => {
    const mailer = createMemoryMailer();
    const { app, store, close } = await createTestApp({
      mailer,
      accountLimiters: createAccountLimiters(),
      services: { operatorEmail: 'ops@example.com' },
    });
    try {
      const admin = (await createApiKey(store.db, { name: 'ops', scope: 'admin' })).key;
      const user = await signedIn(app, mailer, 'team@example.com');
      const sent = await user.call('POST', '/api/service-requests', request);
      assert.equal(sent.response.statusCode, 201);
      const id = (sent.body.request as { id: string }).id;
      assert.equal('notes' in (sent.body.request as object), false, 'no admin fields for the requester');

      const adminCall = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        app.inject({ method, url, headers: { 'x-api-key': admin }, ...(payload ? { payload } : {}) });
      const listed = await adminCall('GET', '/admin/service-requests?status=new');
      assert.equal(listed.json().items.length, 1);
      assert.equal(listed.json().items[0].operatorNotified, true);
      const quoted = await adminCall('POST', `/admin/service-requests/${id}`, { quoteUsd: 900, notes: 'two contracts' });
      assert.equal(quoted.statusCode, 200);
      assert.equal(quoted.json().status, 'quoted');
      assert.match(mailer.sent.at(-1)!.text, /quoted 900 USD/);

      const issued = await adminCall('POST', '/admin/vouchers', { valueUsdt: 1000, recipient: 'team@example.com', note: 'welcome' });
      assert.equal(issued.statusCode, 201);
      const code = issued.json().code as string;

      const redeemed = await user.call('POST', `/api/service-requests/${id}/voucher`, { code });
      assert.equal(redeemed.response.statusCode, 200, redeemed.response.body);
      assert.deepEqual(
        { d: redeemed.body.discountUsd, f: redeemed.body.forfeitedUsd, p: redeemed.body.finalPriceUsd },
        { d: 400, f: 600, p: 500 },
      );
      const mine = await user.call('GET', '/api/service-requests');
      assert.deepEqual((mine.body.items as Array<{ voucher: unknown }>)[0]!.voucher, {
        discountUsd: 400,
        forfeitedUsd: 600,
        finalPriceUsd: 500,
      });
      const again = await user.call('POST', `/api/service-requests/${id}/voucher`, { code });
      assert.equal(again.response.statusCode, 409);
      assert.equal(again.body.message, 'This voucher has already been used');

      const events = (await adminCall('GET', '/admin/vouchers/events')).json().items.map((e: { kind: string }) => e.kind);
      assert.deepEqual(events.sort(), ['issued', 'redeemed', 'refused']);

      // A voucher named for an address is not unlocked by a request whose (unverified)
      // contact e-mail names that address: only the signed-in account's address counts.
      const bob = await signedIn(app, mailer, 'bob@example.com');
      const posing = await bob.call('POST', '/api/service-requests', { ...request, email: 'carol@example.com' });
      const posingId = (posing.body.request as { id: string }).id;
      assert.equal((await adminCall('POST', `/admin/service-requests/${posingId}`, { quoteUsd: 900 })).statusCode, 200);
      const carols = (await adminCall('POST', '/admin/vouchers', { valueUsdt: 100, recipient: 'carol@example.com' })).json().code as string;
      const stolen = await bob.call('POST', `/api/service-requests/${posingId}/voucher`, { code: carols });
      assert.equal(stolen.response.statusCode, 403, stolen.response.body);
      assert.equal(stolen.body.message, 'This voucher was issued to someone else');

      // Another user cannot touch this request.
      const other = await signedIn(app, mailer, 'other@example.com');
      const foreign = await other.call('POST', `/api/service-requests/${id}/voucher`, { code });
      assert.equal(foreign.response.statusCode, 404);
      assert.equal((await other.call('GET', '/api/service-requests')).body.items instanceof Array, true);
    } finally {
      await close();
    }
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const mailer = createMemoryMailer();
    const requestLimiter = createRateLimiter({ pointsPerWindow: 100, windowSeconds: 3600, keyPrefix: 'svc-bad' });
    const { app, store, close } = await createTestApp({ mailer, services: { requestLimiter } });
    try {
      const admin = (await createApiKey(store.db, { name: 'ops', scope: 'admin' })).key;
      const user = (await createApiKey(store.db, { name: 'u' })).key;
      const anonymous = await browser(app);
      const cases: Array<[object, number, RegExp]> = [
        [{ ...request, budgetUsd: '3000' }, 400, /budgetUsd/],
        [{ ...request, budgetUsd: -3 }, 400, /budgetUsd/],
        [{ ...request, offer: 'free-money' }, 400, /offer/],
        [{ ...request, extra: 1 }, 400, /./],
        [{ ...request, email: 'nope' }, 400, /valid e-mail/],
      ];
      for (const [body, status, message] of cases) {
        const answer = await anonymous.call('POST', '/api/service-requests', body);
        assert.equal(answer.response.statusCode, status, JSON.stringify(body));
        assert.match(String(answer.body.message), message);
      }
      const huge = await anonymous.call('POST', '/api/service-requests', {
        ...request,
        attachments: [{ name: 'big.pdf', contentBase64: Buffer.alloc(7 * 1024 * 1024).toString('base64') }],
      });
      assert.equal(huge.response.statusCode, 413);
      const adminCall = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, payload?: object) =>
        app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });
      assert.equal((await adminCall('POST', '/admin/vouchers', admin, { valueUsdt: '100' })).statusCode, 400);
      assert.equal((await adminCall('POST', '/admin/vouchers', admin, { valueUsdt: -100 })).statusCode, 400);
      assert.equal(
        (await adminCall('POST', '/admin/vouchers', admin, { valueUsdt: 100.001 })).json().message,
        'valueUsdt can have at most two decimals',
      );
      assert.equal((await adminCall('POST', '/admin/vouchers', user, { valueUsdt: 100 })).statusCode, 403);
      assert.equal((await adminCall('DELETE', '/admin/vouchers/SWV-0000-0000', admin)).statusCode, 404);
      assert.equal((await adminCall('GET', '/admin/vouchers', admin)).json().items.length, 0);
      assert.equal((await adminCall('GET', '/admin/service-requests', admin)).json().items.length, 0);
      assert.equal(mailer.sent.length, 0);
      // Not signed in: no list of one's own requests.
      assert.equal((await anonymous.call('GET', '/api/service-requests')).response.statusCode, 401);
    } finally {
      await close();
    }
  });

  it('limits requests per client', async () => {
    const { app, close } = await createTestApp({
      services: { requestLimiter: createRateLimiter({ pointsPerWindow: 2, windowSeconds: 3600, keyPrefix: 'svc-test' }) },
    });
    try {
      const anonymous = await browser(app);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await anonymous.call('POST', '/api/service-requests', request)).response.statusCode);
      assert.deepEqual(statuses, [201, 201, 429]);
    } finally {
      await close();
    }
  });

  it('limits voucher attempts per account and per client, and counts wrong codes on one event', async () => {
    const mailer = createMemoryMailer();
    const { app, store, close } = await createTestApp({
      mailer,
      trustProxyHops: 1,
      accountLimiters: createAccountLimiters(),
      services: {
        operatorEmail: 'ops@example.com',
        voucherLimiters: {
          account: createRateLimiter({ pointsPerWindow: 3, windowSeconds: 3600, keyPrefix: 'v-account' }),
          client: createRateLimiter({ pointsPerWindow: 5, windowSeconds: 3600, keyPrefix: 'v-client' }),
        },
      },
    });
    try {
      const at = (ip: string) => ({ 'x-forwarded-for': ip });
      const alice = await signedIn(app, mailer, 'alice@example.com', at('198.51.100.1'));
      const bob = await signedIn(app, mailer, 'bob@example.com', at('198.51.100.1'));
      const elsewhere = await browser(app, at('203.0.113.5'));
      assert.equal(
        (await elsewhere.call('POST', '/api/session', { email: 'bob@example.com', password: 'correct horse battery' })).response.statusCode,
        200,
      );
      const id = ((await alice.call('POST', '/api/service-requests', request)).body.request as { id: string }).id;
      const bobs = ((await bob.call('POST', '/api/service-requests', request)).body.request as { id: string }).id;
      const attempt = (who: typeof alice, requestId: string) =>
        who.call('POST', `/api/service-requests/${requestId}/voucher`, { code: 'SWV-0000-0000-0000-0000-0000' });
      for (let i = 0; i < 3; i += 1) assert.equal((await attempt(alice, id)).response.statusCode, 404);
      const refused = await attempt(alice, id);
      assert.equal(refused.response.statusCode, 429, 'the account is over its attempts');
      assert.match(String(refused.body.message), /^Too many voucher attempts: try again in \d+ min$/);
      assert.ok(Number(refused.response.headers['retry-after']) > 0);
      // Bob on the same client address: the client's 5 attempts (alice used 4) run out after one.
      assert.equal((await attempt(bob, bobs)).response.statusCode, 404);
      assert.equal((await attempt(bob, bobs)).response.statusCode, 429, 'the client is over its attempts');
      // Bob from elsewhere still has tries of his account left.
      assert.equal((await attempt(elsewhere, bobs)).response.statusCode, 404);

      const admin = (await createApiKey(store.db, { name: 'ops', scope: 'admin' })).key;
      const events = (await app.inject({ method: 'GET', url: '/admin/vouchers/events', headers: { 'x-api-key': admin } })).json().items;
      const counted = (events as Array<{ kind: string; actor: string; count: number }>).filter((e) => e.kind === 'refused');
      assert.deepEqual(counted.map((e) => e.count).sort(), [2, 3], 'one row per account and request, counted');
    } finally {
      await close();
    }
  });

  it('lists the offers and terms, and documents the routes in OpenAPI', async () => {
    const { app, close } = await createTestApp();
    try {
      const offers = (await app.inject('/api/services')).json();
      assert.equal(offers.offers.length, 7);
      assert.equal(offers.voucherFloorUsd, 500);
      const paths = Object.keys((await app.inject('/openapi.json')).json().paths);
      for (const path of ['/api/service-requests', '/api/service-requests/{id}/voucher', '/admin/vouchers', '/admin/service-requests/{id}'])
        assert.ok(paths.includes(path), path);
    } finally {
      await close();
    }
  });
});

describe('the operator panel over an admin session', () => {
  it('lets an admin account list, quote and issue from the dashboard, and refuses other accounts', async () => {
    const mailer = createMemoryMailer();
    const { app, close } = await createTestApp({ mailer, firstSignupAdmin: true, accountLimiters: createAccountLimiters() });
    try {
      const admin = await signedIn(app, mailer, 'ops@example.com');
      const user = await signedIn(app, mailer, 'team@example.com');
      const sent = await user.call('POST', '/api/service-requests', request);
      const id = (sent.body.request as { id: string }).id;
      assert.equal((await user.call('GET', '/api/admin/service-requests')).response.statusCode, 403);
      assert.equal((await user.call('POST', '/api/admin/vouchers', { valueUsdt: 5 })).response.statusCode, 403);
      const listed = await admin.call('GET', '/api/admin/service-requests');
      assert.equal((listed.body.items as unknown[]).length, 1);
      const quoted = await admin.call('POST', `/api/admin/service-requests/${id}`, { quoteUsd: 2000, notes: 'ok' });
      assert.equal(quoted.body.status, 'quoted');
      const issued = await admin.call('POST', '/api/admin/vouchers', { valueUsdt: 100 });
      assert.equal(issued.response.statusCode, 201);
      const events = await admin.call('GET', '/api/admin/vouchers/events');
      assert.match(String((events.body.items as Array<{ actor: string }>)[0]!.actor), /^account:/);
      // Without the CSRF token, nothing changes.
      const forged = await admin.call('POST', '/api/admin/vouchers', { valueUsdt: 100 }, { 'x-csrf-token': 'forged' });
      assert.equal(forged.response.statusCode, 403);
    } finally {
      await close();
    }
  });
});
