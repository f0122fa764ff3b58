/**
 * reddit: subscriber count of a subreddit from its public `about.json`
 * (https://www.reddit.com/dev/api#GET_r_{subreddit}_about).
 *
 *   GET {base}/r/{name}/about.json  →  {"kind":"t5","data":{"subscribers":N,…}}
 *
 * Reddit blocks generic user agents, so every call names this service (its API rules ask
 * for `<platform>:<app id>:<version> (by …)`). With an OAuth token (base
 * `https://oauth.reddit.com`) it goes in `Authorization: bearer …`.
 *
 * Answers that mean "nothing to count" (`not-found`): 404 `{"message":"Not Found","error":404}`
 * with or without `"reason":"banned"`; 403 with a `reason` (`private`, `quarantined`, `gated`:
 * the community exists, its page is closed); and a 200 `Listing` instead of a `t5` (Reddit
 * answers a name it does not know with search results). A 403 without a reason is Reddit
 * refusing us (`unauthorized`); 429 carries `x-ratelimit-reset`, seconds until the window ends.
 */
import { ProviderError, type Provider, type ProviderContext } from '../provider.ts';
import {
  badResponse,
  endpoint,
  getAnswer,
  isRecord,
  num,
  rec,
  secondsToMs,
  str,
  throwIfServerError,
  type ProviderAnswer,
  requireBaseUrl,
} from './http.ts';
import { subredditName } from './handles.ts';
import { parseInput } from './refuse-input.ts';

const NAME = 'reddit';
/** Where the provider answers when the configuration names no other base URL. Public JSON without a token; with an OAuth token use `https://oauth.reddit.com`. */
export const DEFAULT_BASE_URL = 'https://www.reddit.com';
export const REDDIT_USER_AGENT = 'server:scopeward:0.1.0 (self-hosted smart-contract security service; subscriber counts)';

export interface RedditOptions {
  readonly baseUrl: string;
  /** Optional OAuth access token (application-only). */
  readonly apiKey?: string;
}

export function createRedditProvider(options: RedditOptions): Provider<{ readonly subreddit: string }, { readonly subscribers: number }> {
  requireBaseUrl(NAME, options.baseUrl);
  const headers: Record<string, string> = { 'user-agent': REDDIT_USER_AGENT };
  if (options.apiKey) headers.authorization = `bearer ${options.apiKey}`;
  return {
    name: NAME,
    fields: ['redditMembers', 'redditMembersHistory'],
    async fetch(input, ctx: ProviderContext) {
      const name = parseInput(NAME, () => subredditName(input.subreddit));
      const answer = await getAnswer(NAME, ctx, endpoint(options.baseUrl, `/r/${name}/about.json`, { raw_json: '1' }), headers);
      return { subscribers: parseSubredditAbout(answer, name) };
    },
  };
}

/** Reads a subreddit's `about.json`, or classifies Reddit's error body. */
export function parseSubredditAbout(answer: ProviderAnswer, name: string): number {
  const body = isRecord(answer.json) ? answer.json : undefined;
  const reason = str(body, 'reason');
  if (answer.status === 429) {
    throw new ProviderError(
      NAME,
      'rate-limited',
      `${NAME} rate limit exceeded`,
      secondsToMs(answer.headers.get('x-ratelimit-reset') ?? answer.headers.get('retry-after')),
    );
  }
  if (answer.status === 404)
    throw new ProviderError(NAME, 'not-found', `${NAME}: r/${name} ${reason === 'banned' ? 'is banned' : 'does not exist'}`);
  if (answer.status === 403 && reason !== '')
    throw new ProviderError(NAME, 'not-found', `${NAME}: r/${name} is ${reason}; its subscribers cannot be read`);
  if (answer.status === 401 || answer.status === 403)
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the request (HTTP ${answer.status})`);
  throwIfServerError(NAME, answer);
  if (answer.status === 200 && str(body, 'kind') === 'Listing')
    throw new ProviderError(NAME, 'not-found', `${NAME}: r/${name} does not exist`);
  const subscribers = num(rec(body, 'data'), 'subscribers');
  if (
    answer.status !== 200 ||
    str(body, 'kind') !== 't5' ||
    subscribers === undefined ||
    !Number.isInteger(subscribers) ||
    subscribers < 0
  ) {
    throw badResponse(NAME, answer.status === 200 ? 'something other than a subreddit' : `HTTP ${answer.status}`);
  }
  return subscribers;
}
