/** GET a JSON document with a timeout; typed errors for HTTP failures, rate limits and garbage. */
import { VerifiedSourceError } from './verified-source.ts';

export async function fetchJson(
  url: string,
  options: { timeoutMs: number; fetchFn?: typeof fetch; provider: string },
): Promise<{ status: number; body: unknown }> {
  const fetchFn = options.fetchFn ?? fetch;
  let response: Response;
  try {
    response = await fetchFn(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new VerifiedSourceError(
      timeout ? `${options.provider} timed out` : `${options.provider} unreachable`,
      { url: redact(url) },
      { cause: error },
    );
  }
  if (response.status === 429) throw new VerifiedSourceError(`${options.provider} rate limit exceeded`, { url: redact(url), status: 429 });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new VerifiedSourceError(
      `${options.provider} answered something that is not JSON`,
      { url: redact(url), status: response.status },
      { cause: error },
    );
  }
}

/** Drops API keys from URLs put in errors and logs. */
export function redact(url: string): string {
  return url.replace(/(apikey=)[^&]*/i, '$1***');
}
