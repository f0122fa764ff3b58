/**
 * aggregatorA: a market-data aggregator speaking CoinGecko's API v3 format
 * (https://docs.coingecko.com/reference/coins-id and …/coins-contract-address).
 *
 *   GET {base}/coins/{id}?localization=false&tickers=false&market_data=false&…   when the registry knows the coin id
 *   GET {base}/coins/{asset_platform_id}/contract/{address}                      otherwise
 *
 * Both answer the same coin object; we read `id`, `market_cap_rank` (null when unranked:
 * rank 0), `image.large`, `description.en` and the `links` block. The key goes in
 * `x-cg-pro-api-key` for the paid API (host `pro-api.…`) and `x-cg-demo-api-key` otherwise.
 *
 * Errors in CoinGecko's formats: 404 `{"error":"coin not found"}`; 429
 * `{"status":{"error_code":429,…}}` with `retry-after`; key problems as
 * `{"status":{"error_code":10002|10005|10010|10011,…}}` (sometimes with HTTP 400).
 */
import { ProviderError, retryAfterMs, type Provider, type ProviderContext } from '../provider.ts';
import { AGGREGATOR_LINK_FIELDS, type AggregatorFacts, type AggregatorQuery, type ProjectLinks } from '../provider-set.ts';
import {
  badResponse,
  endpoint,
  getAnswer,
  isRecord,
  num,
  rec,
  str,
  strings,
  throwIfServerError,
  type ProviderAnswer,
  requireBaseUrl,
} from './http.ts';
import { HandleError, redditLink, sortLinks, subredditName, telegramHandle, telegramLink, xLink, xUsername } from './handles.ts';

const NAME = 'aggregatorA';
/** Where the provider answers when the configuration names no other base URL. The public (demo-key) API; the paid one is `https://pro-api.coingecko.com/api/v3`. */
export const DEFAULT_BASE_URL = 'https://api.coingecko.com/api/v3';

/**
 * Our network symbols (src/chain/networks.ts) → CoinGecko asset platform ids
 * (GET /asset_platforms). Networks missing here have no platform there that we could
 * confirm (and testnets have none); a token on them is found only by its coin id.
 */
export const ASSET_PLATFORMS: Readonly<Record<string, string>> = {
  ETH: 'ethereum',
  BSC: 'binance-smart-chain',
  MATIC: 'polygon-pos',
  AVAX: 'avalanche',
  ARBITRUM: 'arbitrum-one',
  BLAST: 'blast',
  DOGE: 'dogechain',
  CRO: 'cronos',
  BASE: 'base',
  ONE: 'harmony-shard-0',
  FTM: 'fantom',
  KCC: 'kucoin-community-chain',
  KLAY: 'klay-token',
  TELOS: 'telos',
  MOVR: 'moonriver',
  GLMR: 'moonbeam',
  CELO: 'celo',
  VLX: 'velas',
  ETC: 'ethereum-classic',
  OPTIMISM: 'optimistic-ethereum',
  XDAI: 'xdai',
  ZKSYNC: 'zksync',
  ROSE: 'oasis',
  LINEA: 'linea',
  SCROLL: 'scroll',
  TAIKO: 'taiko',
  OP_BNB: 'opbnb',
  MANTLE: 'mantle',
  CORE: 'core',
  FUSE: 'fuse',
  SOL: 'solana',
  XDC: 'xdc-network',
  APE: 'apechain',
  WORLD: 'world-chain',
  SONIC: 'sonic',
  UNI: 'unichain',
  ABS: 'abstract',
  BERA: 'berachain',
  SEI: 'sei-v2',
  FRAX: 'fraxtal',
  BTTC: 'bittorrent',
  HYPER_EVM: 'hyperevm',
};

/** Key problems CoinGecko reports in `status.error_code` (its "Common Errors & Rate Limit" page). */
const KEY_ERRORS = new Set([10002, 10005, 10010, 10011]);

export interface AggregatorAOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  /** Which key header to send; by default `pro` when the base URL's host starts with `pro-api.`. */
  readonly plan?: 'pro' | 'demo';
}

export function createAggregatorAProvider(options: AggregatorAOptions): Provider<AggregatorQuery, AggregatorFacts> {
  requireBaseUrl(NAME, options.baseUrl);
  const plan = options.plan ?? (new URL(options.baseUrl).hostname.startsWith('pro-api.') ? 'pro' : 'demo');
  const headers: Record<string, string> = {};
  if (options.apiKey) headers[plan === 'pro' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] = options.apiKey;
  return {
    name: NAME,
    fields: ['aggregatorA', ...AGGREGATOR_LINK_FIELDS],
    async fetch(query: AggregatorQuery, ctx: ProviderContext): Promise<AggregatorFacts> {
      const answer = await getAnswer(NAME, ctx, coinUrl(options.baseUrl, query), headers);
      throwIfCoinGeckoError(answer);
      return parseCoinGeckoCoin(answer.json);
    },
  };
}

function coinUrl(baseUrl: string, query: AggregatorQuery): URL {
  if (query.id !== '') {
    const slim = {
      localization: 'false',
      tickers: 'false',
      market_data: 'false',
      community_data: 'false',
      developer_data: 'false',
      sparkline: 'false',
    };
    return endpoint(baseUrl, `/coins/${encodeURIComponent(query.id)}`, slim);
  }
  const platform = ASSET_PLATFORMS[query.network];
  if (!platform) throw new ProviderError(NAME, 'not-found', `${NAME} lists no asset platform for network ${query.network}`);
  // EVM addresses are case-insensitive (CoinGecko lists them lower case); Solana's base58 is not.
  const address = /^0x[0-9a-fA-F]{40}$/.test(query.address) ? query.address.toLowerCase() : query.address;
  return endpoint(baseUrl, `/coins/${platform}/contract/${encodeURIComponent(address)}`);
}

function throwIfCoinGeckoError(answer: ProviderAnswer): void {
  const body = isRecord(answer.json) ? answer.json : undefined;
  const status = rec(body, 'status');
  const code = num(status, 'error_code');
  const message = str(status, 'error_message') || str(body, 'error');
  if (answer.status === 429 || code === 429) {
    throw new ProviderError(NAME, 'rate-limited', `${NAME} rate limit exceeded`, retryAfterMs(answer.headers.get('retry-after')));
  }
  if ((code !== undefined && KEY_ERRORS.has(code)) || answer.status === 401 || answer.status === 403) {
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the key${message ? `: ${message}` : ''}`);
  }
  if (answer.status === 404) throw new ProviderError(NAME, 'not-found', `${NAME} has no such coin${message ? ` (${message})` : ''}`);
  throwIfServerError(NAME, answer);
  if (answer.status < 200 || answer.status >= 300) throw badResponse(NAME, `HTTP ${answer.status}${message ? `: ${message}` : ''}`);
}

/** Reads CoinGecko's coin object (GET /coins/{id} and the contract lookup answer the same shape). */
export function parseCoinGeckoCoin(json: unknown): AggregatorFacts {
  if (!isRecord(json) || str(json, 'id') === '') throw badResponse(NAME, 'a coin without an id');
  const rank = num(json, 'market_cap_rank');
  return { rank: rank !== undefined && rank > 0 ? rank : 0, id: str(json, 'id'), links: coinLinks(json) };
}

function coinLinks(coin: Record<string, unknown>): Partial<ProjectLinks> {
  const links = rec(coin, 'links');
  // The lists of full links, sorted by site; CoinGecko's own handle fields take precedence below.
  const sorted = sortLinks([
    ...strings(rec(links, 'repos_url'), 'github'),
    ...strings(links, 'chat_url'),
    ...strings(links, 'announcement_url'),
    ...strings(links, 'official_forum_url'),
  ]);
  const out: Record<string, string> = { ...sorted };
  set(out, 'website', strings(links, 'homepage')[0] ?? '');
  // Coins without an image carry CoinGecko's placeholder, a bare `missing_large.png`: not a logo.
  const logo = str(rec(coin, 'image'), 'large');
  if (/^https?:\/\//.test(logo)) set(out, 'logo', logo);
  set(out, 'description', str(rec(coin, 'description'), 'en').trim());
  set(
    out,
    'twitter',
    handleLink(str(links, 'twitter_screen_name'), (s) => xLink(xUsername(s))),
  );
  set(
    out,
    'telegram',
    handleLink(str(links, 'telegram_channel_identifier'), (s) => telegramLink(telegramHandle(s))),
  );
  set(
    out,
    'reddit',
    handleLink(str(links, 'subreddit_url'), (s) => redditLink(subredditName(s))),
  );
  const facebook = str(links, 'facebook_username');
  if (/^[A-Za-z0-9.\-_]+$/.test(facebook)) set(out, 'facebook', `https://www.facebook.com/${facebook}`);
  const topic = num(links, 'bitcointalk_thread_identifier');
  if (topic !== undefined && Number.isInteger(topic) && topic > 0)
    set(out, 'bitcointalk', `https://bitcointalk.org/index.php?topic=${topic}`);
  return out;
}

function set(out: Record<string, string>, field: string, value: string): void {
  if (value !== '') out[field] = value;
}

/** A handle field in canonical link form, or '' when it is empty or not a valid handle. */
function handleLink(value: string, canonical: (s: string) => string): string {
  if (value.trim() === '') return '';
  try {
    return canonical(value);
  } catch (error) {
    if (error instanceof HandleError) return '';
    throw error;
  }
}
