/**
 * CSRF protection for requests that a browser authenticates with cookies.
 *
 * A state-changing request must carry the `x-csrf-token` header with the token the
 * server gave out (the session's own token when logged in; before that, the random
 * value of the `sw_csrf` cookie: double submit). A page on another site can neither
 * read the token nor set the header without a CORS preflight we never grant. When the
 * browser sends `Origin` or `Sec-Fetch-Site`, they must say the request comes from
 * this site too.
 */
import { timingSafeEqual } from 'node:crypto';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfRequest {
  readonly method: string;
  /** The x-csrf-token header as received. */
  readonly header: string | string[] | undefined;
  /** The token this request should carry; undefined when none was ever given out. */
  readonly expected: string | undefined;
  readonly origin: string | undefined;
  readonly secFetchSite: string | undefined;
  /** This server's origin as the request reached it, e.g. https://scan.example.org. */
  readonly selfOrigin: string;
}

export type CsrfVerdict = { ok: true } | { ok: false; reason: 'missing-token' | 'wrong-token' | 'cross-origin' };

export function checkCsrf(request: CsrfRequest): CsrfVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  if (request.secFetchSite !== undefined && request.secFetchSite !== 'same-origin' && request.secFetchSite !== 'none')
    return { ok: false, reason: 'cross-origin' };
  if (request.origin !== undefined && request.origin !== request.selfOrigin) return { ok: false, reason: 'cross-origin' };
  if (typeof request.header !== 'string' || request.header === '' || request.expected === undefined)
    return { ok: false, reason: 'missing-token' };
  const presented = Buffer.from(request.header, 'utf8');
  const expected = Buffer.from(request.expected, 'utf8');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return { ok: false, reason: 'wrong-token' };
  return { ok: true };
}
