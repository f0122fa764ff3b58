/**
 * A scan's enrichment step (issue 19) through the real adapters, switched on by the
 * configuration, against a local server playing each provider whose every answer takes
 * 200 ms, in one run:
 *
 * - baseline: the same requests made directly with fetch, in the same two rounds (the
 *   aggregator, then the socials and the domain with the links it listed);
 * - enrichment, cold: enrichProject under the policy, cache empty (the ratio to the baseline
 *   is the policy's and orchestration's cost);
 * - enrichment, cached: the same again within the cache TTL (what a scan pays once the poll
 *   has run: the issue's target is under 50 ms);
 * - every provider hanging: how long the step takes with a budget of ENRICH_BUDGET_MS
 *   (default 1500 ms; target: the budget, not the providers' time limits).
 *
 *   node --import tsx bench/enrichment.ts [--rounds 5] [--delay 200] [--budget 1500]
 */
import { parseArgs } from 'node:util';
import { startEnrichmentServer, TEST_BOT_TOKEN, TEST_BEARER_TOKEN } from '../src/testing/enrichment-server.ts';
import { loadConfig } from '../src/config.ts';
import { providersFromConfig } from '../src/enrichment/providers.ts';
import { EMPTY_LINKS, enrichProject, guardProviders, type ProjectProfile } from '../src/enrichment/enrich-project.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    delay: { type: 'string', default: '200' },
    budget: { type: 'string', default: '1500' },
  },
});
const rounds = Number(values.rounds);
const budgetMs = Number(values.budget);
const TOKEN = '0x00000000000000000000000000000000000000aa';
const profile: ProjectProfile = {
  links: { ...EMPTY_LINKS, website: 'https://registry.example', telegram: '@example_chat', reddit: 'r/example' },
  // The coin the local CoinGecko stand-in knows; it lists the X account, the Discord invite and the GitHub repository.
  aggregatorAId: 'uniswap',
  aggregatorBSlug: '',
  registered: true,
};

const server = await startEnrichmentServer();
server.delayMs = Number(values.delay);

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The requests enrichProject makes, by hand: the aggregator, then the rest in parallel (GitHub's six in its order). */
async function direct(): Promise<void> {
  const u = server.urls;
  const get = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).json();
  const coin = (await get(`${u.aggregatorA}/coins/uniswap`)) as { links: { twitter_screen_name: string } };
  const github = async () => {
    await get(`${u.github}/orgs/Uniswap`);
    const repo = `${u.github}/repos/Uniswap/uniswap-v3-core`;
    await Promise.all([
      get(repo),
      get(`${repo}/contributors?per_page=1&anon=1`),
      get(`${repo}/commits?per_page=1`),
      get(`${repo}/stats/commit_activity`),
    ]);
  };
  await Promise.all([
    get(`${u.telegram}/bot${TEST_BOT_TOKEN}/getChatMemberCount?chat_id=@example_chat`),
    get(`${u.discord}/invites/FCfyBSbCU5?with_counts=true`),
    get(`${u.reddit}/r/example/about.json`),
    get(`${u.x}/users/by/username/${coin.links.twitter_screen_name}?user.fields=public_metrics`, {
      authorization: `Bearer ${TEST_BEARER_TOKEN}`,
    }),
    get(`${u.rdap}/domain/registry.example`),
    github(),
  ]);
}

const configured = () => providersFromConfig(loadConfig(server.env()).enrichment);
const enrich = (providers: ReturnType<typeof guardProviders>) =>
  enrichProject({ network: 'ETH', address: TOKEN, profile, providers, budgetMs, now: () => new Date() });

const baseline: number[] = [];
const cold: number[] = [];
const cached: number[] = [];
const hanging: number[] = [];
await direct(); // warm the connection pool and the JIT
for (let i = 0; i < rounds; i++) {
  server.mode = 'ok';
  baseline.push(await time(direct));
  const providers = guardProviders(configured(), { all: { cacheTtlMs: 60_000 } });
  let state: Awaited<ReturnType<typeof enrich>> | undefined;
  cold.push(await time(async () => (state = await enrich(providers))));
  // A figure is only worth reading if every provider answered through its adapter.
  const notOk = Object.entries(state!.sources).filter(([, s]) => s.status !== 'ok' && s.status !== 'unavailable');
  if (notOk.length > 0) throw new Error(`a provider did not answer: ${JSON.stringify(notOk)}`);
  cached.push(await time(() => enrich(providers)));
  server.mode = 'hang';
  const stuck = guardProviders(configured(), { all: { timeoutMs: 20_000 } });
  hanging.push(await time(() => enrich(stuck)));
}
await server.close();

const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(`enrichment step, ${rounds} rounds, answers after ${values.delay} ms, budget ${budgetMs} ms (medians)`);
console.log(`  direct fetch (baseline)   ${ms(median(baseline))}`);
console.log(`  enrichProject, cold       ${ms(median(cold))}  ratio ${(median(cold) / median(baseline)).toFixed(3)}`);
console.log(`  enrichProject, cached     ${ms(median(cached))}  (target < 50 ms)`);
console.log(`  every provider hanging    ${ms(median(hanging))}  (target ≤ budget ${budgetMs} ms)`);
