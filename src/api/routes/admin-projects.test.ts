import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createApiKey } from '../../keys/api-key-repository.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const header = 'network,address,website,twitter,telegram,aggregatorAId';
const good = 'ETH,0x00000000000000000000000000000000000000AA,https://example.org,@example,https://t.me/example,example-coin';

describe('admin projects', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  before(async () => {
    t = await createTestApp();
    admin = (await createApiKey(t.store.db, { name: 'ops', scope: 'admin' })).key;
    user = (await createApiKey(t.store.db, { name: 'u' })).key;
  });
  after(() => t.close());
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, key?: string, payload?: string | object, csv = false) =>
    t.app.inject({
      method,
      url,
      headers: { ...(key ? { 'x-api-key': key } : {}), ...(csv ? { 'content-type': 'text/csv' } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });

  it('needs an admin key', async () => {
    assert.equal((await call('GET', '/admin/projects')).statusCode, 401);
    assert.equal((await call('GET', '/admin/projects', user)).statusCode, 403);
    assert.equal((await call('POST', '/admin/projects', user, [])).statusCode, 403);
  });

  it('imports CSV all or nothing, lists and removes', async () => {
    const bad = await call('POST', '/admin/projects', admin, `${header}\n${good}\nETH,0x12,javascript:alert(1),,,bad id!\n`, true);
    assert.equal(bad.statusCode, 400);
    const body = bad.json() as { message: string; problems: { row: number; field: string }[] };
    assert.equal(body.message, 'Invalid projects, nothing imported');
    assert.deepEqual(
      body.problems.map((p) => `${p.row}:${p.field}`),
      ['2:address', '2:website', '2:aggregatorAId'],
    );
    assert.equal(((await call('GET', '/admin/projects', admin)).json() as { total: number }).total, 0);

    assert.deepEqual((await call('POST', '/admin/projects', admin, `${header}\n${good}\n`, true)).json(), { imported: 1 });
    const list = (await call('GET', '/admin/projects?network=eth', admin)).json() as {
      total: number;
      items: { address: string; website: string; aggregatorAId: string; source: string; discord: string }[];
    };
    assert.equal(list.total, 1);
    assert.equal(list.items[0]!.address, '0x00000000000000000000000000000000000000aa', 'EVM addresses are stored lower-case');
    assert.equal(list.items[0]!.website, 'https://example.org');
    assert.equal(list.items[0]!.aggregatorAId, 'example-coin');
    assert.equal(list.items[0]!.discord, '', 'a link not given is the unreadable string');
    assert.equal(list.items[0]!.source, 'admin');
    assert.equal((await call('GET', '/admin/projects?network=MARS', admin)).statusCode, 400);
    assert.equal((await call('DELETE', '/admin/projects/NOPE/0x00000000000000000000000000000000000000aa', admin)).statusCode, 400);
    assert.equal((await call('DELETE', '/admin/projects/eth/0x12', admin)).statusCode, 400);
    assert.deepEqual((await call('DELETE', '/admin/projects/eth/0x00000000000000000000000000000000000000aa', admin)).json(), {
      removed: 1,
    });
  });

  it('answers bad bodies with 400 and a message, never a 500', async () => {
    for (const payload of [
      { not: 'an array' },
      [null],
      [{ network: 'ETH', address: '0x00000000000000000000000000000000000000aa', typo: 'x' }],
    ]) {
      const response = await call('POST', '/admin/projects', admin, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.ok((response.json() as { message: string }).message);
    }
    const badCsv = await call('POST', '/admin/projects', admin, 'network,address\n"unclosed', true);
    assert.equal(badCsv.statusCode, 400);
  });

  it('refuses a body that is neither a JSON array nor CSV text with its own message, and a CSV it cannot read', async () => {
    for (const payload of ['{"a":1}', '5', 'true', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/projects',
        headers: { 'x-api-key': admin, 'content-type': 'application/json' },
        payload,
      });
      assert.deepEqual(
        [response.statusCode, response.json()],
        [400, { message: 'The body must be a JSON array of projects or CSV text' }],
        payload,
      );
    }
    const unreadable = await call('POST', '/admin/projects', admin, 'address,network\n"unclosed', true);
    assert.equal(unreadable.statusCode, 400);
    assert.equal((unreadable.json() as { problems?: unknown }).problems, undefined, 'a file error has no row problems');
  });
});
