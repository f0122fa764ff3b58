import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureText, startProviderReplay, testProviderContext, type ProviderReplay } from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { createDiscordProvider } from './discord.ts';

const fixtures = new URL('./__fixtures__/discord/', import.meta.url);
const text = (name: string) => fixtureText(fixtures, name);
const invite = (code: string) => `/invites/${code}?with_counts=true`;

describe('discord (invite with counts)', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay(
      {
        [invite('FCfyBSbCU5')]: { body: text('invite.json') },
        [invite('busy')]: { status: 429, headers: { 'retry-after': '65' }, body: text('rate-limited.json') },
        [invite('badtoken')]: { status: 401, body: text('unauthorized.json') },
        [invite('nocounts')]: { body: { type: 0, code: 'nocounts', guild: { id: '1', name: 'x' } } },
        [invite('htmlpage')]: { body: '<!doctype html><title>Discord</title>' },
        [invite('outage')]: { status: 503, body: 'upstream connect error' },
      },
      '/api/v10',
      { status: 404, body: text('unknown-invite.json') },
    );
  });
  after(() => api.close());

  it('reads approximate_member_count for every accepted form of the invite', async () => {
    const provider = createDiscordProvider({ baseUrl: api.baseUrl });
    for (const link of ['https://discord.gg/FCfyBSbCU5', 'discord.com/invite/FCfyBSbCU5', 'FCfyBSbCU5']) {
      assert.deepEqual(await provider.fetch({ invite: link }, testProviderContext()), { members: 134502 }, link);
    }
    assert.equal(api.requests.at(-1)?.headers.authorization, undefined, 'no token configured, none sent');
  });

  it('sends a configured bot token', async () => {
    await createDiscordProvider({ baseUrl: api.baseUrl, apiKey: 'bot-token' }).fetch({ invite: 'FCfyBSbCU5' }, testProviderContext());
    assert.equal(api.requests.at(-1)?.headers.authorization, 'Bot bot-token');
  });

  it('classifies Discord’s error answers', async () => {
    const provider = createDiscordProvider({ baseUrl: api.baseUrl });
    const ask = (code: string) => provider.fetch({ invite: code }, testProviderContext());
    const unknown = await providerError(ask('expired1'));
    assert.equal(unknown.kind, 'not-found');
    assert.match(unknown.message, /Unknown Invite/);
    const limited = await providerError(ask('busy'));
    assert.equal(limited.kind, 'rate-limited');
    assert.equal(limited.retryAfterMs, 64_570, 'the body’s fractional seconds, not the rounded header');
    assert.equal((await providerError(ask('badtoken'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('nocounts'))).kind, 'bad-response');
    assert.equal((await providerError(ask('htmlpage'))).kind, 'bad-response');
    assert.equal((await providerError(ask('outage'))).kind, 'unreachable');
  });

  it('refuses a link that is not an invite before calling', async () => {
    const seen = api.requests.length;
    const error = await providerError(
      createDiscordProvider({ baseUrl: api.baseUrl }).fetch({ invite: 'https://discord.com/channels/1/2' }, testProviderContext()),
    );
    assert.equal(error.kind, 'refused');
    assert.equal(api.requests.length, seen);
  });
});
