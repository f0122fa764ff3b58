import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useAdminTestApp } from '../../testing/admin-test-app.ts';

const header = 'network,address,website,twitter,telegram,aggregatorAId';
const good = 'ETH,0x00000000000000000000000000000000000000AA,https://example.org,@example,https://t.me/example,example-coin';

describe('admin projects', () => {
  const s = useAdminTestApp();

  it('needs an admin key', async () => {
    assert.equal((await s.call('GET', '/admin/projects')).statusCode, 401);
    assert.equal((await s.call('GET', '/admin/projects', s.user)).statusCode, 403);
    assert.equal((await s.call('POST', '/admin/projects', s.user, [])).statusCode, 403);
  });

  it('imports CSV all or nothing, lists and removes', async () => {
    const bad = await s.call('POST', '/admin/projects', s.admin, `${header}\n${good}\nETH,0x12,javascript:alert(1),,,bad id!\n`, true);
    assert.equal(bad.statusCode, 400);
    const body = bad.json() as { message: string; problems: { row: number; field: string }[] };
    assert.equal(body.message, 'Invalid projects, nothing imported');
    assert.deepEqual(
      body.problems.map((p) => `${p.row}:${p.field}`),
      ['2:address', '2:website', '2:aggregatorAId'],
    );
    assert.equal(((await s.call('GET', '/admin/projects', s.admin)).json() as { total: number }).total, 0);

    assert.deepEqual((await s.call('POST', '/admin/projects', s.admin, `${header}\n${good}\n`, true)).json(), { imported: 1 });
    const list = (await s.call('GET', '/admin/projects?network=eth', s.admin)).json() as {
      total: number;
      items: { address: string; website: string; aggregatorAId: string; source: string; discord: string }[];
    };
    assert.equal(list.total, 1);
    assert.equal(list.items[0]!.address, '0x00000000000000000000000000000000000000aa', 'EVM addresses are stored lower-case');
    assert.equal(list.items[0]!.website, 'https://example.org');
    assert.equal(list.items[0]!.aggregatorAId, 'example-coin');
    assert.equal(list.items[0]!.discord, '', 'a link not given is the unreadable string');
    assert.equal(list.items[0]!.source, 'admin');
    assert.equal((await s.call('GET', '/admin/projects?network=MARS', s.admin)).statusCode, 400);
    assert.equal((await s.call('DELETE', '/admin/projects/NOPE/0x00000000000000000000000000000000000000aa', s.admin)).statusCode, 400);
    assert.equal((await s.call('DELETE', '/admin/projects/eth/0x12', s.admin)).statusCode, 400);
    assert.deepEqual((await s.call('DELETE', '/admin/projects/eth/0x00000000000000000000000000000000000000aa', s.admin)).json(), {
      removed: 1,
    });
  });

  it('answers bad bodies with 400 and a message, never a 500', async () => {
    for (const payload of [
      { not: 'an array' },
      [null],
      [{ network: 'ETH', address: '0x00000000000000000000000000000000000000aa', typo: 'x' }],
    ]) {
      const response = await s.call('POST', '/admin/projects', s.admin, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.ok((response.json() as { message: string }).message);
    }
    const badCsv = await s.call('POST', '/admin/projects', s.admin, 'network,address\n"unclosed', true);
    assert.equal(badCsv.statusCode, 400);
  });

  it('refuses a body that is neither a JSON array nor CSV text with its own message, and a CSV it cannot read', async () => {
    for (const payload of ['{"a":1}', '5', 'true', 'null']) {
      const response = await s.app.inject({
        method: 'POST',
        url: '/admin/projects',
        headers: { 'x-api-key': s.admin, 'content-type': 'application/json' },
        payload,
      });
      assert.deepEqual(
        [response.statusCode, response.json()],
        [400, { message: 'The body must be a JSON array of projects or CSV text' }],
        payload,
      );
    }
    const unreadable = await s.call('POST', '/admin/projects', s.admin, 'address,network\n"unclosed', true);
    assert.equal(unreadable.statusCode, 400);
    assert.equal((unreadable.json() as { problems?: unknown }).problems, undefined, 'a file error has no row problems');
  });
});
