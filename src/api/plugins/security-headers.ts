/**
 * Security headers on every answer, computed once at start: the same set @fastify/helmet
 * sent with our policy, without running helmet's dozen middlewares on every request (the
 * audit lookup's hot path). The docs page replaces the CSP with its own (swagger-ui's
 * staticCSP, with the hashes of its inline script and style).
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

export const securityHeaders = fp(async function securityHeaders(app: FastifyInstance) {
  // onRequest, so refusals answered by later onRequest hooks (key checks, limits) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
});
