/**
 * discord: member count of a server from one of its invites
 * (https://discord.com/developers/docs/resources/invite#get-invite).
 *
 *   GET {base}/invites/{code}?with_counts=true  →  approximate_member_count
 *
 * No key is needed; when the operator gives a bot token it goes in `Authorization: Bot …`
 * (bots get their own, larger rate-limit bucket). Errors as Discord sends them: 404
 * `{"message":"Unknown Invite","code":10006}` (expired, revoked or never existed); 429
 * `{"message":"You are being rate limited.","retry_after":64.57,"global":false}` with
 * `retry_after` in seconds; 401 `{"message":"401: Unauthorized","code":0}` for a bad token.
 */
import { ProviderError, retryAfterMs, type Provider, type ProviderContext } from '../provider.ts';
import {
  badResponse,
  endpoint,
  getAnswer,
  isRecord,
  num,
  secondsToMs,
  str,
  throwIfServerError,
  type ProviderAnswer,
  requireBaseUrl,
} from './http.ts';
import { discordInvite } from './handles.ts';
import { parseInput } from './refuse-input.ts';

const NAME = 'discord';
/** Where the provider answers when the configuration names no other base URL. Discord's HTTP API, version 10. */
export const DEFAULT_BASE_URL = 'https://discord.com/api/v10';
/** Discord's JSON error code for an invite that does not exist (any more). */
const UNKNOWN_INVITE = 10006;

export interface DiscordOptions {
  readonly baseUrl: string;
  /** Optional bot token. */
  readonly apiKey?: string;
}

export function createDiscordProvider(options: DiscordOptions): Provider<{ readonly invite: string }, { readonly members: number }> {
  requireBaseUrl(NAME, options.baseUrl);
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bot ${options.apiKey}` } : {};
  return {
    name: NAME,
    fields: ['discordMembers', 'discordMembersHistory'],
    async fetch(input, ctx: ProviderContext) {
      const code = parseInput(NAME, () => discordInvite(input.invite));
      const answer = await getAnswer(NAME, ctx, endpoint(options.baseUrl, `/invites/${code}`, { with_counts: 'true' }), headers);
      return { members: parseInviteCount(answer) };
    },
  };
}

/** Reads Discord's invite object, or classifies its error body. */
export function parseInviteCount(answer: ProviderAnswer): number {
  const body = isRecord(answer.json) ? answer.json : undefined;
  const message = str(body, 'message');
  if (answer.status === 429) {
    const wait = secondsToMs(body?.retry_after) ?? retryAfterMs(answer.headers.get('retry-after'));
    throw new ProviderError(
      NAME,
      'rate-limited',
      `${NAME}: ${message || 'rate limited'}${body?.global === true ? ' (global limit)' : ''}`,
      wait,
    );
  }
  if (answer.status === 404 || num(body, 'code') === UNKNOWN_INVITE) {
    throw new ProviderError(NAME, 'not-found', `${NAME}: ${message || 'Unknown Invite'} (expired, revoked or never existed)`);
  }
  if (answer.status === 401 || answer.status === 403)
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the request: ${message || `HTTP ${answer.status}`}`);
  throwIfServerError(NAME, answer);
  const members = num(body, 'approximate_member_count');
  if (answer.status !== 200 || members === undefined || !Number.isInteger(members) || members < 0) {
    throw badResponse(NAME, answer.status === 200 ? 'an invite without approximate_member_count' : `HTTP ${answer.status}`);
  }
  return members;
}
