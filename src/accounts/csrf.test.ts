import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkCsrf, type CsrfRequest } from './csrf.ts';

const base: CsrfRequest = {
  method: 'POST',
  header: 'token-123',
  expected: 'token-123',
  origin: 'https://scan.example.org',
  secFetchSite: 'same-origin',
  selfOrigin: 'https://scan.example.org',
};

describe('checkCsrf', () => {
  it('lets safe methods through without a token', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get'])
      assert.deepEqual(checkCsrf({ ...base, method, header: undefined }), { ok: true });
  });

  it('accepts a state-changing request with the expected token from this origin', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) assert.deepEqual(checkCsrf({ ...base, method }), { ok: true });
    // Clients that send neither Origin nor Sec-Fetch-Site (curl) still need the token.
    assert.deepEqual(checkCsrf({ ...base, origin: undefined, secFetchSite: undefined }), { ok: true });
  });

  it('refuses a missing, repeated or wrong token', () => {
    assert.deepEqual(checkCsrf({ ...base, header: undefined }), { ok: false, reason: 'missing-token' });
    assert.deepEqual(checkCsrf({ ...base, header: '' }), { ok: false, reason: 'missing-token' });
    assert.deepEqual(checkCsrf({ ...base, header: ['token-123', 'token-123'] }), { ok: false, reason: 'missing-token' });
    assert.deepEqual(checkCsrf({ ...base, expected: undefined }), { ok: false, reason: 'missing-token' });
    assert.deepEqual(checkCsrf({ ...base, header: 'token-124' }), { ok: false, reason: 'wrong-token' });
    assert.deepEqual(checkCsrf({ ...base, header: 'token-12' }), { ok: false, reason: 'wrong-token' });
  });

  it('refuses requests another site started, even with the right token', () => {
    assert.deepEqual(checkCsrf({ ...base, origin: 'https://evil.example' }), { ok: false, reason: 'cross-origin' });
    assert.deepEqual(checkCsrf({ ...base, origin: 'http://scan.example.org' }), { ok: false, reason: 'cross-origin' });
    assert.deepEqual(checkCsrf({ ...base, secFetchSite: 'cross-site' }), { ok: false, reason: 'cross-origin' });
    assert.deepEqual(checkCsrf({ ...base, secFetchSite: 'same-site' }), { ok: false, reason: 'cross-origin' });
  });
});
