/**
 * Security headers on every answer, computed once at start.
 *
 * Pages (the dashboard, its assets, the docs) get the set @fastify/helmet sent with our
 * policy, without running helmet's dozen middlewares on every request. JSON answers of
 * the API (`/api/…`) get the set OWASP's REST Security Cheat Sheet gives for APIs: a CSP
 * that loads nothing and forbids framing, nosniff, DENY framing, a same-origin resource
 * policy and no referrer. The headers helmet adds for HTML (XSS auditor, download
 * options, DNS prefetch, Flash policies, agent clusters, opener isolation) do nothing for
 * a JSON body, and leaving them off spares the hottest read, the audit lookup, six
 * headers on every answer (bench/audit-lookup.ts). The docs page replaces the CSP with
 * its own (swagger-ui's staticCSP, with the hashes of its inline script and style).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Same-origin everything; no inline script or style; never framed. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
].join(';');

/**
 * No Strict-Transport-Security: plain HTTP on loopback is the default deployment, and a
 * browser told to upgrade would stop reaching it (a TLS proxy in front can add it).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** For JSON answers of the API: nothing may load from them, nothing may frame them. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** The API's JSON operations; everything else may be a page. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/');
}

export const securityHeaders = fp(async function securityHeaders(app: FastifyInstance) {
  // onRequest, so refusals answered by later onRequest hooks (key checks, limits) carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? API_SECURITY_HEADERS : SECURITY_HEADERS);
    done();
  });
});
