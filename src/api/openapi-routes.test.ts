/**
 * Issue 31, item 2: the features moved into plugins without moving a route. This pins the
 * OpenAPI document's operations (path, method, operation id and security, in document order) with every
 * optional feature on; the expected list was generated from main before the move.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { AppDeps } from './app.ts';

/** Every optional feature on; the stand-ins are never called (the document is all this reads). */
const everyFeature = {
  scans: {} as NonNullable<AppDeps['scans']>,
  scanSource: async () => Promise.reject(new Error('not called')),
  corpus: {
    signatures: {},
    list: () => [],
    content: () => null,
  } as unknown as NonNullable<AppDeps['corpus']>,
  getVerifiedSource: async () => null,
  safescan: {} as NonNullable<AppDeps['safescan']>,
  receipts: { issuer: {} as NonNullable<AppDeps['receipts']>['issuer'] },
  watches: { scans: {} as NonNullable<AppDeps['scans']>, rpc: () => undefined },
  plugins: [async (app: FastifyInstance) => void app.get('/rpc-stand-in', async () => ({}))],
} satisfies Partial<AppDeps>;

function operations(doc: { paths: Record<string, Record<string, { operationId?: string; security?: unknown }>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId ?? '-'} ${JSON.stringify(op.security ?? [])}`,
    ),
  );
}

const EXPECTED: readonly string[] = [
  'GET /api/audits/search-by-address - [{"apiKey":[]},{}]',
  'GET /admin/audits - []',
  'POST /admin/audits - []',
  'DELETE /admin/audits/{network}/{address} - []',
  'POST /api/cyberscan - [{"apiKey":[]},{}]',
  'GET /api/score - [{"apiKey":[]}]',
  'POST /api/search/contract - []',
  'POST /api/search/similarity - [{"apiKey":[]},{}]',
  'GET /admin/corpus - []',
  'POST /admin/corpus - []',
  'DELETE /admin/corpus - []',
  'POST /api/signaturescan - [{"apiKey":[]},{}]',
  'POST /admin/signatures - []',
  'POST /api/safescan - [{"apiKey":[]},{}]',
  'GET /admin/labels - []',
  'POST /admin/labels - []',
  'DELETE /admin/labels/{network}/{address} - []',
  'GET /admin/projects - []',
  'POST /admin/projects - []',
  'DELETE /admin/projects/{network}/{address} - []',
  'GET /api/search/similarity/origin - [{"apiKey":[]},{}]',
  'GET /api/session - []',
  'POST /api/session - []',
  'DELETE /api/session - []',
  'POST /api/account/sessions/revoke-all - []',
  'POST /api/account/signup - []',
  'POST /api/account/signup/resend - []',
  'POST /api/account/verify - []',
  'POST /api/account/password-reset - []',
  'POST /api/account/password-reset/confirm - []',
  'POST /api/account/password - []',
  'GET /api/account/keys - []',
  'POST /api/account/keys - []',
  'DELETE /api/account/keys/{id} - []',
  'GET /api/account/overview - []',
  'GET /api/services - []',
  'POST /api/service-requests - []',
  'GET /api/service-requests - []',
  'POST /api/service-requests/{id}/voucher - []',
  'GET /api/admin/service-requests - []',
  'GET /api/admin/service-requests/{id} - []',
  'POST /api/admin/service-requests/{id} - []',
  'GET /api/admin/service-requests/{id}/attachments/{position} - []',
  'POST /api/admin/service-requests/{id}/voucher - []',
  'POST /api/admin/vouchers - []',
  'GET /api/admin/vouchers - []',
  'GET /api/admin/vouchers/events - []',
  'DELETE /api/admin/vouchers/{id} - []',
  'POST /api/repositories/check - []',
  'GET /api/github/connect - []',
  'GET /api/github/callback - []',
  'GET /api/github/repositories - []',
  'DELETE /api/github/connection - []',
  'GET /api/scans/networks - []',
  'POST /api/scans - [{"apiKey":[]},{"session":[]}]',
  'GET /api/scans - [{"apiKey":[]},{"session":[]}]',
  'GET /api/scans/{id} - [{"apiKey":[]},{"session":[]},{}]',
  'GET /api/scans/{id}/json - [{"apiKey":[]},{"session":[]},{}]',
  'GET /api/scans/{id}/sarif - [{"apiKey":[]},{"session":[]},{}]',
  'GET /api/scans/{id}/events - [{"apiKey":[]},{"session":[]},{}]',
  'GET /admin/service-requests - []',
  'GET /admin/service-requests/{id} - []',
  'POST /admin/service-requests/{id} - []',
  'GET /admin/service-requests/{id}/attachments/{position} - []',
  'POST /admin/service-requests/{id}/voucher - []',
  'POST /admin/vouchers - []',
  'GET /admin/vouchers - []',
  'GET /admin/vouchers/events - []',
  'DELETE /admin/vouchers/{id} - []',
  'GET /api/scans/{id}/chat - [{"apiKey":[]}]',
  'POST /api/scans/{id}/chat - [{"apiKey":[]}]',
  'GET /.well-known/scopeward-keys.json - [{}]',
  'GET /api/scans/{id}/receipt - [{"apiKey":[]},{"session":[]},{}]',
  'POST /api/receipts/verify - [{"apiKey":[]},{"session":[]}]',
  // Issue 33 item 4: disputes of a scan's result, and the operator's answers (session, then admin key).
  'POST /api/scans/{id}/disputes - [{"apiKey":[]},{"session":[]},{}]',
  'GET /api/admin/disputes - []',
  'POST /api/admin/disputes/{id} - []',
  'GET /admin/disputes - []',
  'POST /admin/disputes/{id} - []',
  // Issue 32: watched tokens.
  'POST /api/watches - [{"apiKey":[]},{"session":[]}]',
  'GET /api/watches - [{"apiKey":[]},{"session":[]}]',
  'GET /api/watches/{id} - [{"apiKey":[]},{"session":[]}]',
  'DELETE /api/watches/{id} - [{"apiKey":[]},{"session":[]}]',
  'GET /api/watches/{id}/deliveries - [{"apiKey":[]},{"session":[]}]',
  'POST /api/watches/{id}/deliveries/{deliveryId}/redeliver - [{"apiKey":[]},{"session":[]}]',
  'GET /rpc-stand-in - []',
];

describe('the OpenAPI document with every feature', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(everyFeature);
  });
  after(() => t.close());

  it('lists the same operations, in the same order, as before features became plugins', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.deepEqual(operations(doc), EXPECTED);
  });
});
