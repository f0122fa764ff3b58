/**
 * Issue 19 through a real scan on the devnet, with the enrichment built the way the service
 * builds it: configuration variables → loadConfig → enrichmentFromConfig, so the real
 * adapters (src/enrichment/adapters, src/enrichment/domain) make the calls. The providers are
 * a local server speaking their formats (src/testing/enrichment-server.ts) and a local DNS
 * server with a crafted zone for the website's domain. Lighthouse stays off: its own tests
 * run it in Chromium.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { Ajv } from 'ajv';
import { ScanResultSchema, type ScanResult } from '../src/interface/schemas/audit-layout.ts';
import { loadConfig } from '../src/config.ts';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { openTestStore, type TestStore } from '../src/testing/test-stores.ts';
import { startEnrichmentServer, type EnrichmentServer } from '../src/testing/enrichment-server.ts';
import { startDnsZoneServer, type DnsZoneServer } from '../src/testing/dns-zone-server.ts';
import { wellKeptDomain } from '../src/testing/crafted-dns-zones.ts';
import { enrichmentFromConfig } from '../src/enrichment/enrichment-setup.ts';
import { ADAPTERS } from '../src/enrichment/providers.ts';
import type { EnrichmentService } from '../src/enrichment/enrichment-service.ts';
import { upsertProjects } from '../src/projects/project-repository.ts';
import { validateProjects } from '../src/projects/project-record.ts';

const validate = new Ajv({ strict: false, allErrors: true }).compile(ScanResultSchema);
const DOMAIN = 'token-site.test';
/**
 * The crafted zone's name server. The DNS checks probe it (version.bind, recursion) on port 53,
 * where nothing listens here: an unanswered probe reads as "tells no version, does not recurse",
 * what a hardened server answers too, after the checks' 2 s query limit (hence the budgets below).
 */
const NAME_SERVER = '127.0.0.2';

describe('a scan enriched by the real adapters, configured from the environment', () => {
  let f: ScanFixture;
  let server: EnrichmentServer;
  let dns: DnsZoneServer;
  const stores: TestStore[] = [];
  /** The enrichment the scan service calls; each case builds its own (own cache, breakers and store). */
  let current: EnrichmentService | undefined;
  const enrichment: EnrichmentService = {
    forScan: (network, address) => current!.forScan(network, address),
    pollOnce: () => current!.pollOnce(),
    settled: () => current?.settled() ?? Promise.resolve(),
  };

  /** A fresh enrichment from configuration variables, with the token registered in its store. */
  async function configure(extra: Record<string, string> = {}, now?: () => Date): Promise<void> {
    const store = await openTestStore();
    stores.push(store);
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', ...server.env(), DNS_SERVERS: dns.resolver, ...extra });
    await upsertProjects(
      store.db,
      validateProjects(
        [
          {
            network: 'LOCAL',
            address: f.devnet.tokens[0]!.address,
            website: `https://www.${DOMAIN}/`,
            telegram: 'https://t.me/plaintoken',
            reddit: 'r/plaintoken',
            // LOCAL has no CoinGecko asset platform: the coin is found by the id the operator registered.
            aggregatorAId: 'uniswap',
          },
        ],
        'test',
      ),
    );
    current = enrichmentFromConfig(config, store.db, ADAPTERS, now ? { now } : {});
  }

  const scan = (): Promise<ScanResult> => f.scans.execute({ network: 'LOCAL', address: f.devnet.tokens[0]!.address });

  before(async () => {
    server = await startEnrichmentServer();
    dns = await startDnsZoneServer({ records: wellKeptDomain(NAME_SERVER, DOMAIN) });
    f = await createScanFixture(
      { enrichment },
      { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable', RPC_URL_SOL: 'http://127.0.0.1:9/unreachable' },
    );
  });
  after(async () => {
    // Closing the providers first ends the calls still waiting on them, so the background refreshes settle at once.
    await server.close();
    await dns.close();
    await current?.settled();
    await f.close();
    for (const store of stores) await store.dispose();
  });

  it('every provider answering: the layout carries each fact; the background poll adds to the histories', async () => {
    server.mode = 'ok';
    // The enrichment's clock (caches, readings, poll), moved below instead of waiting for the poll.
    let at = Date.now();
    await configure({ ENRICH_BUDGET_MS: '8000', ENRICH_POLL_MINUTES: '60' }, () => new Date(at));
    const started = Date.now();
    const result = await scan();
    assert.ok(validate(result), JSON.stringify(validate.errors?.slice(0, 5)));
    const layout = result.auditLayout;
    const sources = result.meta.sources;

    // Links: the registry's, completed by what CoinGecko lists for the coin.
    assert.equal(layout.website, `https://www.${DOMAIN}/`);
    assert.equal(layout.telegram, 'https://t.me/plaintoken');
    assert.equal(layout.twitter, 'https://x.com/Uniswap');
    assert.equal(layout.discord, 'https://discord.gg/FCfyBSbCU5');
    assert.equal(layout.github, 'https://github.com/Uniswap/uniswap-v3-core');
    assert.match(layout.logo, /^https:\/\/coin-images\.coingecko\.com\//);
    assert.deepEqual(layout.aggregatorA, { rank: 24, id: 'uniswap' });

    // Counters and their first history points, stamped with the time they were read.
    assert.equal(layout.telegramMembers, 1200);
    assert.equal(layout.discordMembers, 950);
    assert.equal(layout.redditMembers, 340);
    assert.equal(layout.twitterFollowers, 5600);
    assert.deepEqual(layout.socialCounters, { twitter: 5600, telegram: 1200 });
    for (const [history, value] of [
      [layout.telegramMembersHistory, 1200],
      [layout.discordMembersHistory, 950],
      [layout.redditMembersHistory, 340],
      [layout.twitterFollowersHistory, 5600],
    ] as const) {
      assert.equal(history.length, 1);
      assert.equal(history[0]!.v, value);
      assert.ok(Date.parse(history[0]!.t) >= started - 1000, history[0]!.t);
    }

    // GitHub REST: the organisation, the repository and the counts read from the Link header.
    const repo = layout.githubRepositoryStats;
    assert.equal(repo.owner, 'Uniswap');
    assert.equal(repo.totalRepositories, 298);
    assert.equal(repo.organizationAge, '2018-02-01T21:43:32.000Z');
    assert.deepEqual([repo.stars, repo.forks, repo.watchers, repo.openIssues], [4412, 2731, 112, 203]);
    assert.equal(repo.contributors, 37);
    assert.equal(repo.commits, 1218);
    assert.equal(repo.contributionsPerDay.length, 52);

    // Domain: RDAP's registration event and the crafted zone, a well-kept domain (every flag false).
    assert.equal(layout.domainInfo.whois.creationDate, '2020-05-01T10:00:00.000Z');
    assert.deepEqual(layout.domainInfo.dns, {
      missingSPF: false,
      missingDMARC: false,
      missingDKIM: false,
      ineffectiveSPF: false,
      softfailWithoutDMARC: false,
      nameServerVersion: false,
      recursiveQueries: false,
      cNameInNS: false,
      mxPrivateIPs: false,
      mxInvalidChars: false,
    });

    for (const role of ['aggregatorA', 'telegram', 'discord', 'reddit', 'x', 'github', 'rdap', 'dns'])
      assert.equal(sources[role]?.status, 'ok', `${role}: ${JSON.stringify(sources[role])}`);
    for (const role of ['aggregatorB', 'lighthouse']) {
      assert.equal(sources[role]?.status, 'unavailable', role);
      assert.equal(sources[role]?.reason, 'not configured');
    }
    assert.ok(layout.communityScore > 0, 'the community score reads the counters');
    assert.notEqual(layout.slowPollUpdatedAt, '');
    assert.ok(dns.queries() > 0, 'the DNS checks asked the configured resolver');

    // Two hours on, the poll reads the slow sources again; the next scan shows both readings.
    server.counts.telegram = 1500;
    server.counts.x = 5900;
    at += 2 * 60 * 60_000;
    const asked = server.calls.get('telegram');
    assert.equal(await current!.pollOnce(), 1, 'the one token scanned recently');
    assert.equal(server.calls.get('telegram'), asked! + 1);
    const later = (await scan()).auditLayout;
    assert.deepEqual(
      later.telegramMembersHistory.map((p) => p.v),
      [1200, 1500],
    );
    assert.deepEqual(
      later.twitterFollowersHistory.map((p) => p.v),
      [5600, 5900],
    );
    assert.equal(later.telegramMembersHistory[1]!.t, new Date(at).toISOString());
    assert.equal(later.telegramMembers, 1500);
    assert.equal(later.slowPollUpdatedAt, new Date(at).toISOString());
  });

  it('a provider computing, one down, one rate-limited, one hanging: partial, failed and timeout with reasons', async () => {
    server.mode = 'ok';
    server.githubStatsReady = false;
    server.modes.reddit = 'down';
    server.modes.telegram = 'rate-limited';
    server.modes.x = 'hang';
    try {
      await configure({ ENRICH_BUDGET_MS: '3500' });
      const result = await scan();
      assert.ok(validate(result), JSON.stringify(validate.errors?.slice(0, 5)));
      const sources = result.meta.sources;
      const layout = result.auditLayout;

      assert.equal(sources.github?.status, 'partial', JSON.stringify(sources.github));
      assert.match(sources.github!.reason!, /HTTP 202/);
      assert.equal(layout.githubRepositoryStats.stars, 4412, 'the counts GitHub did answer are kept');
      assert.deepEqual(layout.githubRepositoryStats.contributionsPerDay, []);

      assert.equal(sources.reddit?.status, 'failed');
      assert.match(sources.reddit!.reason!, /HTTP 503/);
      assert.equal(layout.redditMembers, null, 'the documented empty value');

      // Telegram asked for 35 s (parameters.retry_after): the retry waits past the budget, in the background.
      assert.equal(sources.telegram?.status, 'timeout');
      assert.equal(sources.telegram!.reason, 'no answer within the 3500 ms budget');
      assert.equal(layout.telegramMembers, 0, 'the documented empty value');

      assert.equal(sources.x?.status, 'timeout');
      assert.ok(sources.x!.durationMs <= 3500 + 150, `x waited ${sources.x!.durationMs} ms`);
      assert.equal(layout.twitterFollowers, 0, 'the documented empty value');

      for (const role of ['aggregatorA', 'discord', 'rdap', 'dns']) assert.equal(sources[role]?.status, 'ok', role);
    } finally {
      server.githubStatsReady = true;
      for (const role of ['reddit', 'telegram', 'x'] as const) delete server.modes[role];
    }
  });

  it('every provider hanging: the scan answers within the budget, each source a timeout', async () => {
    const budget = 400;
    server.mode = 'hang';
    // A resolver that takes every question and never answers.
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    after(() => silent.close());
    await configure({ ENRICH_BUDGET_MS: String(budget), DNS_SERVERS: `127.0.0.1:${silent.address().port}` });
    const result = await scan();
    assert.ok(validate(result), JSON.stringify(validate.errors?.slice(0, 5)));
    for (const role of ['aggregatorA', 'telegram', 'reddit', 'rdap', 'dns']) {
      const source = result.meta.sources[role]!;
      assert.equal(source.status, 'timeout', `${role}: ${JSON.stringify(source)}`);
      assert.ok(source.durationMs <= budget + 100, `${role} waited ${source.durationMs} ms`);
    }
    // Without the aggregator nobody lists the X account, the Discord invite or the repository.
    assert.equal(result.meta.sources.x?.reason, 'no X account known');
    assert.equal(result.auditLayout.telegramMembers, 0);
    assert.equal(result.auditLayout.slowPollUpdatedAt, result.auditLayout.updatedAt, 'no slow source has answered yet');
  });
});
