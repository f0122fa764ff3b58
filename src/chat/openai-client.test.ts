import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeChatServer, type FakeChatServer } from '../testing/fake-chat-completions.ts';
import { complete, ProviderError, streamCompletion, type CompletionChunk, type LlmConfig } from './openai-client.ts';

let fake: FakeChatServer;
let config: LlmConfig;
before(async () => {
  fake = await startFakeChatServer();
  config = { baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-7b', timeoutMs: 2000 };
});
after(() => fake.close());

const messages = [{ role: 'user' as const, content: 'hi' }];

async function collect(gen: AsyncGenerator<CompletionChunk>): Promise<CompletionChunk[]> {
  const out: CompletionChunk[] = [];
  for await (const c of gen) out.push(c);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, String(error));
    return error;
  }
  assert.fail('expected a ProviderError');
}

describe('OpenAI-compatible client', () => {
  it('streams the deltas and the usage, sending the model, the key and stream: true', async () => {
    fake.script({ kind: 'answer', pieces: ['Sells ', 'revert ', 'at [F1].'], usage: { prompt_tokens: 50, completion_tokens: 7 } });
    const chunks = await collect(streamCompletion(config, messages));
    assert.deepEqual(chunks, [
      { type: 'delta', text: 'Sells ' },
      { type: 'delta', text: 'revert ' },
      { type: 'delta', text: 'at [F1].' },
      { type: 'usage', usage: { promptTokens: 50, completionTokens: 7 } },
    ]);
    const request = fake.requests.at(-1)!;
    assert.equal(request.body.model, 'fake-7b');
    assert.equal(request.body.stream, true);
    assert.equal(request.headers.authorization, 'Bearer sk-test');
  });

  it('answers whole without streaming', async () => {
    fake.script({ kind: 'answer', pieces: ['One ', 'answer.'], usage: { prompt_tokens: 3, completion_tokens: 2 } });
    const result = await complete(config, messages);
    assert.deepEqual(result, { text: 'One answer.', usage: { promptTokens: 3, completionTokens: 2 } });
    assert.equal(fake.requests.at(-1)!.body.stream, false);
  });

  it("turns the provider's error body into its message, and a 429 into a rate limit with Retry-After", async () => {
    fake.script({ kind: 'error', status: 401, message: 'Incorrect API key provided: sk-test.', type: 'invalid_request_error' });
    const e1 = await failure(collect(streamCompletion(config, messages)));
    assert.equal(e1.kind, 'provider');
    assert.equal(e1.status, 401);
    assert.equal(e1.message, 'Incorrect API key provided: sk-test.');
    fake.script({ kind: 'error', status: 429, message: 'Rate limit reached for requests', type: 'requests', retryAfter: 20 });
    const e2 = await failure(collect(streamCompletion(config, messages)));
    assert.equal(e2.kind, 'rate-limit');
    assert.equal(e2.retryAfterSeconds, 20);
  });

  it('a stream cut before [DONE] is a disconnection, after the deltas that came', async () => {
    fake.script({ kind: 'disconnect', pieces: ['Half an '] });
    const seen: CompletionChunk[] = [];
    const e = await failure(
      (async () => {
        for await (const c of streamCompletion(config, messages)) seen.push(c);
      })(),
    );
    assert.equal(e.kind, 'disconnected');
    assert.deepEqual(seen, [{ type: 'delta', text: 'Half an ' }]);
  });

  it('a server that never answers times out', async () => {
    fake.script({ kind: 'hang' });
    const e = await failure(collect(streamCompletion({ ...config, timeoutMs: 150 }, messages)));
    assert.equal(e.kind, 'timeout');
    assert.match(e.message, /did not answer within/);
  });

  it('a closed port is unreachable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const e = await failure(collect(streamCompletion({ ...config, baseUrl: `http://127.0.0.1:${port}/v1` }, messages)));
    assert.equal(e.kind, 'unreachable');
  });
});
