/**
 * For enrichment tests and the benchmark: one local HTTP server answering in the documented
 * formats of the providers the tests use (Telegram Bot API getChatMemberCount, CoinGecko's
 * coin-by-contract, Reddit's about.json, X API v2 user lookup, RDAP domain), including their
 * error and rate-limit answers, and small providers that read them. The real adapters live
 * in src/enrichment/adapters; these exist so the orchestration is tested without them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError, readJsonResponse, type Provider } from '../enrichment/provider.ts';
import type { AggregatorFacts, AggregatorQuery, EnrichmentProviders } from '../enrichment/provider-set.ts';

/** How the server answers: normally, with the provider's 5xx, its rate limit, or never. */
export type ServerMode = 'ok' | 'down' | 'rate-limited' | 'hang';

export interface EnrichmentServer {
  readonly base: string;
  mode: ServerMode;
  /** Added before every answer (ms). */
  delayMs: number;
  /** Counter values answered ('members' of Telegram, 'subscribers' of Reddit, 'followers' of X). */
  readonly counts: { telegram: number; reddit: number; x: number };
  /** Requests received, by path prefix. */
  readonly calls: Map<string, number>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startEnrichmentServer(): Promise<EnrichmentServer> {
  const state: Omit<EnrichmentServer, 'base' | 'close'> = {
    mode: 'ok',
    delayMs: 0,
    counts: { telegram: 1200, reddit: 340, x: 5600 },
    calls: new Map(),
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const prefix = url.pathname.split('/')[1] ?? '';
    state.calls.set(prefix, (state.calls.get(prefix) ?? 0) + 1);
    if (state.mode === 'hang') return;
    const telegram = /^\/bot[^/]+\/getChatMemberCount$/.test(url.pathname);
    if (state.mode === 'rate-limited') {
      // Each provider's own rate-limit answer.
      if (telegram)
        return send(res, 429, {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 1',
          parameters: { retry_after: 1 },
        });
      return send(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '1' });
    }
    if (state.mode === 'down') return send(res, 503, { message: 'Service Unavailable' });
    if (telegram) {
      const chat = url.searchParams.get('chat_id') ?? '';
      if (chat === '@missing') return send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      return send(res, 200, { ok: true, result: state.counts.telegram });
    }
    let match = /^\/api\/v3\/coins\/([a-z0-9-]+)\/contract\/(0x[0-9a-fA-F]{40})$/.exec(url.pathname);
    if (match)
      return send(res, 200, {
        id: 'example-token',
        symbol: 'exm',
        market_cap_rank: 321,
        links: {
          homepage: ['https://aggregator-listed.example', ''],
          twitter_screen_name: 'example_listed',
          telegram_channel_identifier: 'example_listed_chat',
          subreddit_url: 'https://www.reddit.com/r/example/',
          repos_url: { github: ['https://github.com/example-org/example'] },
        },
        image: { large: 'https://assets.example/large.png' },
        description: { en: 'An example token.' },
      });
    match = /^\/r\/([A-Za-z0-9_]+)\/about\.json$/.exec(url.pathname);
    if (match) return send(res, 200, { kind: 't5', data: { display_name: match[1], subscribers: state.counts.reddit } });
    match = /^\/2\/users\/by\/username\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (match)
      return send(res, 200, {
        data: { id: '1', name: match[1], username: match[1], public_metrics: { followers_count: state.counts.x, following_count: 1 } },
      });
    match = /^\/domain\/([a-z0-9.-]+)$/.exec(url.pathname);
    if (match)
      return send(res, 200, {
        objectClassName: 'domain',
        ldhName: match[1],
        events: [{ eventAction: 'registration', eventDate: '2020-05-01T10:00:00Z' }],
      });
    return send(res, 404, { message: 'Not Found' });
  };
  const server = createServer((req, res) => {
    if (state.delayMs > 0) setTimeout(() => handle(req, res), state.delayMs);
    else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    base,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

const handleOf = (link: string, host: RegExp) => link.replace(host, '').replace(/^@/, '').replace(/\/.*$/, '');

/** Providers for the roles the server speaks, in the adapters' shape. */
export function serverProviders(base: string): Required<Pick<EnrichmentProviders, 'aggregatorA' | 'telegram' | 'reddit' | 'x' | 'rdap'>> {
  const aggregatorA: Provider<AggregatorQuery, AggregatorFacts> = {
    name: 'aggregatorA',
    fields: ['aggregatorA'],
    async fetch(query, ctx) {
      const platform = query.network === 'ETH' ? 'ethereum' : query.network.toLowerCase();
      const body = (await readJsonResponse(
        'aggregatorA',
        await ctx.fetch(`${base}/api/v3/coins/${platform}/contract/${query.address}`, { signal: ctx.signal }),
      )) as {
        id: string;
        market_cap_rank: number | null;
        links: { homepage: string[]; twitter_screen_name: string; telegram_channel_identifier: string; repos_url: { github: string[] } };
        description: { en: string };
        image: { large: string };
      };
      return {
        rank: body.market_cap_rank ?? 0,
        id: body.id,
        links: {
          website: body.links.homepage.find((h) => h) ?? '',
          twitter: body.links.twitter_screen_name ? `https://x.com/${body.links.twitter_screen_name}` : '',
          telegram: body.links.telegram_channel_identifier ? `https://t.me/${body.links.telegram_channel_identifier}` : '',
          github: body.links.repos_url.github[0] ?? '',
          description: body.description.en,
          logo: body.image.large,
        },
      };
    },
  };
  const telegram: NonNullable<EnrichmentProviders['telegram']> = {
    name: 'telegram',
    fields: ['telegramMembers'],
    async fetch({ handle }, ctx) {
      const chat = `@${handleOf(handle, /^https?:\/\/t\.me\//)}`;
      const response = await ctx.fetch(`${base}/botTEST:token/getChatMemberCount?chat_id=${encodeURIComponent(chat)}`, {
        signal: ctx.signal,
      });
      const body = (await response.json()) as {
        ok: boolean;
        result?: number;
        error_code?: number;
        description?: string;
        parameters?: { retry_after?: number };
      };
      if (body.ok && typeof body.result === 'number') return { members: body.result };
      if (body.error_code === 429)
        throw new ProviderError('telegram', 'rate-limited', body.description ?? 'rate limited', (body.parameters?.retry_after ?? 1) * 1000);
      if (response.status >= 500) throw new ProviderError('telegram', 'unreachable', `telegram answered HTTP ${response.status}`);
      throw new ProviderError('telegram', 'not-found', body.description ?? 'no such chat');
    },
  };
  const reddit: NonNullable<EnrichmentProviders['reddit']> = {
    name: 'reddit',
    fields: ['redditMembers'],
    async fetch({ subreddit }, ctx) {
      const name = handleOf(subreddit, /^https?:\/\/(www\.)?reddit\.com\/r\//);
      const body = (await readJsonResponse('reddit', await ctx.fetch(`${base}/r/${name}/about.json`, { signal: ctx.signal }))) as {
        data: { subscribers: number };
      };
      return { subscribers: body.data.subscribers };
    },
  };
  const x: NonNullable<EnrichmentProviders['x']> = {
    name: 'x',
    fields: ['twitterFollowers'],
    async fetch({ username }, ctx) {
      const name = handleOf(username, /^https?:\/\/(x|twitter)\.com\//);
      const body = (await readJsonResponse(
        'x',
        await ctx.fetch(`${base}/2/users/by/username/${name}?user.fields=public_metrics`, { signal: ctx.signal }),
      )) as {
        data: { public_metrics: { followers_count: number } };
      };
      return { followers: body.data.public_metrics.followers_count };
    },
  };
  const rdap: NonNullable<EnrichmentProviders['rdap']> = {
    name: 'rdap',
    fields: ['domainInfo'],
    async fetch({ domain }, ctx) {
      const body = (await readJsonResponse('rdap', await ctx.fetch(`${base}/domain/${domain}`, { signal: ctx.signal }))) as {
        events: { eventAction: string; eventDate: string }[];
      };
      const registered = body.events.find((e) => e.eventAction === 'registration');
      return { creationDate: registered ? new Date(registered.eventDate).toISOString() : '' };
    },
  };
  return { aggregatorA, telegram, reddit, x, rdap };
}
