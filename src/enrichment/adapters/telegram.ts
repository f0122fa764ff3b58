/**
 * telegram: member count of a public channel or group through the Bot API
 * (https://core.telegram.org/bots/api#getchatmembercount).
 *
 *   GET {base}/bot{token}/getChatMemberCount?chat_id=@handle  →  {"ok":true,"result":48213}
 *
 * Failures come as `{"ok":false,"error_code":N,"description":"…"}`: 429 carries
 * `parameters.retry_after` (seconds); 400 "chat not found" (and "member list is
 * inaccessible") mean there is nothing to count; 401, and 404 for a token that is not a
 * bot's, mean the token is wrong; 403 means the bot may not read that chat. Invite links
 * (`t.me/+…`, `t.me/joinchat/…`) are refused before any call: the Bot API resolves only
 * public usernames.
 */
import { ProviderError, retryAfterMs, type Provider, type ProviderContext } from '../provider.ts';
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
import { telegramHandle } from './handles.ts';
import { parseInput } from './refuse-input.ts';

const NAME = 'telegram';
/** Where the provider answers when the configuration names no other base URL. The Bot API's host; a self-hosted Bot API server takes its place. */
export const DEFAULT_BASE_URL = 'https://api.telegram.org';
/** A bot token as BotFather issues it: the bot's numeric id, a colon, a secret. */
const BOT_TOKEN = /^\d+:[A-Za-z0-9_-]+$/;

export interface TelegramOptions {
  readonly baseUrl: string;
  /** The bot token (it travels in the URL path, so it never appears in our messages). */
  readonly apiKey?: string;
}

export function createTelegramProvider(options: TelegramOptions): Provider<{ readonly handle: string }, { readonly members: number }> {
  requireBaseUrl(NAME, options.baseUrl);
  return {
    name: NAME,
    fields: ['telegramMembers', 'socialCounters', 'telegramMembersHistory'],
    async fetch(input, ctx: ProviderContext) {
      const handle = parseInput(NAME, () => telegramHandle(input.handle));
      const token = options.apiKey ?? '';
      if (!BOT_TOKEN.test(token)) throw new ProviderError(NAME, 'unauthorized', `${NAME} needs a bot token of the form <bot id>:<secret>`);
      const answer = await getAnswer(
        NAME,
        ctx,
        endpoint(options.baseUrl, `/bot${token}/getChatMemberCount`, { chat_id: `@${handle}` }),
        {},
      );
      return { members: parseMemberCount(answer) };
    },
  };
}

/** Reads the Bot API's envelope: the count on success, a classified ProviderError otherwise. */
export function parseMemberCount(answer: ProviderAnswer): number {
  const body = isRecord(answer.json) ? answer.json : undefined;
  const description = str(body, 'description');
  const code = num(body, 'error_code') ?? answer.status;
  if (code === 429) {
    const seconds = secondsToMs(rec(body, 'parameters')?.retry_after) ?? retryAfterMs(answer.headers.get('retry-after'));
    throw new ProviderError(NAME, 'rate-limited', `${NAME}: ${description || 'Too Many Requests'}`, seconds);
  }
  if (code === 401 || code === 404)
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the bot token (${description || `HTTP ${code}`})`);
  if (code === 403) throw new ProviderError(NAME, 'unauthorized', `${NAME}: ${description || 'Forbidden'}`);
  if (code === 400 && /chat not found|member list is inaccessible/i.test(description)) {
    throw new ProviderError(NAME, 'not-found', `${NAME}: ${description}`);
  }
  throwIfServerError(NAME, answer);
  const result = body?.ok === true ? num(body, 'result') : undefined;
  if (result === undefined || !Number.isInteger(result) || result < 0) {
    throw badResponse(
      NAME,
      body?.ok === false ? `an error: ${description || `HTTP ${answer.status}`}` : 'something other than a member count',
    );
  }
  return result;
}
