import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureText, startProviderReplay, testProviderContext, type ProviderReplay } from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { createRedditProvider, REDDIT_USER_AGENT } from './reddit.ts';

const fixtures = new URL('./__fixtures__/reddit/', import.meta.url);
const text = (name: string) => fixtureText(fixtures, name);
const about = (name: string) => `/r/${name}/about.json?raw_json=1`;

describe('reddit (subreddit about.json)', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay(
      {
        [about('ethereum')]: { body: text('about.json') },
        [about('nosuchsub')]: { body: text('search-redirect.json') },
        [about('bannedsub')]: { status: 404, body: text('banned.json') },
        [about('privatesub')]: { status: 403, body: text('private.json') },
        [about('quarantinedsub')]: { status: 403, body: text('quarantined.json') },
        [about('blocked')]: { status: 403, body: '<!doctype html><title>Blocked</title>' },
        [about('busy')]: {
          status: 429,
          headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '412', 'x-ratelimit-used': '100' },
          body: text('too-many-requests.json'),
        },
        [about('oddsub')]: { body: { kind: 't5', data: { display_name: 'oddsub', subscribers: null } } },
        [about('downsub')]: { status: 500, body: '<html>all of our servers are busy</html>' },
      },
      '',
      { status: 404, body: text('not-found.json') },
    );
  });
  after(() => api.close());

  it('reads subscribers and names itself in the User-Agent', async () => {
    const provider = createRedditProvider({ baseUrl: api.baseUrl });
    for (const subreddit of ['r/ethereum', 'https://www.reddit.com/r/ethereum/', 'ethereum']) {
      assert.deepEqual(await provider.fetch({ subreddit }, testProviderContext()), { subscribers: 3312457 }, subreddit);
    }
    const request = api.requests.at(-1);
    assert.equal(request?.headers['user-agent'], REDDIT_USER_AGENT);
    assert.equal(request?.headers.authorization, undefined);
  });

  it('sends an OAuth token when one is configured', async () => {
    await createRedditProvider({ baseUrl: api.baseUrl, apiKey: 'tok' }).fetch({ subreddit: 'ethereum' }, testProviderContext());
    assert.equal(api.requests.at(-1)?.headers.authorization, 'bearer tok');
  });

  it('says why a subreddit cannot be counted', async () => {
    const provider = createRedditProvider({ baseUrl: api.baseUrl });
    const ask = (subreddit: string) => provider.fetch({ subreddit }, testProviderContext());
    const cases: [string, string, RegExp][] = [
      ['nosuchsub', 'not-found', /does not exist/],
      ['gonesub', 'not-found', /does not exist/],
      ['bannedsub', 'not-found', /is banned/],
      ['privatesub', 'not-found', /is private/],
      ['quarantinedsub', 'not-found', /is quarantined/],
      ['blocked', 'unauthorized', /HTTP 403/],
      ['oddsub', 'bad-response', /other than a subreddit/],
      ['downsub', 'unreachable', /HTTP 500/],
    ];
    for (const [name, kind, message] of cases) {
      const error = await providerError(ask(name));
      assert.equal(error.kind, kind, name);
      assert.match(error.message, message, name);
    }
    const limited = await providerError(ask('busy'));
    assert.equal(limited.kind, 'rate-limited');
    assert.equal(limited.retryAfterMs, 412_000);
  });

  it('refuses a user profile before calling', async () => {
    const seen = api.requests.length;
    const error = await providerError(
      createRedditProvider({ baseUrl: api.baseUrl }).fetch({ subreddit: 'https://www.reddit.com/user/someone' }, testProviderContext()),
    );
    assert.equal(error.kind, 'refused');
    assert.equal(api.requests.length, seen);
  });
});
