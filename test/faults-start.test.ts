/**
 * Degraded, not dead (issue 30): the real server (`scopeward serve`) started while Redis or
 * PostgreSQL is down listens anyway, says what is missing on /readyz, answers 503 naming it
 * within 2 s where it is needed, logs one warning per interval instead of one per reconnect,
 * and recovers by itself when the dependency comes back, at start and while serving.
 *
 * Redis is a redis-server of this test's own on a port of its own (the shared one on 6379 is
 * never stopped); PostgreSQL is the shared server behind a TCP proxy this test cuts. Run in
 * the integration run (REDIS_URL, DATABASE_URL).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';
import { tcpProxy, type TcpProxy } from '../src/testing/tcp-proxy.ts';

const { REDIS_URL, DATABASE_URL } = process.env;
const PLAIN_TOKEN = '0x97035c149c7DD28664096E0c3f3176A0a6b297A7';
const FEE_TOKEN = '0x150D275D86de10e9388303cDeD1F2Ad3ed304298';
/** The bound a request needing a missing dependency must answer within. */
const ANSWER_MS = 2000;
/** Starting the service (tsx compiles it) takes long on a busy machine; listening is what is measured. */
const START_MS = 240_000;

/** A loopback port that was free a moment ago: nothing listens on it. */
async function reservePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls `check` until it returns true, for at most `ms`; returns whether it did. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A redis-server of this test's own, on `port`; resolves once it answers PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(500, () => socket.destroy());
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(false));
      socket.on('data', (data) => {
        resolve(data.toString().startsWith('+PONG'));
        socket.destroy();
      });
      socket.on('connect', () => socket.write('PING\r\n'));
    });
  assert.ok(await eventually(answers, 10_000), 'redis-server did not start');
  return child;
}

/** One inline command to the Redis on `port`, answered as its raw reply text. */
function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(`${command}\r\n`));
    socket.setTimeout(2000, () => socket.destroy(new Error('no reply')));
    socket.on('data', (data) => {
      reply += data.toString();
      // Enough for a short array or line reply: ends with CRLF and is not a bare header.
      if (reply.endsWith('\r\n')) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(reply));
  });
}

async function stopRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

async function readyz(server: SpawnedServer) {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
}

describe('started with Redis down', { skip: !REDIS_URL && 'REDIS_URL is not set' }, () => {
  let dir: string;
  let port: number;
  let server: SpawnedServer;
  let redis: ChildProcess | undefined;
  let listeningAfterMs = 0;
  const id = randomBytes(4).toString('hex');

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-faults-start-'));
    port = await reservePort();
    const started = performance.now();
    // `npm start`'s defaults (the devnet, the slow-enrichment poll on BullMQ, the queue
    // worker in this process), with a Redis that does not answer.
    server = await spawnServer(
      {
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: '',
        REDIS_URL: `redis://127.0.0.1:${port}`,
        SCAN_QUEUE: `sw-faults-start-${id}`,
        RATE_LIMIT_PREFIX: `sw-faults-start-${id}`,
      },
      START_MS,
    );
    listeningAfterMs = performance.now() - started;
  });

  after(async () => {
    // Whatever a failed test left: the server is ended for good, not waited for.
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await stopRedis(redis);
    await rm(dir, { recursive: true, force: true });
  });

  // A token scanned once is served from its snapshot without Redis: each case scans one not scanned yet.
  const scan = (address = PLAIN_TOKEN) =>
    fetch(`${server.url}/api/cyberscan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, network: 'LOCAL' }),
    });
  const redisLines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"dependency":"redis"'));

  it('listens: alive on /healthz, /readyz 503 naming Redis, a scan 503 naming it within 2 s', async (t) => {
    t.diagnostic(`listening ${Math.round(listeningAfterMs)} ms after spawn`);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    const ready = await readyz(server);
    assert.equal(ready.status, 503);
    assert.equal(ready.body.checks.database, 'ok');
    assert.match(ready.body.checks.redis ?? '', /^redis unavailable: not connected \(.*ECONNREFUSED/);
    const { value: res, ms } = await timed(scan);
    t.diagnostic(`scan answered ${res.status} in ${Math.round(ms)} ms`);
    assert.equal(res.status, 503);
    assert.equal(((await res.json()) as { meta: { source: string } }).meta.source, 'redis');
    assert.ok(ms < ANSWER_MS, `answered in ${ms} ms`);
  });

  it('warns once per interval, with the count of the attempts held back', async () => {
    // ioredis retries several connections at least every 2 s; the default interval is 30 s.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const lines = redisLines();
    assert.ok(lines.length >= 1 && lines.length <= 2, lines.join('\n'));
    assert.match(lines[0]!, /"msg":"redis unavailable"/);
    assert.doesNotMatch(server.output(), /slow enrichment poll failed/);
  });

  it('recovers when Redis comes: ready, and the queue worker runs the scan', async (t) => {
    redis = await startRedis(port);
    const { value: ready, ms } = await timed(() => eventually(async () => (await readyz(server)).status === 200, 30_000));
    t.diagnostic(`ready ${Math.round(ms)} ms after Redis started`);
    assert.ok(ready, JSON.stringify((await readyz(server)).body));
    const res = await scan();
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(((await res.json()) as { auditLayout: { contract: { symbol: string } } }).auditLayout.contract.symbol, 'PLAIN');
    assert.match(server.output(), /"msg":"redis available again"/);
    // The keyless limit counted that call in Redis again, not in the process's memory.
    assert.match(await redisCommand(port, `KEYS sw-faults-start-${id}*`), /^\*[1-9]/);
  });

  it('Redis going down while serving: 503 naming it within 2 s; back again: ready and scanning', async (t) => {
    await stopRedis(redis);
    redis = undefined;
    assert.ok(await eventually(async () => (await readyz(server)).status === 503, 10_000));
    const { value: res, ms } = await timed(() => scan(FEE_TOKEN));
    t.diagnostic(`scan answered ${res.status} in ${Math.round(ms)} ms with Redis stopped`);
    assert.equal(res.status, 503);
    assert.equal(((await res.json()) as { meta: { source: string } }).meta.source, 'redis');
    assert.ok(ms < ANSWER_MS, `answered in ${ms} ms`);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);

    redis = await startRedis(port);
    assert.ok(await eventually(async () => (await readyz(server)).status === 200, 30_000), 'ready again');
    assert.equal((await scan(FEE_TOKEN)).status, 200);
  });

  it('shuts down within its bound while Redis is gone', async (t) => {
    await stopRedis(redis);
    redis = undefined;
    assert.ok(await eventually(async () => (await readyz(server)).status === 503, 10_000));
    // BullMQ's own close waits for Redis forever; the poll and the worker bound it.
    const { value: code, ms } = await timed(() =>
      Promise.race([server.stop(), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]),
    );
    t.diagnostic(`exited with ${code} ${Math.round(ms)} ms after SIGTERM`);
    assert.equal(code, 0);
  });
});

describe('started with PostgreSQL down', { skip: !DATABASE_URL && 'DATABASE_URL is not set' }, () => {
  const database = `sw_faults_start_${randomBytes(5).toString('hex')}`;
  let dir: string;
  let proxy: TcpProxy;
  let server: SpawnedServer;
  let listeningAfterMs = 0;

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };

  before(async () => {
    await admin(`create database ${database}`);
    const target = new URL(DATABASE_URL!);
    // The proxy's port is taken but refuses connections: the database is down.
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, { cut: true });
    const viaProxy = new URL(DATABASE_URL!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${database}`;
    dir = await mkdtemp(join(tmpdir(), 'sw-faults-start-pg-'));
    const started = performance.now();
    server = await spawnServer({ DATA_DIR: join(dir, 'data'), DATABASE_URL: viaProxy.toString(), REDIS_URL: '', DEVNET: 'off' }, START_MS);
    listeningAfterMs = performance.now() - started;
  });

  after(async () => {
    await server?.stop();
    await proxy?.cut();
    await admin(`drop database if exists ${database} with (force)`);
    await rm(dir, { recursive: true, force: true });
  });

  // A new address each time: the lookup's 1-second answer cache would otherwise answer.
  let asked = 0;
  const lookup = () =>
    fetch(`${server.url}/api/audits/search-by-address?address=0x${(++asked).toString(16).padStart(40, '0')}&network=BSC`);

  it('listens: alive, /readyz 503 "database unreachable", routes needing it 503 within 2 s', async (t) => {
    t.diagnostic(`listening ${Math.round(listeningAfterMs)} ms after spawn`);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    const ready = await readyz(server);
    assert.equal(ready.status, 503);
    assert.match(ready.body.checks.database ?? '', /^database unavailable: unreachable at start \(.*\); migrations pending/);
    const { value: res, ms } = await timed(lookup);
    assert.equal(res.status, 503);
    const body = (await res.json()) as { meta: { source: string; reason: string } };
    assert.equal(body.meta.source, 'database');
    assert.match(body.meta.reason, /unreachable at start/);
    assert.ok(ms < ANSWER_MS, `answered in ${ms} ms`);
    const lines = server.output().split('\n');
    assert.ok(lines.filter((line) => line.includes('"dependency":"database"')).length <= 2, 'warnings are rate-limited');
  });

  it('migrates and serves once the database comes, by itself', async (t) => {
    await proxy.restore();
    const { value: ready, ms } = await timed(() => eventually(async () => (await readyz(server)).status === 200, 30_000));
    t.diagnostic(`ready ${Math.round(ms)} ms after the database came`);
    assert.ok(ready, JSON.stringify((await readyz(server)).body));
    assert.equal((await lookup()).status, 404, 'the lookup reads the migrated database');
    assert.match(server.output(), /"msg":"database available again"/);
  });

  it('the database going down while serving: 503 naming it within 2 s; back again: serving', async () => {
    await proxy.cut();
    const { value: res, ms } = await timed(lookup);
    assert.equal(res.status, 503);
    assert.equal(((await res.json()) as { meta: { source: string } }).meta.source, 'database');
    assert.ok(ms < ANSWER_MS, `answered in ${ms} ms`);
    assert.equal((await readyz(server)).status, 503);
    await proxy.restore();
    assert.ok(await eventually(async () => (await lookup()).status === 404, 15_000), 'serving again');
    assert.equal((await readyz(server)).status, 200);
  });
});
