/**
 * Issue 19 as a new operator meets it: the README's worked example of the enrichment
 * variables switches each provider on, and `scopeward serve` started with those variables
 * (pointed at local stand-ins for the providers and a local DNS server) fills a devnet
 * token's scan from the project registry imported with `scopeward projects import`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { enabledSettings } from '../src/enrichment/providers.ts';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';
import { runCli } from '../src/testing/run-cli.ts';
import { startEnrichmentServer, type EnrichmentServer } from '../src/testing/enrichment-server.ts';
import { startDnsZoneServer, type DnsZoneServer } from '../src/testing/dns-zone-server.ts';
import { wellKeptDomain } from '../src/testing/crafted-dns-zones.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The devnet's plain token, the one docs/examples/projects.csv registers. */
const PLAIN = '0x97035c149c7DD28664096E0c3f3176A0a6b297A7';

/** The README's worked example: the ```env block of its enrichment section. */
async function readmeEnrichmentExample(): Promise<Record<string, string>> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Project profiles and enrichment'));
  const block = /```env\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, 'the enrichment section shows its variables in an ```env block');
  return parseEnv(block) as Record<string, string>;
}

describe("the README's enrichment example", () => {
  it('switches on every provider but Lighthouse, each with the key or address it shows', async () => {
    const example = await readmeEnrichmentExample();
    const settings = enabledSettings(loadConfig(example).enrichment);
    assert.deepEqual(Object.keys(settings).sort(), ['aggregatorA', 'discord', 'dns', 'github', 'rdap', 'reddit', 'telegram', 'x']);
    assert.equal(settings.aggregatorA?.url, example.AGGREGATOR_A_URL);
    assert.equal(settings.aggregatorA?.key, example.AGGREGATOR_A_KEY);
    assert.equal(settings.telegram?.key, example.TELEGRAM_BOT_TOKEN);
    assert.equal(settings.x?.key, example.X_BEARER_TOKEN);
    assert.equal(settings.github?.key, example.GITHUB_STATS_TOKEN);
    assert.equal(settings.reddit?.url, 'https://www.reddit.com', "keyless: the provider's own address by default");
  });
});

describe('scopeward serve with the enrichment variables, after `projects import`', () => {
  let dir: string;
  let providers: EnrichmentServer;
  let dns: DnsZoneServer;
  let server: SpawnedServer | undefined;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-enrich-serve-'));
    providers = await startEnrichmentServer();
    // plain-token.example: the website docs/examples/projects.csv registers.
    dns = await startDnsZoneServer({ records: wellKeptDomain('127.0.0.2', 'plain-token.example') });
    env = {
      DATA_DIR: join(dir, 'data'),
      DEVNET: 'on',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...providers.env(),
      DNS_SERVERS: dns.resolver,
      // The name-server probes go to port 53, where nothing listens here (2 s each): room for them.
      ENRICH_BUDGET_MS: '6000',
    };
  });
  after(async () => {
    await server?.stop();
    await providers.close();
    await dns.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fills the scan from the registry and the providers, and says where each part came from', async () => {
    const imported = await runCli(['projects', 'import', join(root, 'docs/examples/projects.csv')], env);
    assert.equal(imported.code, 0, imported.stderr);
    server = await spawnServer(env, 120_000);

    const res = await fetch(`${server.url}/api/cyberscan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: PLAIN, network: 'LOCAL' }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const { auditLayout: layout, meta } = (await res.json()) as {
      auditLayout: Record<string, unknown> & {
        domainInfo: { whois: { creationDate: string }; dns: Record<string, boolean> };
        githubRepositoryStats: { owner: string; stars: number; commits: number; contributors: number };
        telegramMembersHistory: { v: number }[];
      };
      meta: { sources: Record<string, { status: string; reason?: string }> };
    };

    // From the registry file.
    assert.equal(layout.website, 'https://plain-token.example');
    assert.equal(layout.telegram, 'https://t.me/plaintoken');
    assert.equal(layout.github, 'https://github.com/plain-token');
    // From the providers, through the real adapters.
    assert.equal(layout.telegramMembers, 1200);
    assert.deepEqual(
      layout.telegramMembersHistory.map((p) => p.v),
      [1200],
    );
    assert.equal(layout.redditMembers, 340);
    assert.equal(layout.twitterFollowers, 5600);
    assert.deepEqual(layout.socialCounters, { twitter: 5600, telegram: 1200 });
    assert.equal(layout.githubRepositoryStats.owner, 'plain-token');
    assert.equal(layout.githubRepositoryStats.stars, 4412);
    assert.equal(layout.githubRepositoryStats.commits, 1218);
    assert.equal(layout.domainInfo.whois.creationDate, '2020-05-01T10:00:00.000Z');
    assert.equal(layout.domainInfo.dns.missingDMARC, false);

    for (const role of ['telegram', 'reddit', 'x', 'github', 'rdap', 'dns'])
      assert.equal(meta.sources[role]?.status, 'ok', `${role}: ${JSON.stringify(meta.sources[role])}`);
    assert.equal(meta.sources.projectRegistry?.status, 'ok');
    // A devnet token is on no aggregator: LOCAL has no CoinGecko platform and the file names no coin id.
    assert.equal(meta.sources.aggregatorA?.status, 'failed');
    assert.match(meta.sources.aggregatorA!.reason!, /no asset platform for network LOCAL/);
    assert.equal(meta.sources.discord?.reason, 'no Discord invite known');
    assert.equal(meta.sources.lighthouse?.reason, 'not configured');
  });
});
