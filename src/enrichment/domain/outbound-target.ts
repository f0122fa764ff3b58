/**
 * Outbound safety for the domain providers (issue 19). A project's website and domain come
 * from an operator registry or an aggregator, so they are not trusted: before RDAP, the DNS
 * checks or Lighthouse reach a host, the host is resolved and refused when any of its
 * addresses is private, loopback, link-local, CGNAT, multicast or unspecified, unless the
 * operator allows private targets (tests do, for their 127.0.0.1 servers). Redirects are
 * followed by hand so every hop passes the same check.
 *
 * Limit: the check resolves the name, then the request resolves it again, so a name whose
 * answer changes in between (DNS rebinding) is not caught here; Lighthouse pins the checked
 * address in Chromium (lighthouse.ts) and re-checks every host the page loaded.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../infra/private-address.ts';
import { ProviderError } from '../provider.ts';

export type OutboundTargetFailure =
  /** Not an http(s) URL or a domain name. */
  | 'invalid'
  /** The host has no address. */
  | 'unresolvable'
  /** The host resolves to an address we refuse (private, loopback, ...). */
  | 'private-address'
  /** More redirects than allowed. */
  | 'redirect-loop';

export class OutboundTargetError extends Error {
  override readonly name = 'OutboundTargetError';
  constructor(
    message: string,
    readonly reason: OutboundTargetFailure,
  ) {
    super(message);
  }
}

export interface OutboundTargetOptions {
  /** Let private and loopback targets through (an on-premises site, or the tests' local servers). */
  readonly allowPrivate: boolean;
  /** Resolves a host name to its addresses (tests inject one; default: the system resolver). */
  readonly resolve?: (host: string) => Promise<string[]>;
  /** Which addresses are refused (default: private and reserved ones, `isPrivateAddress`). */
  readonly refuseAddress?: (address: string) => boolean;
}

export interface CheckedTarget {
  readonly url: URL;
  /** The host name without IPv6 brackets. */
  readonly host: string;
  /** Every address the host resolved to when checked (all public unless allowPrivate). */
  readonly addresses: readonly string[];
}

const systemResolve = async (host: string): Promise<string[]> => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * A website or a bare domain as an http(s) URL: `example.com` becomes `https://example.com/`.
 * Throws `invalid` for other schemes, credentials in the URL, or a host that is not a name or an address.
 */
export function toWebUrl(websiteOrDomain: string): URL {
  const text = websiteOrDomain.trim();
  if (text === '') throw new OutboundTargetError('no website or domain given', 'invalid');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new OutboundTargetError(`"${text}" is not a URL or a domain name`, 'invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundTargetError(`${url.protocol} URLs are not fetched; only http and https`, 'invalid');
  }
  if (url.username || url.password) throw new OutboundTargetError('URLs with credentials are not fetched', 'invalid');
  if (url.hostname === '') throw new OutboundTargetError(`"${text}" has no host`, 'invalid');
  return url;
}

/** Resolves a URL's host and refuses it unless every address is public (or private targets are allowed). */
export async function checkOutboundTarget(target: string | URL, options: OutboundTargetOptions): Promise<CheckedTarget> {
  const url = typeof target === 'string' ? toWebUrl(target) : target;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await resolveHost(host, options.resolve ?? systemResolve);
  if (!options.allowPrivate) {
    const refused = addresses.find(options.refuseAddress ?? isPrivateAddress);
    if (refused !== undefined) {
      throw new OutboundTargetError(`${host} resolves to ${refused}, a private or reserved address; not reached`, 'private-address');
    }
  }
  return { url, host, addresses };
}

/** Checks a host name alone (a name server, a mail exchanger): its addresses, refused as above. */
export async function checkOutboundHost(host: string, options: OutboundTargetOptions): Promise<readonly string[]> {
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const url = new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}/`);
  return (await checkOutboundTarget(url, options)).addresses;
}

async function resolveHost(host: string, resolve: (host: string) => Promise<string[]>): Promise<string[]> {
  if (isIP(host)) return [host];
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new OutboundTargetError(`${host} does not resolve`, 'unresolvable');
  return addresses;
}

export interface CheckedFetchOptions extends OutboundTargetOptions {
  readonly fetch: typeof fetch;
  readonly signal: AbortSignal;
  readonly headers?: Record<string, string>;
  /** Redirects followed before giving up (RDAP's bootstrap redirect needs one). */
  readonly maxRedirects?: number;
}

/**
 * GET with every hop checked: the first URL and each redirect's target pass
 * `checkOutboundTarget` before a byte is sent to them. Returns the final, non-redirect answer.
 */
export async function checkedFetch(target: string | URL, options: CheckedFetchOptions): Promise<Response> {
  let url = typeof target === 'string' ? toWebUrl(target) : target;
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    await checkOutboundTarget(url, options);
    const response = await options.fetch(url, { redirect: 'manual', signal: options.signal, headers: options.headers ?? {} });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) return response;
    await response.body?.cancel();
    url = toWebUrl(new URL(location, url).href);
  }
  throw new OutboundTargetError(`more than ${maxRedirects} redirects from ${String(target)}`, 'redirect-loop');
}

/**
 * Our refusal or a network failure as the ProviderError the policy acts on: a refused or
 * invalid target is `refused` (never retried), a name that does not resolve, a redirect loop
 * or a connection failure is `unreachable`.
 */
export function asProviderError(provider: string, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OutboundTargetError) {
    const kind = error.reason === 'private-address' || error.reason === 'invalid' ? 'refused' : 'unreachable';
    return new ProviderError(provider, kind, error.message, undefined, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(provider, 'unreachable', `${provider} could not be reached: ${message}`, undefined, { cause: error });
}
