import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { networkBySymbol } from '../../chain/networks.ts';
import { fixtureText, startProviderReplay, testProviderContext, type ProviderReplay } from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { ASSET_PLATFORMS, createAggregatorAProvider } from './aggregator-a.ts';

const fixtures = new URL('./__fixtures__/aggregator-a/', import.meta.url);
const text = (name: string) => fixtureText(fixtures, name);
const SLIM = '?localization=false&tickers=false&market_data=false&community_data=false&developer_data=false&sparkline=false';
const UNI = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
const TLT = '0x39c2764c53c0520b89ad236a4accc5af037ce350';

describe('aggregatorA (CoinGecko format)', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay(
      {
        [`/coins/uniswap${SLIM}`]: { body: text('coin.json') },
        [`/coins/ethereum/contract/${UNI}`]: { body: text('coin.json') },
        [`/coins/binance-smart-chain/contract/${TLT}`]: { body: text('coin-unranked.json') },
        [`/coins/rate-limited${SLIM}`]: { status: 429, headers: { 'retry-after': '119' }, body: text('rate-limited.json') },
        [`/coins/wrong-key${SLIM}`]: { status: 400, body: text('wrong-key.json') },
        [`/coins/missing-key${SLIM}`]: { status: 401, body: text('missing-key.json') },
        [`/coins/garbage${SLIM}`]: { body: '<html>Just a moment...</html>' },
        [`/coins/no-id${SLIM}`]: { body: { symbol: 'x' } },
        [`/coins/down${SLIM}`]: { status: 503, body: '<html>Service Unavailable</html>' },
      },
      '/api/v3',
      { status: 404, body: text('not-found.json') },
    );
  });
  after(() => api.close());

  it('reads rank, id and links of a coin by its id, with the demo key header', async () => {
    const provider = createAggregatorAProvider({ baseUrl: api.baseUrl, apiKey: 'CG-demo' });
    const facts = await provider.fetch({ network: 'ETH', address: UNI, id: 'uniswap' }, testProviderContext());
    assert.equal(facts.rank, 24);
    assert.equal(facts.id, 'uniswap');
    assert.deepEqual(facts.links, {
      website: 'https://uniswap.org/',
      logo: 'https://coin-images.coingecko.com/coins/images/12504/large/uni.jpg?1696512319',
      description: 'UNI is the governance token for Uniswap, an Automated Market Marker DEX on the Ethereum blockchain.',
      twitter: 'https://x.com/Uniswap',
      reddit: 'https://www.reddit.com/r/Uniswap',
      github: 'https://github.com/Uniswap/uniswap-v3-core',
      discord: 'https://discord.gg/FCfyBSbCU5',
    });
    const request = api.requests.at(-1);
    assert.equal(request?.headers['x-cg-demo-api-key'], 'CG-demo');
    assert.equal(request?.headers['x-cg-pro-api-key'], undefined);
  });

  it('finds a coin by contract on the network’s asset platform (address lower-cased)', async () => {
    const provider = createAggregatorAProvider({ baseUrl: api.baseUrl, apiKey: 'CG-pro', plan: 'pro' });
    const facts = await provider.fetch(
      { network: 'ETH', address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', id: '' },
      testProviderContext(),
    );
    assert.equal(facts.id, 'uniswap');
    assert.equal(api.requests.at(-1)?.headers['x-cg-pro-api-key'], 'CG-pro');
  });

  it('gives rank 0 to an unranked coin and skips placeholders and invite links', async () => {
    const provider = createAggregatorAProvider({ baseUrl: api.baseUrl });
    const facts = await provider.fetch({ network: 'BSC', address: TLT, id: '' }, testProviderContext());
    assert.equal(facts.rank, 0);
    assert.equal(facts.id, 'tiny-launch-token');
    assert.deepEqual(facts.links, {
      telegram: 'https://t.me/tinylaunch_official',
      medium: 'https://medium.com/@tinylaunch',
      facebook: 'https://www.facebook.com/tinylaunch',
      bitcointalk: 'https://bitcointalk.org/index.php?topic=5412345',
    });
  });

  it('classifies CoinGecko’s error answers', async () => {
    const provider = createAggregatorAProvider({ baseUrl: api.baseUrl });
    const ask = (id: string) => provider.fetch({ network: 'ETH', address: UNI, id }, testProviderContext());
    const unknown = await providerError(ask('no-such-coin'));
    assert.equal(unknown.kind, 'not-found');
    assert.match(unknown.message, /coin not found/);
    const limited = await providerError(ask('rate-limited'));
    assert.equal(limited.kind, 'rate-limited');
    assert.equal(limited.retryAfterMs, 119_000);
    assert.equal((await providerError(ask('wrong-key'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('missing-key'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('garbage'))).kind, 'bad-response');
    assert.equal((await providerError(ask('no-id'))).kind, 'bad-response');
    assert.equal((await providerError(ask('down'))).kind, 'unreachable');
  });

  it('refuses a contract lookup on a network with no asset platform without calling out', async () => {
    const provider = createAggregatorAProvider({ baseUrl: api.baseUrl });
    const seen = api.requests.length;
    const error = await providerError(provider.fetch({ network: 'GOERLI', address: UNI, id: '' }, testProviderContext()));
    assert.equal(error.kind, 'not-found');
    assert.equal(api.requests.length, seen);
  });

  it('reports an unreachable server and an aborted call as unreachable', async () => {
    const closed = await startProviderReplay({});
    const baseUrl = closed.baseUrl;
    await closed.close();
    const provider = createAggregatorAProvider({ baseUrl });
    assert.equal(
      (await providerError(provider.fetch({ network: 'ETH', address: UNI, id: 'uniswap' }, testProviderContext()))).kind,
      'unreachable',
    );

    api.routes.set(`/coins/slow${SLIM}`, { hang: true });
    const controller = new AbortController();
    const pending = createAggregatorAProvider({ baseUrl: api.baseUrl }).fetch(
      { network: 'ETH', address: UNI, id: 'slow' },
      testProviderContext(undefined, controller),
    );
    await api.nextRequest();
    controller.abort();
    const error = await providerError(pending);
    assert.equal(error.kind, 'unreachable');
    assert.match(error.message, /in time/);
  });

  it('maps only network symbols the project knows', () => {
    for (const symbol of Object.keys(ASSET_PLATFORMS)) assert.ok(networkBySymbol(symbol), symbol);
  });
});
