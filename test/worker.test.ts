/**
 * The distributed scan path as an operator runs it: `scopeward serve` that only enqueues
 * (SCAN_WORKER=off) and a separate `scopeward worker`, sharing one Redis queue.
 * Runs when REDIS_URL is set (.ci/run sets it).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';
import { runCli } from '../src/testing/run-cli.ts';

const { REDIS_URL } = process.env;
const BIN = fileURLToPath(new URL('../bin/scopeward.js', import.meta.url));
const FEE_TOKEN = '0x150D275D86de10e9388303cDeD1F2Ad3ed304298';

describe('scopeward serve with a separate scopeward worker', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, () => {
  let dir: string;
  let env: Record<string, string>;
  let server: SpawnedServer;
  let worker: ChildProcess | undefined;
  let workerLog = '';

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-worker-'));
    const id = randomBytes(4).toString('hex');
    // Fresh embedded stores (DATABASE_URL cleared): a snapshot left in a shared database by
    // an earlier run would be served as fresh, and the worker would never be asked.
    env = {
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: '',
      REDIS_URL: REDIS_URL!,
      SCAN_QUEUE: `sw-test-${id}`,
      RATE_LIMIT_PREFIX: `sw-test-${id}`,
      SCAN_WORKER: 'off',
    };
    server = await spawnServer(env);
  });

  after(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker!.once('exit', resolve));
    }
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const scan = () =>
    fetch(`${server.url}/api/cyberscan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: FEE_TOKEN, network: 'LOCAL' }),
    });

  it('answers scans that a worker process executes', async () => {
    worker = spawn(process.execPath, [BIN, 'worker', '--json'], {
      env: { ...process.env, ...env, DATA_DIR: join(dir, 'worker-data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (c: Buffer) => (workerLog += c.toString()));
    worker.stderr?.on('data', (c: Buffer) => (workerLog += c.toString()));
    const deadline = Date.now() + 60_000;
    while (!workerLog.includes('"event":"ready"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    assert.ok(workerLog.includes('"event":"ready"'), workerLog);

    const res = await scan();
    assert.equal(res.status, 200);
    const body = (await res.json()) as { auditLayout: { contract: { symbol: string }; taxes: { transferTax: number } } };
    assert.equal(body.auditLayout.contract.symbol, 'FEE');
    assert.ok(Math.abs(body.auditLayout.taxes.transferTax - 5) < 0.01);
    // The API hears of the result through the queue's events, possibly before the worker
    // has written its own log line: wait a little for it.
    const logged = Date.now() + 10_000;
    while (!/"event":"completed"/.test(workerLog) && Date.now() < logged) await new Promise((r) => setTimeout(r, 100));
    assert.match(workerLog, /"event":"completed"/, 'the worker process ran the scan');
  });

  it('explains a worker that is missing its Redis', async () => {
    const res = await runCli(['worker'], { DATA_DIR: join(dir, 'data'), REDIS_URL: '' });
    assert.notEqual(res.code, 0);
    assert.match(res.stderr, /needs REDIS_URL/);
  });
});
