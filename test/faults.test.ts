/**
 * The fault suite: what the service answers when a part of it goes away, and that it
 * recovers when the part comes back. Redis and PostgreSQL are "pulled" by cutting a TCP
 * proxy in front of them (the machine's shared servers are never stopped); an analysis
 * worker is killed with SIGKILL in the middle of a job; the RPC black hole is a node that
 * accepts connections and never answers. Redis and PostgreSQL cases run in the
 * integration run (REDIS_URL, DATABASE_URL).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { tcpProxy, type TcpProxy } from '../src/testing/tcp-proxy.ts';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createAnalysisPool, type AnalysisPool } from '../src/scan/analysis-pool/analysis-pool.ts';
import { createRedis, requireRedis } from '../src/infra/redis.ts';
import { DependencyUnavailableError } from '../src/infra/dependency-error.ts';
import { openStore, type Store } from '../src/store/open-store.ts';
import { buildApp } from '../src/api/app.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { createChainClient } from '../src/chain/create-chain-client.ts';
import type { FastifyInstance } from 'fastify';

const LONG_SOURCE = `pragma solidity ^0.8.0;\ncontract Big {\n  address owner;\n  mapping(address => uint256) balanceOf;\n${Array.from({ length: 4000 }, (_, i) => `  function f${i}(uint256 a) external { if (msg.sender == owner) { balanceOf[msg.sender] += a * ${i}; } }`).join('\n')}\n}`;

describe('faults', () => {
  describe('an analysis worker killed mid-job', () => {
    let pool: AnalysisPool;
    before(() => {
      pool = createAnalysisPool({ threads: 1 });
    });
    after(() => pool.close());

    it('fails that job with an error, and the next job runs on a fresh worker', async () => {
      const pid = await pool.workerPid();
      const job = pool.analyze({ 'Big.sol': LONG_SOURCE });
      // The job is on its way to the only worker; kill it while it works.
      setImmediate(() => process.kill(pid, 'SIGKILL'));
      await assert.rejects(job);
      const next = await pool.analyze({ 'T.sol': 'pragma solidity ^0.8.0; contract T { function f() external {} }' });
      assert.ok(Array.isArray(next.findings));
      assert.notEqual(await pool.workerPid(), pid);
    });
  });

  describe('an RPC black hole', () => {
    let hole: Server;
    const held = new Set<Socket>();
    before(async () => {
      hole = createServer((s) => {
        held.add(s);
        s.on('close', () => held.delete(s));
      });
      await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    });
    after(async () => {
      for (const s of held) s.destroy();
      await new Promise((resolve) => hole.close(resolve));
    });

    it('fails a read with the node named, instead of hanging', async () => {
      const url = `http://127.0.0.1:${(hole.address() as { port: number }).port}`;
      const client = createChainClient('ETH', { rpcUrl: url, firstByteTimeoutMs: 300, retryDelayMs: 1 });
      await assert.rejects(client.public.getBlockNumber(), /ETH node did not answer within 300 ms/);
    });
  });

  describe('Redis pulled and restored', { skip: !process.env.REDIS_URL && 'REDIS_URL is not set' }, () => {
    it('answers "redis unavailable" within its bound while cut, and recovers', async () => {
      const target = new URL(process.env.REDIS_URL!);
      const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const redis = createRedis(`redis://127.0.0.1:${proxy.port}`, { retryStrategy: () => 50 });
      try {
        await requireRedis(redis, 5000);
        const closed = once(redis, 'close');
        await proxy.cut();
        await closed;
        await assert.rejects(
          requireRedis(redis, 500),
          (error: unknown) => error instanceof DependencyUnavailableError && error.source === 'redis',
        );
        await proxy.restore();
        await requireRedis(redis, 5000);
        assert.equal(await redis.ping(), 'PONG');
      } finally {
        redis.disconnect();
        await proxy.cut();
      }
    });
  });

  describe('PostgreSQL pulled and restored', { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' }, () => {
    let store: Store;
    let app: FastifyInstance;
    let proxy: TcpProxy;
    const schema = `sw_fault_${randomBytes(5).toString('hex')}`;
    before(async () => {
      const target = new URL(process.env.DATABASE_URL!);
      proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(process.env.DATABASE_URL!);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      store = await openStore({ dataDir: ':memory:', databaseUrl: viaProxy.toString(), pgSchema: schema });
      app = await buildApp({ store, rateLimiter: createRateLimiter({ pointsPerWindow: 1000 }), networks: { devnet: false } });
    });
    after(async () => {
      await app.close();
      await store.db.schema
        .dropSchema(schema)
        .ifExists()
        .cascade()
        .execute()
        .catch(() => {});
      await store.close();
      await proxy.cut().catch(() => {});
    });

    it('answers 503 naming the database while it is gone, never a 500, and recovers', async () => {
      const lookup = (address = '0x000000000000000000000000000000000000dEaD') =>
        app.inject({ method: 'GET', url: `/api/audits/search-by-address?address=${address}&network=BSC` });
      assert.equal((await lookup()).statusCode, 404);
      await proxy.cut();
      // Addresses not asked before: the lookup's 1-second answer cache (src/audits/audit-cache.ts)
      // would otherwise answer the one above without the database, which is what it is for.
      for (let i = 1; i <= 3; i++) {
        const res = await lookup(`0x${i.toString(16).padStart(40, '0')}`);
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.json().meta.source, 'database');
      }
      await proxy.restore();
      // The pool drops its broken connections and opens new ones.
      let status = 0;
      for (let i = 0; i < 5 && status !== 404; i++) status = (await lookup()).statusCode;
      assert.equal(status, 404);
    });
  });
});
