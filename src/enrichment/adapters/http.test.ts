import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startProviderReplay, testProviderContext, type ProviderReplay } from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { endpoint, getAnswer, MAX_ANSWER_BYTES, secondsToMs } from './http.ts';

describe('getAnswer', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay({
      '/ok': { body: { a: 1 } },
      '/html': { status: 502, body: '<html>bad gateway</html>' },
      '/empty': { status: 204 },
      '/huge': { body: `"${'x'.repeat(MAX_ANSWER_BYTES)}"` },
    });
  });
  after(() => api.close());

  it('returns status, headers and parsed JSON, or undefined JSON for other bodies', async () => {
    const ok = await getAnswer('p', testProviderContext(), endpoint(api.baseUrl, '/ok'), { 'x-key': 'k' });
    assert.deepEqual([ok.status, ok.json, ok.headers.get('content-type')], [200, { a: 1 }, 'application/json; charset=utf-8']);
    assert.equal(api.requests.at(-1)?.headers['x-key'], 'k');
    const html = await getAnswer('p', testProviderContext(), endpoint(api.baseUrl, '/html'), {});
    assert.deepEqual([html.status, html.json], [502, undefined]);
    const empty = await getAnswer('p', testProviderContext(), endpoint(api.baseUrl, '/empty'), {});
    assert.deepEqual([empty.status, empty.json], [204, undefined]);
  });

  it('refuses to read an answer larger than the cap', async () => {
    const error = await providerError(getAnswer('p', testProviderContext(), endpoint(api.baseUrl, '/huge'), {}));
    assert.equal(error.kind, 'bad-response');
    assert.match(error.message, /more than 4 MB/);
  });
});

describe('endpoint', () => {
  it('joins a base with or without a trailing slash, and sets the query', () => {
    assert.equal(endpoint('https://api.example/v3/', '/coins/x', { a: '1', b: '@c' }).href, 'https://api.example/v3/coins/x?a=1&b=%40c');
    assert.equal(endpoint('https://api.example/v3', '/coins/x').href, 'https://api.example/v3/coins/x');
  });
});

describe('secondsToMs', () => {
  it('reads whole and fractional seconds from numbers and strings', () => {
    assert.equal(secondsToMs(64.57), 64_570);
    assert.equal(secondsToMs('412'), 412_000);
    assert.equal(secondsToMs('soon'), undefined);
    assert.equal(secondsToMs(-1), undefined);
    assert.equal(secondsToMs(null), undefined);
  });
});
