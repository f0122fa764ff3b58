/**
 * For enrichment tests, the end-to-end check and the benchmark: one local HTTP server that
 * plays every HTTP provider the real adapters (src/enrichment/adapters, src/enrichment/domain)
 * call, each under its own path prefix standing in for the provider's host, on the paths and
 * in the formats those adapters send and read:
 *
 *   aggregatorA  {base}/coingecko/api/v3   GET /coins/{id}, GET /coins/{platform}/contract/{address}
 *   telegram     {base}/telegram           GET /bot{token}/getChatMemberCount?chat_id=@handle
 *   discord      {base}/discord/api/v10    GET /invites/{code}?with_counts=true
 *   reddit       {base}/reddit             GET /r/{name}/about.json
 *   x            {base}/x/2                GET /users/by/username/{name}  (Authorization: Bearer …)
 *   github       {base}/github             GET /orgs|users/{owner}[/repos], /repos/{o}/{r}[/contributors|/commits|/stats/commit_activity]
 *   rdap         {base}/rdap               GET /domain/{name}
 *
 * Bodies are the adapters' recorded answers (src/enrichment/adapters/__fixtures__), with the
 * counters a test sets and the names it asked for written in; errors and rate limits are the
 * providers' own (their fixtures and headers). There is no parsing here: the adapters do it.
 * `env()` gives the configuration variables that switch every provider on against this
 * server, so a test builds its enrichment the way an operator does (src/config.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

/** How a provider answers: normally, with a 5xx, with its rate-limit answer, or never. */
export type ServerMode = 'ok' | 'down' | 'rate-limited' | 'hang';

export const SERVED_PROVIDERS = ['aggregatorA', 'telegram', 'discord', 'reddit', 'x', 'github', 'rdap'] as const;
export type ServedProvider = (typeof SERVED_PROVIDERS)[number];

/** Each provider's stand-in host: the prefix its configured base URL carries. */
const PREFIX: Readonly<Record<ServedProvider, string>> = {
  aggregatorA: '/coingecko/api/v3',
  telegram: '/telegram',
  discord: '/discord/api/v10',
  reddit: '/reddit',
  x: '/x/2',
  github: '/github',
  rdap: '/rdap',
};

/** The bot token and bearer token the server accepts (anything else gets the provider's 401). */
export const TEST_BOT_TOKEN = '123456789:AAH-local-test-token';
export const TEST_BEARER_TOKEN = 'AAAA-local-test-bearer';

export interface EnrichmentServer {
  readonly base: string;
  /** The base URL of each provider, as its `*_URL` variable takes it. */
  readonly urls: Readonly<Record<ServedProvider, string>>;
  /** How every provider answers, unless `modes` names it. */
  mode: ServerMode;
  readonly modes: Partial<Record<ServedProvider, ServerMode>>;
  /** Added before every answer (ms). */
  delayMs: number;
  /** Counter values answered (Telegram members, Discord approximate members, Reddit subscribers, X followers). */
  readonly counts: { telegram: number; discord: number; reddit: number; x: number };
  /** The RDAP `registration` event's date. */
  registeredAt: string;
  /** While false, GitHub answers `stats/commit_activity` with 202 (still computing), as it does at first. */
  githubStatsReady: boolean;
  /** Requests received, by provider. */
  readonly calls: Map<ServedProvider, number>;
  /** The variables that switch every served provider on against this server (src/config.ts). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const FIXTURES = new URL('../enrichment/adapters/__fixtures__/', import.meta.url);
const fixture = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8')) as Record<string, unknown>;

interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export async function startEnrichmentServer(): Promise<EnrichmentServer> {
  const state = {
    mode: 'ok' as ServerMode,
    modes: {} as Partial<Record<ServedProvider, ServerMode>>,
    delayMs: 0,
    counts: { telegram: 1200, discord: 950, reddit: 340, x: 5600 },
    registeredAt: '2020-05-01T10:00:00Z',
    githubStatsReady: true,
    calls: new Map<ServedProvider, number>(),
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const provider = SERVED_PROVIDERS.find((p) => url.pathname.startsWith(`${PREFIX[p]}/`));
    if (!provider) return send(res, { status: 404, body: { message: 'Not Found' } });
    state.calls.set(provider, (state.calls.get(provider) ?? 0) + 1);
    const mode = state.modes[provider] ?? state.mode;
    if (mode === 'hang') return;
    if (mode === 'down') return send(res, { status: 503, body: '<html><body><h1>503 Service Unavailable</h1></body></html>' });
    if (mode === 'rate-limited') return send(res, rateLimited(provider));
    const path = url.pathname.slice(PREFIX[provider].length);
    send(res, answer(provider, path, url.searchParams, req, state));
  };

  const server = createServer((req, res) => {
    if (state.delayMs > 0) setTimeout(() => handle(req, res), state.delayMs);
    else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = Object.fromEntries(SERVED_PROVIDERS.map((p) => [p, `${base}${PREFIX[p]}`])) as Record<ServedProvider, string>;
  return Object.assign(state, {
    base,
    urls,
    env: () => ({
      AGGREGATOR_A_URL: urls.aggregatorA,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_URL: urls.telegram,
      DISCORD_API_URL: urls.discord,
      REDDIT_API_URL: urls.reddit,
      X_BEARER_TOKEN: TEST_BEARER_TOKEN,
      X_API_URL: urls.x,
      GITHUB_API_URL: urls.github,
      RDAP_URL: urls.rdap,
      ENRICH_KEYLESS: 'discord,reddit,github,rdap',
      // The providers are on loopback: the outbound check must let them through (tests only).
      ENRICH_ALLOW_PRIVATE: '1',
    }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

function send(res: ServerResponse, answer: Answer): void {
  const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const type = typeof answer.body === 'string' ? 'text/html' : 'application/json; charset=utf-8';
  res.writeHead(answer.status, { 'content-type': type, ...answer.headers });
  res.end(text);
}

/** Each provider's own rate-limit answer (status, body and the header it says when to retry in). */
function rateLimited(provider: ServedProvider): Answer {
  // X and GitHub name the epoch second the window reopens; two seconds on, so it is still ahead when read.
  const inSeconds = (s: number) => String(Math.floor(Date.now() / 1000) + s);
  switch (provider) {
    case 'aggregatorA':
      return { status: 429, headers: { 'retry-after': '1' }, body: fixture('aggregator-a/rate-limited.json') };
    case 'telegram':
      return { status: 429, body: fixture('telegram/too-many-requests.json') };
    case 'discord':
      return { status: 429, headers: { 'retry-after': '1' }, body: fixture('discord/rate-limited.json') };
    case 'reddit':
      return {
        status: 429,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1', 'x-ratelimit-used': '100' },
        body: fixture('reddit/too-many-requests.json'),
      };
    case 'x':
      return {
        status: 429,
        headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': inSeconds(2) },
        body: fixture('x/too-many-requests.json'),
      };
    case 'github':
      return {
        status: 403,
        headers: {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': inSeconds(2),
          'x-ratelimit-resource': 'core',
        },
        body: fixture('github/rate-limited.json'),
      };
    case 'rdap':
      // RFC 9083 section 6 error object; RFC 7480 section 5.5 has servers send Retry-After with 429.
      return {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { errorCode: 429, title: 'Too Many Requests', description: ['Query rate exceeded.'] },
      };
  }
}

interface Counters {
  readonly counts: { telegram: number; discord: number; reddit: number; x: number };
  readonly registeredAt: string;
  readonly githubStatsReady: boolean;
}

function answer(provider: ServedProvider, path: string, query: URLSearchParams, req: IncomingMessage, s: Counters): Answer {
  switch (provider) {
    case 'aggregatorA':
      return coinGecko(path);
    case 'telegram': {
      const match = /^\/bot([^/]+)\/getChatMemberCount$/.exec(path);
      if (!match) return { status: 404, body: fixture('telegram/not-found.json') };
      if (decodeURIComponent(match[1]!) !== TEST_BOT_TOKEN) return { status: 401, body: fixture('telegram/unauthorized.json') };
      if (!/^@[A-Za-z0-9_]{4,}$/.test(query.get('chat_id') ?? '')) return { status: 400, body: fixture('telegram/chat-not-found.json') };
      return { status: 200, body: { ...fixture('telegram/member-count.json'), result: s.counts.telegram } };
    }
    case 'discord': {
      const match = /^\/invites\/([A-Za-z0-9-]+)$/.exec(path);
      if (!match) return { status: 404, body: { message: '404: Not Found', code: 0 } };
      const invite = fixture('discord/invite.json');
      // Without with_counts Discord leaves the counts out.
      if (query.get('with_counts') !== 'true') return { status: 200, body: { ...invite, approximate_member_count: undefined } };
      return { status: 200, body: { ...invite, code: match[1], approximate_member_count: s.counts.discord } };
    }
    case 'reddit': {
      const match = /^\/r\/([A-Za-z0-9_]+)\/about\.json$/.exec(path);
      if (!match) return { status: 404, body: fixture('reddit/not-found.json') };
      const about = fixture('reddit/about.json');
      const data = about.data as Record<string, unknown>;
      return {
        status: 200,
        body: { ...about, data: { ...data, display_name: match[1], display_name_prefixed: `r/${match[1]}`, subscribers: s.counts.reddit } },
      };
    }
    case 'x': {
      if (req.headers.authorization !== `Bearer ${TEST_BEARER_TOKEN}`) return { status: 401, body: fixture('x/unauthorized.json') };
      const match = /^\/users\/by\/username\/([A-Za-z0-9_]{1,15})$/.exec(path);
      if (!match) return { status: 404, body: { title: 'Not Found Error', type: 'about:blank', status: 404 } };
      const user = fixture('x/user.json');
      const data = user.data as Record<string, unknown>;
      const metrics = data.public_metrics as Record<string, unknown>;
      return {
        status: 200,
        body: { data: { ...data, username: match[1], public_metrics: { ...metrics, followers_count: s.counts.x } } },
      };
    }
    case 'github':
      return github(path, s.githubStatsReady);
    case 'rdap': {
      const match = /^\/domain\/([A-Za-z0-9.-]+)$/.exec(path);
      if (!match) return { status: 400, body: { errorCode: 400, title: 'Bad Request' } };
      return { status: 200, body: rdapDomain(match[1]!, s.registeredAt) };
    }
  }
}

/** CoinGecko: the recorded coin by its id, or by a contract its `platforms` list; its 404 otherwise. */
function coinGecko(path: string): Answer {
  const coin = fixture('aggregator-a/coin.json');
  const platforms = coin.platforms as Record<string, string>;
  const byId = /^\/coins\/([a-z0-9-]+)$/.exec(path);
  if (byId && byId[1] === coin.id) return { status: 200, body: coin };
  const byContract = /^\/coins\/([a-z0-9-]+)\/contract\/([^/]+)$/.exec(path);
  if (byContract && platforms[byContract[1]!]?.toLowerCase() === decodeURIComponent(byContract[2]!).toLowerCase())
    return { status: 200, body: coin };
  return { status: 404, body: fixture('aggregator-a/not-found.json') };
}

/**
 * GitHub REST: every owner is an organisation with the recorded one's figures and one
 * repository (the recorded one, renamed to what was asked); lists are counted through the
 * `Link` header's last page, as GitHub paginates them.
 */
function github(path: string, statsReady: boolean): Answer {
  const segment = '([A-Za-z0-9._-]+)';
  let match = new RegExp(`^/(?:orgs|users)/${segment}$`).exec(path);
  if (match) return { status: 200, body: { ...fixture('github/org.json'), login: match[1] } };
  match = new RegExp(`^/(?:orgs|users)/${segment}/repos$`).exec(path);
  if (match) return { status: 200, body: [{ ...fixture('github/repo.json'), name: 'main-repo', full_name: `${match[1]}/main-repo` }] };
  match = new RegExp(`^/repos/${segment}/${segment}(/.*)?$`).exec(path);
  if (!match) return { status: 404, body: fixture('github/not-found.json') };
  const [, owner, repo, rest = ''] = match;
  const lastPage = (what: string, pages: number) => ({
    link: `<https://api.github.com/repositories/280416524/${what}?per_page=1&page=2>; rel="next", <https://api.github.com/repositories/280416524/${what}?per_page=1&page=${pages}>; rel="last"`,
  });
  switch (rest) {
    case '':
      return { status: 200, body: { ...fixture('github/repo.json'), name: repo, full_name: `${owner}/${repo}` } };
    case '/contributors':
      return { status: 200, headers: lastPage('contributors', 37), body: fixture('github/contributors-page.json') };
    case '/commits':
      return { status: 200, headers: lastPage('commits', 1218), body: fixture('github/commits-page.json') };
    case '/stats/commit_activity':
      return statsReady ? { status: 200, body: fixture('github/commit-activity.json') } : { status: 202, body: {} };
    default:
      return { status: 404, body: fixture('github/not-found.json') };
  }
}

/** An RFC 9083 domain object in the shape a gTLD registry's RDAP server answers. */
function rdapDomain(name: string, registeredAt: string): unknown {
  return {
    objectClassName: 'domain',
    ldhName: name.toUpperCase(),
    status: ['client transfer prohibited'],
    events: [
      { eventAction: 'registration', eventDate: registeredAt },
      { eventAction: 'expiration', eventDate: '2030-05-01T10:00:00Z' },
      { eventAction: 'last update of RDAP database', eventDate: '2026-11-25T23:10:02Z' },
    ],
    rdapConformance: ['rdap_level_0', 'icann_rdap_response_profile_0'],
  };
}
