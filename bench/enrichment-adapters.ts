/**
 * Parse cost of each enrichment adapter (issue 19) on its providers' recorded answers
 * (src/enrichment/adapters/__fixtures__), against two baselines measured in the same run:
 *
 *   json     bare JSON.parse of the same answer texts (the least any adapter must do)
 *   fetch    the same in-memory fetch the adapter gets (a Response per answer, read as
 *            text) plus JSON.parse: what a hand-written client that only parses would cost
 *   adapter  the adapter's own `fetch(input, ctx)` — building URLs and headers, reading
 *            each Response, parsing, checking the documented shape, normalising links —
 *            with ctx.fetch answering from memory, so no network time is counted
 *
 *   node --import tsx bench/enrichment-adapters.ts [--iterations 3000]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Provider, ProviderContext } from '../src/enrichment/provider.ts';
import { createAggregatorAProvider } from '../src/enrichment/adapters/aggregator-a.ts';
import { createAggregatorBProvider } from '../src/enrichment/adapters/aggregator-b.ts';
import { createTelegramProvider } from '../src/enrichment/adapters/telegram.ts';
import { createDiscordProvider } from '../src/enrichment/adapters/discord.ts';
import { createRedditProvider } from '../src/enrichment/adapters/reddit.ts';
import { createXProvider } from '../src/enrichment/adapters/x.ts';
import { createGithubProvider } from '../src/enrichment/adapters/github.ts';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '3000' } } });
const ITERATIONS = Number(values.iterations);
const BASE = 'http://provider.invalid';
const fixture = (path: string) => readFileSync(new URL(`../src/enrichment/adapters/__fixtures__/${path}`, import.meta.url), 'utf8');

interface Recorded {
  readonly body: string;
  readonly headers?: Record<string, string>;
}

interface Case {
  readonly name: string;
  readonly provider: Provider<never, unknown>;
  readonly input: unknown;
  /** Path and query → the recorded answer the provider gave to it. */
  readonly answers: Readonly<Record<string, Recorded>>;
}

const SLIM = '?localization=false&tickers=false&market_data=false&community_data=false&developer_data=false&sparkline=false';
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const link = (last: number) => ({ link: `<${BASE}/x?page=2>; rel="next", <${BASE}/x?page=${last}>; rel="last"` });

const cases: Case[] = [
  {
    name: 'aggregatorA',
    provider: createAggregatorAProvider({ baseUrl: BASE, apiKey: 'k' }) as Provider<never, unknown>,
    input: { network: 'ETH', address: '', id: 'uniswap' },
    answers: { [`/coins/uniswap${SLIM}`]: { body: fixture('aggregator-a/coin.json') } },
  },
  {
    name: 'aggregatorB',
    provider: createAggregatorBProvider({ baseUrl: BASE, apiKey: 'k' }) as Provider<never, unknown>,
    input: { network: 'ETH', address: '', id: 'uniswap' },
    answers: {
      '/v2/cryptocurrency/info?slug=uniswap': { body: fixture('aggregator-b/info.json') },
      '/v2/cryptocurrency/quotes/latest?id=7083': { body: fixture('aggregator-b/quotes-latest.json') },
    },
  },
  {
    name: 'telegram',
    provider: createTelegramProvider({ baseUrl: BASE, apiKey: TOKEN }) as Provider<never, unknown>,
    input: { handle: 'https://t.me/scope_ward' },
    answers: { [`/bot${TOKEN}/getChatMemberCount?chat_id=%40scope_ward`]: { body: fixture('telegram/member-count.json') } },
  },
  {
    name: 'discord',
    provider: createDiscordProvider({ baseUrl: BASE }) as Provider<never, unknown>,
    input: { invite: 'https://discord.gg/FCfyBSbCU5' },
    answers: { '/invites/FCfyBSbCU5?with_counts=true': { body: fixture('discord/invite.json') } },
  },
  {
    name: 'reddit',
    provider: createRedditProvider({ baseUrl: BASE }) as Provider<never, unknown>,
    input: { subreddit: 'https://www.reddit.com/r/ethereum/' },
    answers: { '/r/ethereum/about.json?raw_json=1': { body: fixture('reddit/about.json') } },
  },
  {
    name: 'x',
    provider: createXProvider({ baseUrl: BASE, apiKey: 'bearer' }) as Provider<never, unknown>,
    input: { username: '@Uniswap' },
    answers: { '/users/by/username/Uniswap?user.fields=public_metrics': { body: fixture('x/user.json') } },
  },
  {
    name: 'github',
    provider: createGithubProvider({ baseUrl: BASE, apiKey: 't' }) as Provider<never, unknown>,
    input: { owner: 'Uniswap', repo: 'v3-core' },
    answers: {
      '/orgs/Uniswap': { body: fixture('github/org.json') },
      '/repos/Uniswap/v3-core': { body: fixture('github/repo.json') },
      '/repos/Uniswap/v3-core/contributors?per_page=1&anon=1': { body: fixture('github/contributors-page.json'), headers: link(37) },
      '/repos/Uniswap/v3-core/commits?per_page=1': { body: fixture('github/commits-page.json'), headers: link(1218) },
      '/repos/Uniswap/v3-core/stats/commit_activity': { body: fixture('github/commit-activity.json') },
    },
  },
];

function memoryFetch(answers: Readonly<Record<string, Recorded>>): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const recorded = answers[url.pathname + url.search];
    if (!recorded) throw new Error(`bench: no recorded answer for ${url.pathname}${url.search}`);
    return new Response(recorded.body, { status: 200, headers: { 'content-type': 'application/json', ...recorded.headers } });
  }) as typeof fetch;
}

async function time(run: () => unknown): Promise<number> {
  for (let i = 0; i < Math.min(200, ITERATIONS); i++) await run();
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await run();
  return ((performance.now() - start) * 1000) / ITERATIONS; // µs per call
}

const rows: string[][] = [];
for (const c of cases) {
  const texts = Object.values(c.answers).map((a) => a.body);
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const doFetch = memoryFetch(c.answers);
  const ctx: ProviderContext = { fetch: doFetch, signal: new AbortController().signal, now: () => new Date('2026-11-26T00:00:00Z') };
  // A check that the adapter really answers from these recordings before timing it.
  await c.provider.fetch(c.input as never, ctx);
  const json = await time(() => texts.map((t) => JSON.parse(t) as unknown));
  const fetched = await time(async () => {
    for (const path of Object.keys(c.answers)) JSON.parse(await (await doFetch(BASE + path)).text());
  });
  const adapter = await time(() => c.provider.fetch(c.input as never, ctx));
  rows.push([
    c.name,
    String(texts.length),
    String(bytes),
    json.toFixed(1),
    fetched.toFixed(1),
    adapter.toFixed(1),
    (adapter / json).toFixed(1),
    (adapter / fetched).toFixed(2),
  ]);
}

const header = ['adapter', 'answers', 'bytes', 'json µs', 'fetch+json µs', 'adapter µs', 'adapter/json', 'adapter/fetch+json'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: readonly string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
console.log(`enrichment adapters, ${ITERATIONS} calls each (node ${process.version})`);
console.log(line(header));
for (const row of rows) console.log(line(row));
