import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureText, startProviderReplay, testProviderContext, type ProviderReplay } from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { createTelegramProvider } from './telegram.ts';

const fixtures = new URL('./__fixtures__/telegram/', import.meta.url);
const text = (name: string) => fixtureText(fixtures, name);
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const count = (handle: string) => `/bot${TOKEN}/getChatMemberCount?chat_id=%40${handle}`;

describe('telegram (Bot API getChatMemberCount)', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay(
      {
        [count('scope_ward')]: { body: text('member-count.json') },
        [count('nobody_here')]: { status: 400, body: text('chat-not-found.json') },
        [count('hidden_list')]: { status: 400, body: text('member-list-inaccessible.json') },
        [count('busy_chat')]: { status: 429, body: text('too-many-requests.json') },
        [count('kicked_bot')]: { status: 403, body: text('forbidden.json') },
        [count('broken_json')]: { body: '{"ok":true,"result":' },
        [count('odd_result')]: { body: { ok: true, result: { count: 3 } } },
        [count('gateway')]: { status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' },
      },
      '',
      { status: 401, body: text('unauthorized.json') },
    );
  });
  after(() => api.close());

  const provider = () => createTelegramProvider({ baseUrl: api.baseUrl, apiKey: TOKEN });

  it('counts a public chat from each accepted form of its handle', async () => {
    for (const handle of ['@scope_ward', 't.me/scope_ward', 'https://t.me/scope_ward']) {
      assert.deepEqual(await provider().fetch({ handle }, testProviderContext()), { members: 48213 }, handle);
    }
  });

  it('refuses invite links before calling the Bot API', async () => {
    const seen = api.requests.length;
    for (const handle of ['https://t.me/+AbCdEf123', 't.me/joinchat/AAAAAEx']) {
      const error = await providerError(provider().fetch({ handle }, testProviderContext()));
      assert.equal(error.kind, 'refused');
      assert.match(error.message, /invite link/);
    }
    assert.equal(api.requests.length, seen);
  });

  it('classifies the Bot API’s error answers', async () => {
    const ask = (handle: string) => provider().fetch({ handle: `@${handle}` }, testProviderContext());
    assert.equal((await providerError(ask('nobody_here'))).kind, 'not-found');
    assert.equal((await providerError(ask('hidden_list'))).kind, 'not-found');
    const limited = await providerError(ask('busy_chat'));
    assert.equal(limited.kind, 'rate-limited');
    assert.equal(limited.retryAfterMs, 35_000);
    assert.equal((await providerError(ask('kicked_bot'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('broken_json'))).kind, 'bad-response');
    assert.equal((await providerError(ask('odd_result'))).kind, 'bad-response');
    assert.equal((await providerError(ask('gateway'))).kind, 'unreachable');
  });

  it('reports a wrong token without putting it in the message', async () => {
    const wrong = createTelegramProvider({ baseUrl: api.baseUrl, apiKey: '987654321:wrongSecretValue' });
    const error = await providerError(wrong.fetch({ handle: '@scope_ward' }, testProviderContext()));
    assert.equal(error.kind, 'unauthorized');
    assert.doesNotMatch(error.message, /wrongSecretValue/);
    const missing = await providerError(
      createTelegramProvider({ baseUrl: api.baseUrl }).fetch({ handle: '@scope_ward' }, testProviderContext()),
    );
    assert.equal(missing.kind, 'unauthorized');
  });
});
