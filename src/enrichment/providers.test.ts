import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../config.ts';
import { enabledSettings, providersFromConfig, type ProviderFactories, type ProviderSettings } from './providers.ts';

describe('enrichment configuration', () => {
  it('switches nothing on by default: an installation without internet never waits on a provider', () => {
    const { enrichment } = loadConfig({});
    assert.deepEqual(enabledSettings(enrichment), {});
    assert.equal(enrichment.budgetMs, 1_500);
    assert.equal(enrichment.pollMinutes, 360);
    assert.equal(enrichment.allowPrivate, false);
  });

  it('keyed providers need their key (or, for the aggregators, a URL); keyless ones ENRICH_KEYLESS or their own setting', () => {
    const { enrichment } = loadConfig({
      AGGREGATOR_A_KEY: 'cg-key',
      AGGREGATOR_B_URL: 'http://127.0.0.1:9000/',
      TELEGRAM_API_URL: 'http://127.0.0.1:9001',
      X_BEARER_TOKEN: 'x-token',
      ENRICH_KEYLESS: 'reddit, dns,lighthouse',
      RDAP_URL: 'http://127.0.0.1:9002',
      GITHUB_API_URL: 'http://127.0.0.1:9003/api/v3',
      ENRICH_ALLOW_PRIVATE: 'on',
      ENRICH_BUDGET_MS: '800',
      ENRICH_POLL_MINUTES: '0',
    });
    assert.deepEqual(enrichment.aggregatorA, { url: 'https://pro-api.coingecko.com/api/v3', key: 'cg-key' });
    assert.deepEqual(enrichment.aggregatorB, { url: 'http://127.0.0.1:9000', key: '' });
    assert.equal(enrichment.telegram, null, 'the Bot API needs a token');
    assert.deepEqual(enrichment.x, { url: 'https://api.x.com/2', key: 'x-token' });
    assert.deepEqual(enrichment.reddit, { url: 'https://www.reddit.com', key: '' });
    assert.equal(enrichment.discord, null);
    assert.equal(enrichment.github, null, 'GITHUB_API_URL is the code hosts’ setting; it alone does not switch statistics on');
    assert.deepEqual(enrichment.rdap, { url: 'http://127.0.0.1:9002', key: '' });
    assert.deepEqual(enrichment.dns, { servers: [] });
    assert.deepEqual(enrichment.lighthouse, { chromiumPath: '/usr/bin/chromium' });
    assert.equal(enrichment.allowPrivate, true);
    assert.equal(enrichment.budgetMs, 800);
    assert.equal(enrichment.pollMinutes, 0);
    const withStats = loadConfig({ GITHUB_STATS_TOKEN: 't', GITHUB_API_URL: 'http://127.0.0.1:9003/api/v3' }).enrichment;
    assert.deepEqual(withStats.github, { url: 'http://127.0.0.1:9003/api/v3', key: 't' });
  });

  it('refuses bad values with the variable named', () => {
    assert.throws(
      () => loadConfig({ ENRICH_KEYLESS: 'telegram' }),
      (e: unknown) => e instanceof ConfigError && /ENRICH_KEYLESS.*"telegram"/.test(e.message),
    );
    assert.throws(() => loadConfig({ AGGREGATOR_A_URL: 'ftp://x' }), /AGGREGATOR_A_URL must be an http\(s\) URL/);
    assert.throws(() => loadConfig({ DNS_SERVERS: '1.1.1.1, bad server' }), /DNS_SERVERS/);
    assert.throws(() => loadConfig({ ENRICH_BUDGET_MS: '0' }), /ENRICH_BUDGET_MS must be at least 1/);
    assert.throws(() => loadConfig({ ENRICH_ALLOW_PRIVATE: 'maybe' }), /ENRICH_ALLOW_PRIVATE/);
  });

  it('providersFromConfig builds the switched-on roles this build has an adapter for, with their settings', () => {
    const seen: Record<string, ProviderSettings> = {};
    const factories: ProviderFactories = {
      telegram: (s) => ((seen.telegram = s), { name: 'telegram', fields: [], fetch: async () => ({ members: 1 }) }),
      dns: (s) => ((seen.dns = s), { name: 'dns', fields: [], fetch: async () => ({}) as never }),
    };
    const { enrichment } = loadConfig({ TELEGRAM_BOT_TOKEN: 'bot-token', DNS_SERVERS: '127.0.0.1:5353', ENRICH_KEYLESS: 'reddit' });
    const providers = providersFromConfig(enrichment, factories);
    assert.deepEqual(Object.keys(providers).sort(), ['dns', 'telegram'], 'reddit is on but has no adapter here');
    assert.deepEqual(seen.telegram, {
      url: 'https://api.telegram.org',
      key: 'bot-token',
      allowPrivate: false,
      servers: [],
      chromiumPath: '',
    });
    assert.deepEqual(seen.dns!.servers, ['127.0.0.1:5353']);
  });
});
