import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startEnrichmentServer, type EnrichmentServer } from '../testing/enrichment-server.ts';
import { loadConfig } from '../config.ts';
import { providersFromConfig } from './providers.ts';
import {
  EMPTY_LINKS,
  ROLES,
  enrichProject,
  githubTarget,
  guardProviders,
  mergeLinks,
  type GuardedProviders,
  type ProjectProfile,
} from './enrich-project.ts';
import type { EnrichmentProviders, ProviderRole } from './provider-set.ts';
import { layoutFields, sourceReports, EMPTY_HISTORIES } from './enrichment-fields.ts';
import { emptyAuditLayout } from '../scan/build-audit-layout.ts';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const registered: ProjectProfile = {
  links: { ...EMPTY_LINKS, website: 'https://registry.example', telegram: '@registry_chat', reddit: 'r/example' },
  // The coin the local CoinGecko stand-in knows (the recorded Uniswap answer).
  aggregatorAId: 'uniswap',
  aggregatorBSlug: '',
  registered: true,
};
const noWait = { sleep: async () => {} };

describe('enrichProject', () => {
  let server: EnrichmentServer;
  before(async () => {
    server = await startEnrichmentServer();
  });
  after(() => server.close());
  /** The real adapters, switched on by the configuration an operator would write. */
  const configured = () => providersFromConfig(loadConfig(server.env()).enrichment);

  it('asks every configured provider, the registry winning over the aggregator, and says why the rest did not run', async () => {
    server.mode = 'ok';
    const providers = guardProviders(configured(), {}, noWait);
    const state = await enrichProject({
      network: 'ETH',
      address: TOKEN,
      profile: registered,
      providers,
      budgetMs: 2_000,
      now: () => new Date(),
    });
    // Registry links stand; the aggregator (CoinGecko's recorded coin) fills the empty ones.
    assert.equal(state.links.website, 'https://registry.example');
    assert.equal(state.links.telegram, '@registry_chat');
    assert.equal(state.links.twitter, 'https://x.com/Uniswap');
    assert.equal(state.links.discord, 'https://discord.gg/FCfyBSbCU5');
    assert.equal(state.links.github, 'https://github.com/Uniswap/uniswap-v3-core');
    assert.equal(state.links.logo, 'https://coin-images.coingecko.com/coins/images/12504/large/uni.jpg?1696512319');

    const fields = layoutFields(state, EMPTY_HISTORIES, emptyAuditLayout('', '', ''));
    assert.deepEqual(fields.aggregatorA, { rank: 24, id: 'uniswap' });
    assert.equal(fields.telegramMembers, 1200);
    assert.equal(fields.discordMembers, 950);
    assert.equal(fields.redditMembers, 340);
    assert.equal(fields.twitterFollowers, 5600);
    assert.deepEqual(fields.socialCounters, { twitter: 5600, telegram: 1200 });
    assert.equal(fields.domainInfo.whois.creationDate, '2020-05-01T10:00:00.000Z');
    assert.equal(fields.githubRepositoryStats.owner, 'Uniswap');
    assert.equal(fields.githubRepositoryStats.stars, 4412);
    assert.equal(fields.githubRepositoryStats.commits, 1218, "the commits list's last page");
    assert.equal(fields.facebookLikes, null, 'no Facebook provider: the documented empty value');

    const sources = sourceReports(state, registered);
    for (const role of ['aggregatorA', 'telegram', 'discord', 'reddit', 'x', 'github', 'rdap'])
      assert.equal(sources[role]!.status, 'ok', role);
    for (const role of ['aggregatorB', 'dns', 'lighthouse']) {
      assert.equal(sources[role]!.status, 'unavailable', role);
      assert.equal(sources[role]!.reason, 'not configured');
    }
    assert.equal(sources.projectRegistry!.status, 'ok');
    assert.equal(sources.facebook!.status, 'unavailable');
  });

  it('reports a configured provider with nothing to ask as unavailable with the reason', async () => {
    server.mode = 'ok';
    const { telegram, rdap } = configured();
    const providers = guardProviders({ telegram: telegram!, rdap: rdap! }, {}, noWait);
    const profile: ProjectProfile = { links: EMPTY_LINKS, aggregatorAId: '', aggregatorBSlug: '', registered: false };
    const state = await enrichProject({ network: 'ETH', address: TOKEN, profile, providers, budgetMs: 1_000, now: () => new Date() });
    const sources = sourceReports(state, profile);
    assert.equal(sources.telegram!.reason, 'no Telegram link known');
    assert.equal(sources.rdap!.reason, 'no website known');
    assert.equal(sources.projectRegistry!.status, 'unavailable');
  });

  it('with every provider down answers each as failed with the provider reason', async () => {
    server.mode = 'down';
    const providers = guardProviders(configured(), { all: { retries: 1, backoffMs: 1 } }, noWait);
    const state = await enrichProject({
      network: 'ETH',
      address: TOKEN,
      profile: registered,
      providers,
      budgetMs: 2_000,
      now: () => new Date(),
    });
    const sources = sourceReports(state, registered);
    for (const role of ['aggregatorA', 'telegram', 'reddit', 'rdap']) {
      assert.equal(sources[role]!.status, 'failed', role);
      assert.match(sources[role]!.reason!, /HTTP 503/, role);
    }
    // X has no link when the aggregator that would list it is down.
    assert.equal(sources.x!.reason, 'no X account known');
  });

  it('with every provider hanging answers within the budget, each source a timeout', async () => {
    server.mode = 'hang';
    const providers = guardProviders(configured(), { all: { timeoutMs: 10_000 } }, noWait);
    const started = performance.now();
    const state = await enrichProject({
      network: 'ETH',
      address: TOKEN,
      profile: registered,
      providers,
      budgetMs: 300,
      now: () => new Date(),
    });
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 300 + 150, `took ${Math.round(elapsed)} ms`);
    const sources = sourceReports(state, registered);
    for (const role of ['aggregatorA', 'telegram', 'reddit', 'rdap']) assert.equal(sources[role]!.status, 'timeout', role);
  });

  it('keeps the previous value as stale when a refresh fails, and does not ask again within reuseWithinMs', async () => {
    server.mode = 'ok';
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock = () => new Date(now);
    const providers = guardProviders(configured(), { all: { cacheTtlMs: 0, retries: 0 } }, { ...noWait, now: clock });
    const first = await enrichProject({ network: 'ETH', address: TOKEN, profile: registered, providers, budgetMs: 2_000, now: clock });
    assert.equal(first.sources.telegram!.fresh, true);

    now += 60_000;
    const before = server.calls.get('telegram') ?? 0;
    const reused = await enrichProject({
      network: 'ETH',
      address: TOKEN,
      profile: registered,
      providers,
      budgetMs: 2_000,
      now: clock,
      previous: first,
      reuseWithinMs: (role) => (role === 'telegram' ? 3_600_000 : 0),
    });
    assert.equal(server.calls.get('telegram') ?? 0, before, 'telegram answered a minute ago: not asked');
    assert.equal(reused.sources.telegram!.status, 'ok');
    assert.equal(reused.sources.telegram!.fresh, false);

    server.mode = 'down';
    now += 60_000;
    const stale = await enrichProject({
      network: 'ETH',
      address: TOKEN,
      profile: registered,
      providers,
      budgetMs: 2_000,
      now: clock,
      previous: reused,
    });
    assert.equal(stale.sources.telegram!.status, 'stale');
    assert.deepEqual(stale.sources.telegram!.value, { members: 1200 });
    assert.equal(stale.sources.telegram!.fetchedAt, first.sources.telegram!.fetchedAt);
    assert.match(stale.sources.telegram!.reason!, /HTTP 503/);
  });

  it('a rate-limited provider is retried after the delay the provider asked for', async () => {
    server.mode = 'rate-limited';
    const delays: number[] = [];
    const { telegram } = configured();
    const providers = guardProviders(
      { telegram: telegram! },
      { all: { retries: 1, maxDelayMs: 60_000 } },
      { sleep: async (ms) => void delays.push(ms) },
    );
    const state = await enrichProject({
      network: 'ETH',
      address: TOKEN,
      profile: registered,
      providers,
      budgetMs: 2_000,
      now: () => new Date(),
    });
    assert.deepEqual(delays, [35_000], "Telegram's parameters.retry_after (35 s in the recorded answer)");
    assert.equal(state.sources.telegram!.status, 'failed');
    assert.match(state.sources.telegram!.reason!, /Too Many Requests/);
  });

  it("every provider rate-limited: each adapter reads its provider's own limit answer and the wait it asks for", async () => {
    server.mode = 'rate-limited';
    try {
      const raw = configured();
      const delays: Partial<Record<ProviderRole, number[]>> = {};
      // One guard per role, so each role's waits are told apart.
      const providers: GuardedProviders = Object.assign(
        {},
        ...ROLES.filter((role) => raw[role]).map((role) =>
          guardProviders(
            { [role]: raw[role] } as EnrichmentProviders,
            { all: { retries: 1, maxDelayMs: 120_000 } },
            {
              sleep: async (ms) => void (delays[role] ??= []).push(ms),
            },
          ),
        ),
      );
      const profile: ProjectProfile = {
        ...registered,
        // Every link known up front: the aggregator, rate-limited too, lists none.
        links: { ...registered.links, twitter: '@Uniswap', discord: 'https://discord.gg/FCfyBSbCU5', github: 'https://github.com/Uniswap' },
      };
      const state = await enrichProject({ network: 'ETH', address: TOKEN, profile, providers, budgetMs: 2_000, now: () => new Date() });
      const sources = sourceReports(state, profile);
      for (const role of ['aggregatorA', 'telegram', 'discord', 'reddit', 'x', 'github', 'rdap']) {
        assert.equal(sources[role]!.status, 'failed', role);
        assert.match(sources[role]!.reason!, /rate limit|Too Many Requests/i, role);
      }
      // Retry-After, Telegram's parameters.retry_after, Discord's retry_after (seconds, fractional), Reddit's x-ratelimit-reset.
      assert.deepEqual(
        { aggregatorA: delays.aggregatorA, telegram: delays.telegram, discord: delays.discord, reddit: delays.reddit, rdap: delays.rdap },
        { aggregatorA: [1_000], telegram: [35_000], discord: [64_570], reddit: [1_000], rdap: [1_000] },
      );
      // X and GitHub name the epoch second their window reopens: two seconds on, here.
      for (const role of ['x', 'github'] as const) {
        assert.equal(delays[role]!.length, 1, role);
        assert.ok(delays[role]![0]! > 0 && delays[role]![0]! <= 2_000, `${role}: ${delays[role]![0]}`);
      }
    } finally {
      server.mode = 'ok';
    }
  });
});

describe('links', () => {
  it('merges the registry over the aggregators, A before B', () => {
    const merged = mergeLinks(
      { ...EMPTY_LINKS, website: 'https://mine.example' },
      { website: 'https://a.example', twitter: '@a' },
      { twitter: '@b', discord: 'https://discord.gg/b' },
    );
    assert.equal(merged.website, 'https://mine.example');
    assert.equal(merged.twitter, '@a');
    assert.equal(merged.discord, 'https://discord.gg/b');
  });

  it('reads owner and repository from GitHub links only', () => {
    assert.deepEqual(githubTarget('https://github.com/example-org'), { owner: 'example-org', repo: '' });
    assert.deepEqual(githubTarget('https://github.com/example-org/app.git'), { owner: 'example-org', repo: 'app' });
    assert.equal(githubTarget('https://gitlab.com/example-org/app'), undefined);
    assert.equal(githubTarget('https://github.com/../../etc'), undefined);
  });
});
