import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureText, startProviderReplay, testProviderContext, type ProviderReplay } from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { createAggregatorBProvider } from './aggregator-b.ts';

const fixtures = new URL('./__fixtures__/aggregator-b/', import.meta.url);
const text = (name: string) => fixtureText(fixtures, name);
const UNI = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
const TLT = '0x39c2764c53c0520b89ad236a4accc5af037ce350';
const DEAD = '0x000000000000000000000000000000000000dead';
const INFO = '/v2/cryptocurrency/info';
const QUOTES = '/v2/cryptocurrency/quotes/latest';

describe('aggregatorB (CoinMarketCap format)', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay({
      [`${INFO}?slug=uniswap`]: { body: text('info.json') },
      [`${INFO}?address=${UNI}`]: { body: text('info.json') },
      [`${QUOTES}?id=7083`]: { body: text('quotes-latest.json') },
      [`${INFO}?address=${TLT}`]: { body: text('info-untracked.json') },
      [`${QUOTES}?id=39012`]: { body: text('quotes-untracked.json') },
      [`${INFO}?address=${DEAD}`]: { status: 400, body: text('invalid-address.json') },
      [`${INFO}?slug=key-invalid`]: { status: 401, body: text('key-invalid.json') },
      [`${INFO}?slug=plan`]: { status: 403, body: text('plan-not-authorized.json') },
      [`${INFO}?slug=minute`]: { status: 429, body: text('minute-limit.json') },
      [`${INFO}?slug=daily`]: { status: 429, body: text('daily-limit.json') },
      [`${INFO}?slug=ip`]: { status: 429, body: text('ip-limit.json') },
      [`${INFO}?slug=garbage`]: { body: '{"status": {"error_code": 0' },
      [`${INFO}?slug=empty`]: { body: { status: { error_code: 0, error_message: null }, data: {} } },
      [`${INFO}?slug=down`]: { status: 500, body: { status: { error_code: 500, error_message: 'An internal server error occurred' } } },
    });
  });
  after(() => api.close());

  it('reads slug and links from info and the rank from quotes, sending the key header', async () => {
    const provider = createAggregatorBProvider({ baseUrl: api.baseUrl, apiKey: 'cmc-key' });
    const facts = await provider.fetch({ network: 'ETH', address: UNI, id: 'uniswap' }, testProviderContext());
    assert.deepEqual(facts, {
      rank: 27,
      id: 'uniswap',
      links: {
        website: 'https://uniswap.org/',
        logo: 'https://s2.coinmarketcap.com/static/img/coins/64x64/7083.png',
        description: 'Uniswap (UNI) is a cryptocurrency launched in 2020 and operates on the Ethereum platform.',
        twitter: 'https://x.com/Uniswap',
        reddit: 'https://www.reddit.com/r/uniswap',
        discord: 'https://discord.gg/FCfyBSbCU5',
        github: 'https://github.com/Uniswap',
      },
    });
    assert.deepEqual(
      api.requests.slice(-2).map((r) => [r.url, r.headers['x-cmc_pro_api_key']]),
      [
        [`${INFO}?slug=uniswap`, 'cmc-key'],
        [`${QUOTES}?id=7083`, 'cmc-key'],
      ],
    );
  });

  it('looks a token up by contract when no slug is known; an untracked one ranks 0', async () => {
    const provider = createAggregatorBProvider({ baseUrl: api.baseUrl, apiKey: 'k' });
    const facts = await provider.fetch({ network: 'BSC', address: TLT, id: '' }, testProviderContext());
    assert.deepEqual(facts, {
      rank: 0,
      id: 'tiny-launch-token',
      links: {
        logo: 'https://s2.coinmarketcap.com/static/img/coins/64x64/39012.png',
        twitter: 'https://x.com/tinylaunch',
        telegram: 'https://t.me/tinylaunch_official',
        bitcointalk: 'https://bitcointalk.org/index.php?topic=5412345',
        medium: 'https://tinylaunch.medium.com/',
      },
    });
  });

  it('classifies CoinMarketCap’s status codes', async () => {
    const now = new Date('2026-11-26T10:15:20Z');
    const provider = createAggregatorBProvider({ baseUrl: api.baseUrl, apiKey: 'k' });
    const ask = (id: string, address = UNI) => provider.fetch({ network: 'ETH', address, id }, testProviderContext(now));
    const unknown = await providerError(ask('', DEAD));
    assert.equal(unknown.kind, 'not-found');
    assert.equal((await providerError(ask('key-invalid'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('plan'))).kind, 'unauthorized');
    const minute = await providerError(ask('minute'));
    assert.equal(minute.kind, 'rate-limited');
    assert.equal(minute.retryAfterMs, 40_000, 'the per-minute window resets at 10:16:00');
    const daily = await providerError(ask('daily'));
    assert.equal(daily.kind, 'rate-limited');
    assert.equal(daily.retryAfterMs, Date.parse('2026-11-27T00:00:00Z') - now.getTime());
    const ip = await providerError(ask('ip'));
    assert.equal(ip.kind, 'rate-limited');
    assert.equal(ip.retryAfterMs, 40_000);
    assert.equal((await providerError(ask('garbage'))).kind, 'bad-response');
    assert.equal((await providerError(ask('empty'))).kind, 'bad-response');
    assert.equal((await providerError(ask('down'))).kind, 'unreachable');
  });
});
