import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useAdminTestApp } from '../../testing/admin-test-app.ts';

const header = 'address,network,label,category,source,listedOn';
const good = '0x00000000000000000000000000000000000000aa,ETH,Hot wallet 1,exchange,ops list,2025-02-01';

describe('admin labels', () => {
  const s = useAdminTestApp();

  it('needs an admin key', async () => {
    assert.equal((await s.call('GET', '/admin/labels')).statusCode, 401);
    assert.equal((await s.call('GET', '/admin/labels', s.user)).statusCode, 403);
  });

  it('imports CSV all or nothing, lists and removes', async () => {
    const bad = await s.call('POST', '/admin/labels', s.admin, `${header}\n${good}\n0x12,ETH,x,gossip,ops,2025-01-01\n`, true);
    assert.equal(bad.statusCode, 400);
    const body = bad.json() as { message: string; problems: { row: number; field: string }[] };
    assert.equal(body.message, 'Invalid labels, nothing imported');
    assert.deepEqual(
      body.problems.map((p) => `${p.row}:${p.field}`),
      ['2:address', '2:category'],
    );
    assert.equal(((await s.call('GET', '/admin/labels', s.admin)).json() as { total: number }).total, 0);

    assert.deepEqual((await s.call('POST', '/admin/labels', s.admin, `${header}\n${good}\n`, true)).json(), { imported: 1 });
    const list = (await s.call('GET', '/admin/labels?category=exchange', s.admin)).json() as { total: number; items: { label: string }[] };
    assert.equal(list.total, 1);
    assert.equal(list.items[0]!.label, 'Hot wallet 1');
    assert.equal((await s.call('DELETE', '/admin/labels/NOPE/0x00000000000000000000000000000000000000aa', s.admin)).statusCode, 400);
    assert.deepEqual((await s.call('DELETE', '/admin/labels/eth/0x00000000000000000000000000000000000000aa', s.admin)).json(), {
      removed: 1,
    });
  });

  it('refuses a body that is neither a JSON array nor CSV text with its own message, and a CSV it cannot read', async () => {
    for (const payload of ['{"a":1}', '5', 'true', 'null']) {
      const response = await s.app.inject({
        method: 'POST',
        url: '/admin/labels',
        headers: { 'x-api-key': s.admin, 'content-type': 'application/json' },
        payload,
      });
      assert.deepEqual(
        [response.statusCode, response.json()],
        [400, { message: 'The body must be a JSON array of labels or CSV text' }],
        payload,
      );
    }
    const unreadable = await s.call('POST', '/admin/labels', s.admin, 'address,network\n"unclosed', true);
    assert.equal(unreadable.statusCode, 400);
    assert.equal((unreadable.json() as { problems?: unknown }).problems, undefined, 'a file error has no row problems');
  });
});
