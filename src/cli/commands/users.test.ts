import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../testing/run-cli.ts';
import { openStore } from '../../store/open-store.ts';
import { verifyPassword } from '../../accounts/password.ts';

describe('scopeward users', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-users-'));
    env = { DATA_DIR: dir, DATABASE_URL: '' };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('creates the first admin with a password shown once, which logs in', async () => {
    const created = await runCli(['users', 'create', 'Admin@Example.org', '--admin', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const account = JSON.parse(created.stdout) as { email: string; role: string; password: string };
    assert.equal(account.email, 'admin@example.org');
    assert.equal(account.role, 'admin');
    assert.ok(account.password.length >= 20);

    const store = await openStore({ dataDir: dir });
    try {
      const row = await store.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
      assert.equal(await verifyPassword(row.password_hash, account.password), true);
      assert.ok(row.verified_at);
    } finally {
      await store.close();
    }
    const listed = JSON.parse((await runCli(['users', 'list', '--json'], env)).stdout) as Array<{ email: string; role: string }>;
    assert.deepEqual(
      listed.map((a) => [a.email, a.role]),
      [['admin@example.org', 'admin']],
    );

    const again = await runCli(['users', 'create', 'admin@example.org'], env);
    assert.equal(again.code, 3);
    assert.match(again.stderr, /already has an account/);
    const bad = await runCli(['users', 'create', 'not-an-address'], env);
    assert.equal(bad.code, 2);
  });
});
