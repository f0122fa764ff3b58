/**
 * The distributed configuration: two API processes on one PostgreSQL database and one
 * Redis. Runs when DATABASE_URL and REDIS_URL are set (.ci/run sets them).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';
import { runCli } from '../src/testing/run-cli.ts';

const { DATABASE_URL, REDIS_URL } = process.env;
const skip = !DATABASE_URL || !REDIS_URL ? 'DATABASE_URL and REDIS_URL are not both set' : false;
const ADDRESS = '0x00000000000000000000000000000000000000bb';

describe('two API processes sharing PostgreSQL and a Redis rate limit', { skip }, () => {
  const database = `sw_it_${randomBytes(5).toString('hex')}`;
  let env: Record<string, string>;
  let dir: string;
  let servers: SpawnedServer[] = [];

  before(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${database}`;
    dir = await mkdtemp(join(tmpdir(), 'sw-it-'));
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL!,
      RATE_LIMIT_PREFIX: `sw-it-${database}`,
      DATA_DIR: join(dir, 'data'),
      DEVNET: 'off',
    };
    // Both start at once, as replicas do; one that fails must not leave the other running.
    const started = await Promise.allSettled([spawnServer(env), spawnServer(env)]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  });

  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  });

  it('both processes read the audits and keys written through the CLI', async () => {
    const added = await runCli(
      [
        'audits',
        'add',
        '--address',
        ADDRESS,
        '--network',
        'ETH',
        '--slug',
        'b',
        '--name',
        'B',
        '--report-url',
        'https://r.example/b',
        '--report-file',
        'https://r.example/b.pdf',
      ],
      env,
    );
    assert.equal(added.code, 0, added.stderr);
    const { key } = JSON.parse((await runCli(['keys', 'create', '--json'], env)).stdout) as { key: string };
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/audits/search-by-address?address=${ADDRESS}&chainId=1`, { headers: { 'x-api-key': key } });
      assert.equal(res.status, 200);
      const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { checks: Record<string, string> };
      assert.deepEqual(ready.checks, { database: 'ok', redis: 'ok' });
    }
  });

  it('counts keyless calls across both processes: the sixth call in a minute is refused by either', async () => {
    const url = (i: number) => `${servers[i % 2]!.url}/api/audits/search-by-address?address=${ADDRESS}&network=ETH`;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(url(i));
      assert.equal(res.status, 200, `call ${i + 1}`);
      assert.equal(res.headers.get('ratelimit-remaining'), String(4 - i));
    }
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url(i));
      assert.equal(res.status, 429);
      assert.deepEqual(await res.json(), { message: 'Too Many Requests' });
      assert.ok(Number(res.headers.get('retry-after')) > 0);
    }
  });
});
