import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProviderError, readJsonResponse, retryAfterMs } from './provider.ts';

async function kindOf(response: Response): Promise<string> {
  try {
    await readJsonResponse('p', response);
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof ProviderError);
    return error.kind;
  }
}

describe('readJsonResponse', () => {
  it('parses a JSON success', async () => {
    assert.deepEqual(await readJsonResponse('p', new Response('{"a":1}', { status: 200 })), { a: 1 });
  });

  it('classifies failures so the policy knows which to retry', async () => {
    assert.equal(await kindOf(new Response('', { status: 429 })), 'rate-limited');
    assert.equal(await kindOf(new Response('', { status: 401 })), 'unauthorized');
    assert.equal(await kindOf(new Response('', { status: 403 })), 'unauthorized');
    assert.equal(await kindOf(new Response('', { status: 404 })), 'not-found');
    assert.equal(await kindOf(new Response('', { status: 503 })), 'unreachable');
    assert.equal(await kindOf(new Response('{}', { status: 302 })), 'bad-response');
    assert.equal(await kindOf(new Response('<html>', { status: 200 })), 'bad-response');
  });

  it('carries Retry-After on a rate limit', async () => {
    try {
      await readJsonResponse('p', new Response('', { status: 429, headers: { 'retry-after': '7' } }));
      assert.fail('expected a rate-limit error');
    } catch (error) {
      assert.ok(error instanceof ProviderError);
      assert.equal(error.retryAfterMs, 7000);
    }
  });
});

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates', () => {
    assert.equal(retryAfterMs('3'), 3000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(
      retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', () => now),
      10000,
    );
    assert.equal(retryAfterMs(null), undefined);
    assert.equal(retryAfterMs('soon'), undefined);
  });
});
