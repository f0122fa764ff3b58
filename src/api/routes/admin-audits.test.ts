import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../../interface/messages.ts';
import { useAdminTestApp } from '../../testing/admin-test-app.ts';

const row = {
  slug: 'alpha',
  name: 'Alpha',
  createdAt: '2024-01-01T00:00:00Z',
  reportFile: 'https://r.example/a.pdf',
  reportUrl: 'https://r.example/a',
  finishedAt: '2024-01-02T00:00:00Z',
  address: '0x00000000000000000000000000000000000000aa',
  network: 'ETH',
};

describe('admin audit registry', () => {
  const s = useAdminTestApp();

  it('needs an admin key', async () => {
    assert.equal((await s.app.inject({ method: 'GET', url: '/admin/audits' })).statusCode, 401);
    assert.equal((await s.app.inject({ method: 'GET', url: '/admin/audits', headers: { 'x-api-key': 'bad' } })).statusCode, 401);
    const forbidden = await s.app.inject({ method: 'GET', url: '/admin/audits', headers: { 'x-api-key': s.user } });
    assert.equal(forbidden.statusCode, 403);
    assert.deepEqual(forbidden.json(), { message: 'Forbidden' });
    // The scope is checked before the input: a non-admin learns nothing from a malformed request.
    const early = await s.app.inject({ method: 'DELETE', url: '/admin/audits/eth/nope', headers: { 'x-api-key': s.user } });
    assert.equal(early.statusCode, 403);
  });

  it('validates with the schemas: a bad address, a body of neither form, a limit out of range', async () => {
    const badAddress = await s.app.inject({ method: 'DELETE', url: '/admin/audits/eth/nope', headers: { 'x-api-key': s.admin } });
    assert.deepEqual([badAddress.statusCode, badAddress.json()], [400, { message: 'invalid address' }]);
    const neither = await s.app.inject({ method: 'POST', url: '/admin/audits', headers: { 'x-api-key': s.admin }, payload: { a: 1 } });
    assert.deepEqual([neither.statusCode, neither.json()], [400, { message: MESSAGES.admin.auditBody }]);
    const limit = await s.app.inject({ method: 'GET', url: '/admin/audits?limit=5000', headers: { 'x-api-key': s.admin } });
    assert.deepEqual([limit.statusCode, limit.json()], [400, { message: 'Bad Request' }]);
    const paged = await s.app.inject({ method: 'GET', url: '/admin/audits?limit=1&offset=0', headers: { 'x-api-key': s.admin } });
    assert.equal(paged.statusCode, 200);
    assert.ok(paged.json().items.length <= 1);
  });

  it('imports JSON, then the lookup finds it; a bad row imports nothing and is named', async () => {
    const bad = await s.app.inject({
      method: 'POST',
      url: '/admin/audits',
      headers: { 'x-api-key': s.admin },
      payload: [row, { ...row, slug: 'b', address: 'nope' }],
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().problems, [{ row: 2, field: 'address', problem: 'must be a 0x-prefixed 20-byte hex address' }]);
    assert.equal((await s.app.inject({ method: 'GET', url: '/admin/audits', headers: { 'x-api-key': s.admin } })).json().total, 0);

    const ok = await s.app.inject({ method: 'POST', url: '/admin/audits', headers: { 'x-api-key': s.admin }, payload: [row] });
    assert.deepEqual(ok.json(), { imported: 1 });
    const found = await s.app.inject({
      method: 'GET',
      url: `/api/audits/search-by-address?address=${row.address}&network=ETH`,
      headers: { 'x-api-key': s.user },
    });
    assert.equal(found.statusCode, 200);
    assert.equal(found.json().slug, 'alpha');
  });

  it('imports CSV sent as text/csv', async () => {
    const csv = `slug,name,createdAt,reportFile,reportUrl,finishedAt,address,network\nbeta,Beta,2024-01-01,https://r.example/b.pdf,https://r.example/b,2024-01-03,0x00000000000000000000000000000000000000bb,BSC\n`;
    const res = await s.app.inject({
      method: 'POST',
      url: '/admin/audits',
      headers: { 'x-api-key': s.admin, 'content-type': 'text/csv' },
      payload: csv,
    });
    assert.deepEqual(res.json(), { imported: 1 });
  });

  it('refuses malformed bodies with a 4xx and a message', async () => {
    const broken = await s.app.inject({
      method: 'POST',
      url: '/admin/audits',
      headers: { 'x-api-key': s.admin, 'content-type': 'application/json' },
      payload: '[{',
    });
    assert.equal(broken.statusCode, 400);
    assert.equal(typeof broken.json().message, 'string');
    const xml = await s.app.inject({
      method: 'POST',
      url: '/admin/audits',
      headers: { 'x-api-key': s.admin, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    assert.equal(xml.statusCode, 415);
    assert.deepEqual(xml.json(), { message: 'Unsupported Media Type' });
  });

  it('removes the audits of an address', async () => {
    const res = await s.app.inject({ method: 'DELETE', url: `/admin/audits/eth/${row.address}`, headers: { 'x-api-key': s.admin } });
    assert.deepEqual(res.json(), { removed: 1 });
    const gone = await s.app.inject({
      method: 'GET',
      url: `/api/audits/search-by-address?address=${row.address}&network=ETH`,
      headers: { 'x-api-key': s.user },
    });
    assert.equal(gone.statusCode, 404);
  });
});
