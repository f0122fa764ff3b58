/**
 * aggregatorB: a market-data aggregator speaking CoinMarketCap's Pro API format
 * (https://coinmarketcap.com/api/documentation/v1/).
 *
 *   GET {base}/v2/cryptocurrency/info?slug={slug}  (or ?address={contract})  → id, slug, logo, description, urls
 *   GET {base}/v2/cryptocurrency/quotes/latest?id={id}                        → cmc_rank (null when untracked: rank 0)
 *
 * The key goes in `X-CMC_PRO_API_KEY`. Every answer carries `status.error_code`; besides
 * HTTP 400 `Invalid value for "address"` (nothing listed for it) we act on the documented
 * codes: 1001/1002 key invalid or missing, 1003–1007 plan or key not allowed (all
 * `unauthorized`); 1008 and 1011 per-minute limits, 1009 daily, 1010 monthly (all
 * `rate-limited`, retrying when the window resets).
 */
import { ProviderError, type Provider, type ProviderContext } from '../provider.ts';
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
import { sortLinks } from './handles.ts';

const NAME = 'aggregatorB';
/** Where the provider answers when the configuration names no other base URL. The Pro API (every plan, the free Basic one included, uses this host with a key). */
export const DEFAULT_BASE_URL = 'https://pro-api.coinmarketcap.com';

const KEY_ERRORS = new Set([1001, 1002, 1003, 1004, 1005, 1006, 1007]);
const RATE_LIMITS = new Set([1008, 1009, 1010, 1011]);

export interface AggregatorBOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
}

export function createAggregatorBProvider(options: AggregatorBOptions): Provider<AggregatorQuery, AggregatorFacts> {
  requireBaseUrl(NAME, options.baseUrl);
  const headers: Record<string, string> = options.apiKey ? { 'X-CMC_PRO_API_KEY': options.apiKey } : {};
  return {
    name: NAME,
    fields: ['aggregatorB', ...AGGREGATOR_LINK_FIELDS],
    async fetch(query: AggregatorQuery, ctx: ProviderContext): Promise<AggregatorFacts> {
      const lookup = query.id !== '' ? { slug: query.id } : { address: query.address };
      const info = await getAnswer(NAME, ctx, endpoint(options.baseUrl, '/v2/cryptocurrency/info', lookup), headers);
      throwIfCmcError(info, ctx);
      const listing = parseCmcInfo(info.json);
      const quotes = await getAnswer(
        NAME,
        ctx,
        endpoint(options.baseUrl, '/v2/cryptocurrency/quotes/latest', { id: String(listing.cmcId) }),
        headers,
      );
      throwIfCmcError(quotes, ctx);
      return { rank: parseCmcRank(quotes.json, listing.cmcId), id: listing.slug, links: listing.links };
    },
  };
}

function throwIfCmcError(answer: ProviderAnswer, ctx: ProviderContext): void {
  const status = rec(isRecord(answer.json) ? answer.json : undefined, 'status');
  const code = num(status, 'error_code') ?? 0;
  const message = str(status, 'error_message');
  if (RATE_LIMITS.has(code) || answer.status === 429) {
    throw new ProviderError(
      NAME,
      'rate-limited',
      `${NAME} rate limit exceeded${message ? `: ${message}` : ''}`,
      untilReset(code, ctx.now()),
    );
  }
  if (KEY_ERRORS.has(code) || answer.status === 401 || answer.status === 402 || answer.status === 403) {
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the key${message ? `: ${message}` : ''}`);
  }
  // An address or slug it does not list is a 400 naming the parameter.
  if (answer.status === 404 || (answer.status === 400 && /^Invalid values? for "(?:address|slug|id)"/.test(message))) {
    throw new ProviderError(NAME, 'not-found', `${NAME} lists no such token${message ? ` (${message})` : ''}`);
  }
  throwIfServerError(NAME, answer);
  if (answer.status < 200 || answer.status >= 300 || code !== 0) {
    throw badResponse(NAME, `HTTP ${answer.status}, error_code ${code}${message ? `: ${message}` : ''}`);
  }
}

/** When the limit's window resets: the next minute (1008, 1011), the next UTC day (1009) or month (1010). */
function untilReset(code: number, now: Date): number | undefined {
  const t = now.getTime();
  if (code === 1008 || code === 1011) return 60_000 - (t % 60_000);
  if (code === 1009) return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - t;
  if (code === 1010) return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - t;
  return undefined;
}

/** `data` maps ids to one entry (id, slug, address lookups) or to an array of entries (symbol lookups). */
function firstEntry(json: unknown): Record<string, unknown> | undefined {
  const data = rec(isRecord(json) ? json : undefined, 'data');
  for (const value of Object.values(data ?? {})) {
    const entry: unknown = Array.isArray(value) ? value[0] : value;
    if (isRecord(entry)) return entry;
  }
  return undefined;
}

export interface CmcListing {
  readonly cmcId: number;
  readonly slug: string;
  readonly links: Partial<ProjectLinks>;
}

/** Reads `/v2/cryptocurrency/info`: the listing's numeric id, slug and published links. */
export function parseCmcInfo(json: unknown): CmcListing {
  const entry = firstEntry(json);
  const cmcId = num(entry, 'id');
  const slug = str(entry, 'slug');
  if (!entry || cmcId === undefined || slug === '') throw badResponse(NAME, 'an info answer without an id and slug');
  const urls = rec(entry, 'urls');
  const links: Record<string, string> = {
    ...sortLinks(
      ['twitter', 'reddit', 'chat', 'source_code', 'facebook', 'message_board', 'announcement'].flatMap((k) => strings(urls, k)),
    ),
  };
  const website = strings(urls, 'website')[0];
  if (website) links.website = website;
  const logo = str(entry, 'logo');
  if (/^https?:\/\//.test(logo)) links.logo = logo;
  const description = str(entry, 'description').trim();
  if (description) links.description = description;
  return { cmcId, slug, links };
}

/** Reads `/v2/cryptocurrency/quotes/latest`: `cmc_rank` of the listing asked for (0 when untracked). */
export function parseCmcRank(json: unknown, cmcId: number): number {
  const data = rec(isRecord(json) ? json : undefined, 'data');
  const value: unknown = data?.[String(cmcId)];
  const entry: unknown = Array.isArray(value) ? value[0] : value;
  if (!isRecord(entry) || num(entry, 'id') !== cmcId) throw badResponse(NAME, `a quote without listing ${cmcId}`);
  const rank = num(entry, 'cmc_rank');
  return rank !== undefined && rank > 0 ? rank : 0;
}
