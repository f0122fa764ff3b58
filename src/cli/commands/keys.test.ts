import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../testing/run-cli.ts';

describe('scopeward keys', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-keys-'));
    env = { DATA_DIR: dir };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('creates a key shown once, lists it by prefix only, and revokes it', async () => {
    const created = await runCli(['keys', 'create', '--name', 'ci', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const { key, id, prefix } = JSON.parse(created.stdout) as { key: string; id: string; prefix: string };
    assert.match(key, /^sw_[A-Za-z0-9_-]{43}$/);
    assert.ok(key.startsWith(prefix));

    const listed = await runCli(['keys', 'list', '--json'], env);
    assert.ok(!listed.stdout.includes(key), 'a listing never shows the key');
    assert.deepEqual(
      (JSON.parse(listed.stdout) as Array<{ id: string }>).map((k) => k.id),
      [id],
    );

    assert.equal((await runCli(['keys', 'revoke', id], env)).code, 0);
    assert.deepEqual(JSON.parse((await runCli(['keys', 'list', '--json'], env)).stdout), []);
    const again = await runCli(['keys', 'revoke', id], env);
    assert.equal(again.code, 2, 'an id that matches no key is bad input');
    assert.match(again.stderr, /no single active key matches/);
  });
});

describe('scopeward keys create --account (issue 29: a key for `scan --server`)', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-keys-account-'));
    env = { DATA_DIR: dir };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('makes a key of the account named by its e-mail; an unknown account is bad input', async () => {
    const user = await runCli(['users', 'create', 'CLI@example.org', '--json'], env);
    assert.equal(user.code, 0, user.stderr);
    const { id: accountId } = JSON.parse(user.stdout) as { id: string };
    const created = await runCli(['keys', 'create', '--name', 'cli', '--account', 'cli@example.org', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    assert.equal((JSON.parse(created.stdout) as { accountId: string }).accountId, accountId);
    const unknown = await runCli(['keys', 'create', '--account', 'nobody@example.org'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--account nobody@example\.org: no such account/);
  });
});
