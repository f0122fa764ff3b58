import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('the app shell', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      readiness: { database: async () => {}, redis: async () => Promise.reject(new Error('connection refused')) },
    });
  });
  after(() => t.close());

  it('answers unknown routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/thing' });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { message: 'Not Found' });
    assert.match(String(res.headers['content-type']), /application\/json/);
  });

  it('serves an OpenAPI 3.1 document that describes operation 1', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.equal(doc.openapi, '3.1.0');
    const op = doc.paths['/api/audits/search-by-address'].get;
    assert.deepEqual(op.parameters.map((p: { name: string }) => p.name).sort(), ['address', 'chainId', 'network']);
    // The key is the document's security scheme, optional on this operation.
    assert.deepEqual(doc.components.securitySchemes.apiKey, { type: 'apiKey', name: 'x-api-key', in: 'header' });
    assert.deepEqual(op.security, [{ apiKey: [] }, {}]);
    assert.ok(op.responses['200']);
    assert.equal((await t.app.inject({ method: 'GET', url: '/docs/' })).statusCode, 200);
  });

  it('reports liveness, and readiness per dependency', async () => {
    assert.deepEqual((await t.app.inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(ready.json(), { status: 'unavailable', checks: { database: 'ok', redis: 'connection refused' } });
  });
});
