/**
 * The real service as a user runs it: `scopeward serve` on the embedded defaults,
 * driven over HTTP, restarted, and stopped with a signal.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../src/testing/spawn-server.ts';
import { runCli } from '../src/testing/run-cli.ts';

const ADDRESS = '0x00000000000000000000000000000000000000aa';

describe('scopeward serve on the embedded defaults', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-server-'));
    // The embedded defaults, whatever the test run's own environment sets.
    env = { DATA_DIR: join(dir, 'data'), DEVNET: 'off', DATABASE_URL: '', REDIS_URL: '' };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('answers imported audits, keeps them across a restart, and stops cleanly on SIGTERM', async () => {
    const file = join(dir, 'audits.json');
    await writeFile(
      file,
      JSON.stringify([
        {
          slug: 'a',
          name: 'A',
          createdAt: '2024-01-01T00:00:00Z',
          reportFile: 'https://r.example/a.pdf',
          reportUrl: 'https://r.example/a',
          finishedAt: '2024-01-02T00:00:00Z',
          address: ADDRESS,
          network: 'BSC',
        },
      ]),
    );
    assert.equal((await runCli(['audits', 'import', file], env)).code, 0);
    const { key } = JSON.parse((await runCli(['keys', 'create', '--json'], env)).stdout) as { key: string };

    for (let round = 0; round < 2; round++) {
      const server = await spawnServer(env);
      try {
        const res = await fetch(`${server.url}/api/audits/search-by-address?address=${ADDRESS}`, { headers: { 'x-api-key': key } });
        assert.equal(res.status, 200);
        assert.equal(((await res.json()) as { slug: string }).slug, 'a');
        assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
      } finally {
        const code = await server.stop();
        assert.equal(code, 0, `graceful shutdown exits 0:\n${server.output()}`);
      }
      assert.ok(!server.output().includes(key), 'the key never appears in the log');
    }
  });
});
