import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../testing/run-cli.ts';
import { openStore } from '../../store/open-store.ts';
import { createServiceRequests } from '../../offers/service-requests.ts';
import { createMemoryMailer } from '../../accounts/mailer.ts';

describe('scopeward vouchers and requests', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-vouchers-'));
    env = { DATA_DIR: dir };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('issues a voucher shown once, lists it by hint, revokes it', async () => {
    const issued = await runCli(
      ['vouchers', 'issue', '--value', '250', '--recipient', 'Team@Example.com', '--note', 'launch', '--json'],
      env,
    );
    assert.equal(issued.code, 0, issued.stderr);
    const { code, voucher } = JSON.parse(issued.stdout) as { code: string; voucher: { id: string; valueUsdt: number; recipient: string } };
    assert.equal(voucher.valueUsdt, 250);
    assert.equal(voucher.recipient, 'team@example.com');
    const listed = await runCli(['vouchers', 'list', '--json'], env);
    assert.ok(!listed.stdout.includes(code), 'a listing never shows the code');
    assert.equal((JSON.parse(listed.stdout) as Array<{ state: string }>)[0]!.state, 'valid');
    const revoked = await runCli(['vouchers', 'revoke', code], env);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, /^revoked SWV-/);
    const text = await runCli(['vouchers', 'list'], env);
    assert.match(text.stdout, /revoked/);
  });

  it('refuses amounts that are not positive numbers', async () => {
    for (const value of ['-5', 'ten', '0', '1.234']) {
      const result = await runCli(['vouchers', 'issue', '--value', value], env);
      assert.equal(result.code, 2, value);
      assert.match(result.stderr, /--value/);
    }
    const unknown = await runCli(['vouchers', 'revoke', 'SWV-NOPE'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Unknown voucher code/);
  });

  it('lists requests and quotes one, e-mailing the requester through the outbox', async () => {
    const store = await openStore({ dataDir: dir });
    let id: string;
    try {
      const requests = createServiceRequests({
        db: store.db,
        clock: () => new Date(),
        mailer: createMemoryMailer(),
        operatorEmail: 'ops@example.com',
        onMailError: () => {},
      });
      id = (await requests.create({ offer: 'manual-audit', email: 'team@example.com', project: 'Token' }, null)).id;
    } finally {
      await store.close();
    }
    const listed = await runCli(['requests', 'list', '--json'], env);
    assert.equal((JSON.parse(listed.stdout) as Array<{ id: string; status: string }>)[0]!.status, 'new');
    const quoted = await runCli(['requests', 'quote', id, '--price', '1200'], env);
    assert.equal(quoted.code, 0, quoted.stderr);
    assert.match(quoted.stdout, /quoted 1200 USD/);
    assert.ok((await readdir(join(dir, 'outbox'))).some((f) => f.endsWith('.eml')));
    const status = await runCli(['requests', 'status', id, 'in progress', '--note', 'auditor assigned'], env);
    assert.equal(status.code, 0, status.stderr);
    const text = await runCli(['requests', 'list', '--status', 'in progress'], env);
    assert.match(text.stdout, /auditor assigned/);
    assert.equal((await runCli(['requests', 'status', id, 'paid'], env)).code, 2);
  });
});
