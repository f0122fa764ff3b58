import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from './plugins/security-headers.ts';

describe('security headers and CORS', () => {
  let closed: TestApp;
  let open: TestApp;
  before(async () => {
    closed = await createTestApp();
    open = await createTestApp({ corsOrigins: ['https://dash.example'] });
  });
  after(async () => {
    await closed.close();
    await open.close();
  });

  it('sends the page set on everything outside the API, errors included', async () => {
    for (const url of ['/healthz', '/no/such/thing', '/openapi.json']) {
      const res = await closed.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(res.headers[name], value, `${url} ${name}`);
      assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS on a plain-HTTP default');
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', url);
      assert.match(String(res.headers['content-security-policy']), /default-src 'self'/, url);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, url);
    }
  });

  it("sends the API set on the API's JSON answers, errors included: nothing loads from them, nothing frames them", async () => {
    for (const url of [
      '/api/audits/search-by-address?address=nope',
      '/api/audits/search-by-address?address=0x55d398326f99059fF775485246999027B3197955',
      '/api/no/such/thing',
    ]) {
      const res = await closed.app.inject({ method: 'GET', url });
      assert.match(String(res.headers['content-type']), /^application\/json/, url);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) assert.equal(res.headers[name], value, `${url} ${name}`);
      assert.equal(res.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'", url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['x-xss-protection'], undefined, 'the HTML-only headers stay off JSON');
    }
  });

  it('sends them on refusals answered before the route runs (an invalid key)', async () => {
    const res = await closed.app.inject({
      method: 'GET',
      url: '/api/audits/search-by-address?address=0x55d398326f99059fF775485246999027B3197955',
      headers: { 'x-api-key': 'not-a-key' },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
  });

  it('serves the docs page under a CSP that admits only same-origin scripts, which is all the page uses', async () => {
    const page = await closed.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(page.statusCode, 200);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|upgrade-insecure-requests|https:/);
    // Every script of the page is a file of this origin (an inline one would need its hash in the CSP).
    assert.doesNotMatch(page.body, /<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) {
      assert.doesNotMatch(src[1]!, /^https?:/);
      assert.equal((await closed.app.inject({ method: 'GET', url: new URL(src[1]!, 'http://x/docs/').pathname })).statusCode, 200, src[1]);
    }
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
  });

  it('allows no cross-origin caller by default, and the configured origins when set', async () => {
    const headers = { origin: 'https://dash.example' };
    const none = await closed.app.inject({ method: 'GET', url: '/healthz', headers });
    assert.equal(none.headers['access-control-allow-origin'], undefined);
    const allowed = await open.app.inject({ method: 'GET', url: '/healthz', headers });
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://dash.example');
    const other = await open.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const preflight = await open.app.inject({
      method: 'OPTIONS',
      url: '/api/cyberscan',
      headers: { ...headers, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.statusCode, 204);
  });
});
