/**
 * Issue 29: a signed-in user gets the account's access on the public routes the Apps pages
 * call (Signaturescan here; Safescan and Similarityscan share the gate), not the anonymous
 * budget of 5 calls a minute; a forged cross-site call riding on the cookie does not.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createMemoryMailer } from '../accounts/mailer.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { createStoredCorpusService } from '../corpus/corpus-service.ts';
import { signedInBrowser, type TestBrowser } from '../testing/dashboard-browser.ts';
import { MESSAGES } from '../interface/messages.ts';
import { openTestStore } from '../testing/test-stores.ts';

const LIMIT = 5;

describe('the access gate and a signed-in browser (the Apps pages)', () => {
  let t: TestApp;
  let user: TestBrowser;

  before(async () => {
    const mailer = createMemoryMailer();
    // The corpus reads its signatures from a store of its own (none indexed: lookups answer []).
    const corpusStore = await openTestStore();
    t = await createTestApp({
      mailer,
      rateLimiter: createRateLimiter({ pointsPerWindow: LIMIT, keyPrefix: 'gate' }),
      corpus: createStoredCorpusService(corpusStore, { packages: [] }),
      accountLimiters: {
        client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
        account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
        mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
      },
    });
    const close = t.close;
    t = { ...t, close: async () => (await close(), await corpusStore.dispose()) };
    user = await signedInBrowser(t.app, mailer, 'apps@example.org');
  });
  after(() => t.close());

  const lookup = { json: { q: 'balanceOf(address)' } };

  it('a signed-in session is not held to the anonymous limit', async () => {
    for (let i = 0; i < LIMIT * 2; i++) {
      const response = await user.call('POST', '/api/signaturescan', lookup);
      assert.equal(response.statusCode, 200, `call ${i + 1}: ${response.body}`);
      assert.equal(response.headers['ratelimit-remaining'], undefined, 'no keyless budget is spent');
    }
  });

  it('an anonymous client still is; and so is a call that carries the cookie without its CSRF token (another site)', async () => {
    const anonymous = () =>
      t.app.inject({ method: 'POST', url: '/api/signaturescan', payload: lookup.json, remoteAddress: '10.0.0.7' } as never);
    for (let i = 0; i < LIMIT; i++) assert.equal((await anonymous()).statusCode, 200);
    const limited = await anonymous();
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().message, MESSAGES.cyberscan.tooManyRequests);

    // The signed-in browser's cookie, sent by a page elsewhere: no CSRF token, another origin.
    const forged = () =>
      user.call('POST', '/api/signaturescan', { ...lookup, headers: { 'x-csrf-token': '', origin: 'https://evil.example' } });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await forged()).statusCode);
    assert.deepEqual(statuses, [...Array<number>(LIMIT).fill(200), 429]);
  });
});
