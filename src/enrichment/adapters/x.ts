/**
 * x: follower count of an X (Twitter) account through API v2's user lookup
 * (https://docs.x.com/x-api/users/user-lookup-by-username), with an app's bearer token.
 *
 *   GET {base}/users/by/username/{name}?user.fields=public_metrics  →  data.public_metrics.followers_count
 *
 * A missing or suspended account is not an HTTP error there: the answer is 200 with an
 * `errors` array (`"title":"Not Found Error"`, or `"Forbidden"` with "User has been
 * suspended") and no `data` — both `not-found`. 401 (bad token) and 403 "Client Forbidden"
 * (an app without the needed access level) are `unauthorized`; 429 carries
 * `x-rate-limit-reset`, the epoch second the window reopens.
 */
import { ProviderError, retryAfterMs, type Provider, type ProviderContext } from '../provider.ts';
import {
  badResponse,
  endpoint,
  getAnswer,
  isRecord,
  num,
  rec,
  str,
  throwIfServerError,
  type ProviderAnswer,
  requireBaseUrl,
} from './http.ts';
import { xUsername } from './handles.ts';
import { parseInput } from './refuse-input.ts';

const NAME = 'x';
/** Where the provider answers when the configuration names no other base URL. API v2. */
export const DEFAULT_BASE_URL = 'https://api.x.com/2';

export interface XOptions {
  readonly baseUrl: string;
  /** The app's bearer token (required: the API answers nothing without one). */
  readonly apiKey?: string;
}

export function createXProvider(options: XOptions): Provider<{ readonly username: string }, { readonly followers: number }> {
  requireBaseUrl(NAME, options.baseUrl);
  return {
    name: NAME,
    fields: ['twitterFollowers', 'socialCounters', 'twitterFollowersHistory'],
    async fetch(input, ctx: ProviderContext) {
      const username = parseInput(NAME, () => xUsername(input.username));
      if (!options.apiKey) throw new ProviderError(NAME, 'unauthorized', `${NAME} needs a bearer token`);
      const url = endpoint(options.baseUrl, `/users/by/username/${username}`, { 'user.fields': 'public_metrics' });
      const answer = await getAnswer(NAME, ctx, url, { authorization: `Bearer ${options.apiKey}` });
      return { followers: parseUserFollowers(answer, ctx.now()) };
    },
  };
}

/** Reads API v2's user object, or classifies its problem answers. */
export function parseUserFollowers(answer: ProviderAnswer, now: Date): number {
  const body = isRecord(answer.json) ? answer.json : undefined;
  const detail = str(body, 'detail') || str(body, 'title');
  if (answer.status === 429) {
    throw new ProviderError(NAME, 'rate-limited', `${NAME} rate limit exceeded`, untilReset(answer.headers, now));
  }
  if (answer.status === 401 || answer.status === 403)
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the token: ${detail || `HTTP ${answer.status}`}`);
  throwIfServerError(NAME, answer);
  const data = rec(body, 'data');
  const followers = num(rec(data, 'public_metrics'), 'followers_count');
  if (answer.status === 200 && followers !== undefined && Number.isInteger(followers) && followers >= 0) return followers;
  const problem = Array.isArray(body?.errors) ? body.errors.find(isRecord) : undefined;
  if (!data && problem && (str(problem, 'title') === 'Not Found Error' || str(problem, 'type').endsWith('/resource-not-found'))) {
    throw new ProviderError(NAME, 'not-found', `${NAME}: ${str(problem, 'detail') || 'no such account'}`);
  }
  throw badResponse(
    NAME,
    answer.status === 200 ? 'a user without public_metrics.followers_count' : `HTTP ${answer.status}${detail ? `: ${detail}` : ''}`,
  );
}

/** `x-rate-limit-reset` is the epoch second the window reopens; fall back to `retry-after`. */
function untilReset(headers: Headers, now: Date): number | undefined {
  const reset = Number(headers.get('x-rate-limit-reset') ?? '');
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now.getTime());
  return retryAfterMs(headers.get('retry-after'), () => now.getTime());
}
