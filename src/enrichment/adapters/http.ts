/**
 * The two steps every adapter takes before reading a provider's own answer format: send a
 * GET through `ctx.fetch` with the policy's abort signal, and read the body as JSON when it
 * is JSON. Transport failures become `unreachable` here, once, so no adapter lets a raw
 * `TypeError: fetch failed` or `AbortError` escape to the policy.
 *
 * Status codes are NOT classified here: providers disagree on what a 400, 403 or 404 means
 * (Telegram says "chat not found" with a 400, Reddit says "private" with a 403, GitHub says
 * "rate limited" with a 403), so each adapter maps them itself.
 */
import { ProviderError, type ProviderContext } from '../provider.ts';

export interface ProviderAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed body; `undefined` when it was empty or not JSON (the adapter decides whether that is an error). */
  readonly json: unknown;
}

/**
 * GETs `url` and reads the whole answer. `provider` names the source in error messages;
 * the URL is never put in a message because some providers (Telegram) carry the key in it.
 */
export async function getAnswer(
  provider: string,
  ctx: ProviderContext,
  url: URL,
  headers: Record<string, string>,
): Promise<ProviderAnswer> {
  let response: Response;
  let text: string | undefined;
  try {
    response = await ctx.fetch(url, { method: 'GET', headers: { accept: 'application/json', ...headers }, signal: ctx.signal });
    text = await readCapped(response, MAX_ANSWER_BYTES);
  } catch (error) {
    const reason = ctx.signal.aborted ? 'did not answer in time' : 'could not be reached';
    throw new ProviderError(provider, 'unreachable', `${provider} ${reason}`, undefined, { cause: error });
  }
  if (text === undefined) throw badResponse(provider, `more than ${MAX_ANSWER_BYTES / 1_000_000} MB`);
  return { status: response.status, headers: response.headers, json: parseJson(text) };
}

/**
 * The largest answer we read. The biggest documented one we ask for (GitHub's list of 100
 * repositories) is well under 1 MB; a misconfigured base URL serving a file must not fill memory.
 */
export const MAX_ANSWER_BYTES = 4_000_000;

/** The body as text, or undefined (and the rest discarded) once it passes `limit` bytes. */
async function readCapped(response: Response, limit: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** 5xx: the provider is down or overloaded, which the policy treats like a refused connection. */
export function throwIfServerError(provider: string, answer: ProviderAnswer): void {
  if (answer.status >= 500) throw new ProviderError(provider, 'unreachable', `${provider} answered HTTP ${answer.status}`);
}

/** A plain object (not an array, not null), for walking a parsed JSON answer. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record's field when it is a string, else ''. */
export function str(record: Record<string, unknown> | undefined, key: string): string {
  const value = record?.[key];
  return typeof value === 'string' ? value : '';
}

/** A record's field when it is a finite number, else undefined. */
export function num(record: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = record?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A record's field when it is a record, else undefined. */
export function rec(record: Record<string, unknown> | undefined, key: string): Record<string, unknown> | undefined {
  const value = record?.[key];
  return isRecord(value) ? value : undefined;
}

/** The strings in a record's array field ([] when it is absent or not an array). */
export function strings(record: Record<string, unknown> | undefined, key: string): string[] {
  const value = record?.[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

/** A bad-response error: the answer is not in the provider's documented format. */
export function badResponse(provider: string, what: string): ProviderError {
  return new ProviderError(provider, 'bad-response', `${provider} answered ${what}`);
}

/**
 * `baseUrl` + `path` (each segment already encoded by the caller) + query, tolerant of a
 * trailing slash on the configured base (`https://api.example/v3/`).
 */
export function endpoint(baseUrl: string, path: string, query: Readonly<Record<string, string>> = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

/** Seconds (possibly fractional) as whole milliseconds; undefined for anything else. */
export function secondsToMs(value: unknown): number | undefined {
  const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}

/**
 * Checks a configured base URL when the adapter is created, so a typo in the configuration
 * fails at start with the provider's name rather than as a TypeError on the first scan.
 */
export function requireBaseUrl(provider: string, baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`${provider}: the base URL "${baseUrl}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${provider}: the base URL "${baseUrl}" is not an http(s) URL`);
  return baseUrl;
}
