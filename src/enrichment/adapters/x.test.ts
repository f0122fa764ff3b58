import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureText, startProviderReplay, testProviderContext, type ProviderReplay } from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { createXProvider } from './x.ts';

const fixtures = new URL('./__fixtures__/x/', import.meta.url);
const text = (name: string) => fixtureText(fixtures, name);
const user = (name: string) => `/users/by/username/${name}?user.fields=public_metrics`;
const NOW = new Date('2026-11-26T00:00:00Z');

describe('x (API v2 user lookup)', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay(
      {
        [user('Uniswap')]: { body: text('user.json') },
        [user('nosuchuser123')]: { body: text('not-found.json') },
        [user('suspendedacct')]: { body: text('suspended.json') },
        [user('limited')]: {
          status: 429,
          headers: { 'x-rate-limit-limit': '300', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(NOW.getTime() / 1000 + 754) },
          body: text('too-many-requests.json'),
        },
        [user('notenrolled')]: { status: 403, body: text('client-forbidden.json') },
        [user('nometrics')]: { body: { data: { id: '1', name: 'n', username: 'nometrics' } } },
        [user('cutoff')]: { body: '{"data":{"public_metrics":{"followers_count":12' },
        [user('overloaded')]: {
          status: 503,
          body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 },
        },
      },
      '/2',
      { status: 401, body: text('unauthorized.json') },
    );
  });
  after(() => api.close());

  it('reads followers_count with the bearer token', async () => {
    const provider = createXProvider({ baseUrl: api.baseUrl, apiKey: 'AAAA-bearer' });
    for (const username of ['@Uniswap', 'https://x.com/Uniswap', 'twitter.com/Uniswap']) {
      assert.deepEqual(await provider.fetch({ username }, testProviderContext(NOW)), { followers: 1287344 }, username);
    }
    assert.equal(api.requests.at(-1)?.headers.authorization, 'Bearer AAAA-bearer');
  });

  it('classifies the API’s answers', async () => {
    const provider = createXProvider({ baseUrl: api.baseUrl, apiKey: 'AAAA-bearer' });
    const ask = (username: string) => provider.fetch({ username }, testProviderContext(NOW));
    const missing = await providerError(ask('nosuchuser123'));
    assert.equal(missing.kind, 'not-found');
    assert.match(missing.message, /Could not find user/);
    const suspended = await providerError(ask('suspendedacct'));
    assert.equal(suspended.kind, 'not-found');
    assert.match(suspended.message, /suspended/);
    const limited = await providerError(ask('limited'));
    assert.equal(limited.kind, 'rate-limited');
    assert.equal(limited.retryAfterMs, 754_000);
    assert.equal((await providerError(ask('notenrolled'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('someoneelse'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('nometrics'))).kind, 'bad-response');
    assert.equal((await providerError(ask('cutoff'))).kind, 'bad-response');
    assert.equal((await providerError(ask('overloaded'))).kind, 'unreachable');
  });

  it('does not call without a token, nor for a page that is not an account', async () => {
    const seen = api.requests.length;
    assert.equal(
      (await providerError(createXProvider({ baseUrl: api.baseUrl }).fetch({ username: '@Uniswap' }, testProviderContext(NOW)))).kind,
      'unauthorized',
    );
    const page = await providerError(
      createXProvider({ baseUrl: api.baseUrl, apiKey: 't' }).fetch({ username: 'https://x.com/i/flow/login' }, testProviderContext(NOW)),
    );
    assert.equal(page.kind, 'refused');
    assert.equal(api.requests.length, seen);
  });
});
