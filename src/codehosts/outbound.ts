/**
 * The only way this service calls a code host. Requests go only to the configured
 * origins (never a host a user typed: repository links are parsed into a path on a
 * configured host), redirects are followed by hand and each hop is checked the same
 * way, the host must resolve to public addresses unless the operator allows private
 * ones (CODEHOST_ALLOW_PRIVATE, for an on-premises GitLab or the tests' server), and
 * time and body size are bounded.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../infra/private-address.ts';

export class OutboundError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-allowed' | 'private-address' | 'unreachable' | 'too-large' | 'timeout',
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundPolicy {
  /**
   * Origins (scheme://host[:port]) requests may go to; `'any'` for targets a user gives
   * (watch webhooks), which then rest on the private-address check alone.
   */
  readonly allowedOrigins: readonly string[] | 'any';
  readonly allowPrivateAddresses: boolean;
  readonly timeoutMs?: number;
  /** Resolves a host name (tests inject one; default: the system resolver). */
  readonly resolve?: (host: string) => Promise<string[]>;
}

export interface OutboundResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
  json<T>(): T;
}

// The private-address list is shared with the enrichment's outbound checks (src/infra/private-address.ts).
export { isPrivateAddress };

const systemResolve = async (host: string) => (await lookup(host, { all: true })).map((a) => a.address);

export async function outboundFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  policy: OutboundPolicy,
  maxBytes: number,
): Promise<OutboundResponse> {
  let target = new URL(url);
  const deadline = AbortSignal.timeout(policy.timeoutMs ?? 20_000);
  for (let hop = 0; hop < 4; hop++) {
    await checkTarget(target, policy);
    let response: Response;
    try {
      response = await fetch(target, { ...init, redirect: 'manual', signal: deadline });
    } catch (error) {
      if (deadline.aborted) throw new OutboundError(`${target.host} did not answer in time`, 'timeout');
      throw new OutboundError(`${target.host} could not be reached: ${(error as Error).message}`, 'unreachable');
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      target = new URL(location, target);
      // A redirect carries no credentials to another origin.
      if (init.headers?.authorization && target.origin !== new URL(url).origin) {
        const { authorization: _dropped, ...rest } = init.headers;
        init = { ...init, headers: rest };
      }
      continue;
    }
    const body = await readBounded(response, maxBytes, target.host);
    return { status: response.status, headers: response.headers, body, json: <T>() => JSON.parse(body.toString('utf8')) as T };
  }
  throw new OutboundError(`${target.host} redirected too many times`, 'unreachable');
}

async function checkTarget(target: URL, policy: OutboundPolicy): Promise<void> {
  if (policy.allowedOrigins === 'any') {
    if (target.protocol !== 'https:' && target.protocol !== 'http:')
      throw new OutboundError(`${target.protocol} is not http(s)`, 'not-allowed');
  } else if (!policy.allowedOrigins.includes(target.origin))
    throw new OutboundError(`${target.origin} is not a configured code host`, 'not-allowed');
  if (policy.allowPrivateAddresses) return;
  const { host, addresses } = await hostAddresses(target, policy.resolve);
  if (addresses.length === 0) throw new OutboundError(`${host} does not resolve`, 'unreachable');
  if (addresses.some(isPrivateAddress)) throw new OutboundError(`${host} resolves to a private address`, 'private-address');
}

/**
 * Whether a URL a user gives (a watch's webhook) points at a private or loopback address,
 * checked when it is given so the user hears it at once rather than at the first delivery.
 * A host that does not resolve now is not refused: DNS may be down for a moment, and
 * every delivery checks again.
 */
export async function pointsToPrivateAddress(url: URL, resolve?: (host: string) => Promise<string[]>): Promise<boolean> {
  const name = url.hostname.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return (await hostAddresses(url, resolve)).addresses.some(isPrivateAddress);
}

/** A URL's host (IPv6 brackets off) and the addresses it stands for: itself when an IP, else as resolved ([] when it does not resolve). */
async function hostAddresses(
  url: URL,
  resolve: (host: string) => Promise<string[]> = systemResolve,
): Promise<{ host: string; addresses: string[] }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return { host, addresses: isIP(host) ? [host] : await resolve(host).catch(() => []) };
}

async function readBounded(response: Response, maxBytes: number, host: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new OutboundError(`${host} answered with more than ${maxBytes} bytes`, 'too-large');
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > maxBytes) throw new OutboundError(`${host} answered with more than ${maxBytes} bytes`, 'too-large');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
