/**
 * findBlockByTime against local JSON-RPC nodes whose block times follow a rule: a steady
 * 12-second chain of Ethereum's height, one whose block time changed midway (as BSC's
 * did), and a node that fails. The devnet's irregular times are covered in
 * src/market/read-market.test.ts.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createChainClient } from './create-chain-client.ts';
import { findBlockByTime } from './find-block-by-time.ts';

const servers: Server[] = [];
after(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A node answering eth_getBlockByNumber (and eth_chainId) for blocks 0..height with the given times. */
async function chain(height: number, timeOf: (n: number) => number): Promise<{ url: string; reads: () => number }> {
  let reads = 0;
  const answer = (call: { id: unknown; method: string; params: unknown[] }) => {
    if (call.method === 'eth_chainId') return { jsonrpc: '2.0', id: call.id, result: '0x7a69' };
    if (call.method !== 'eth_getBlockByNumber')
      return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'method not found' } };
    reads += 1;
    const tag = call.params[0] as string;
    const n = tag === 'latest' ? height : Number(BigInt(tag));
    if (n > height) return { jsonrpc: '2.0', id: call.id, result: null };
    const hex = (v: number) => `0x${v.toString(16)}`;
    const hash = `0x${n.toString(16).padStart(64, '0')}`;
    return {
      jsonrpc: '2.0',
      id: call.id,
      result: {
        number: hex(n),
        hash,
        parentHash: hash,
        timestamp: hex(timeOf(n)),
        gasLimit: '0x1c9c380',
        gasUsed: '0x0',
        miner: '0x0000000000000000000000000000000000000000',
        transactions: [],
      },
    };
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      const out = Array.isArray(body) ? body.map((c) => answer(c as never)) : answer(body as never);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reads: () => reads };
}

describe('findBlockByTime on nodes with known block times', () => {
  it('takes a handful of reads on a steady 12-second chain of 21M blocks', async () => {
    const genesis = 1_438_269_973;
    const node = await chain(21_000_000, (n) => genesis + 12 * n);
    const client = createChainClient('ETH', { rpcUrl: node.url, retryCount: 0 });
    const headTime = genesis + 12 * 21_000_000;
    for (const [back, expected] of [
      [86_400, 21_000_000 - 7_200],
      [30 * 86_400, 21_000_000 - 216_000],
      [60 * 86_400 + 5, 21_000_000 - 432_001],
    ] as const) {
      const found = await findBlockByTime(client, { timestamp: headTime - back });
      assert.equal(found.block?.number, BigInt(expected), `${back}`);
      assert.equal(found.exact, true);
      // Head and genesis, then interpolation lands next to the answer (plain bisection needs ~25).
      assert.ok(found.reads <= 6, `${back}: ${found.reads} reads`);
    }
  });

  it('stays exact and bounded when the block time changed midway', async () => {
    // 3-second blocks up to block 1,000,000, then 0.75-second blocks (a faster chain after a fork).
    const timeOf = (n: number) => (n <= 1_000_000 ? 1_600_000_000 + 3 * n : 1_603_000_000 + Math.floor((n - 1_000_000) * 0.75));
    const height = 5_000_000;
    const node = await chain(height, timeOf);
    const client = createChainClient('BSC', { rpcUrl: node.url, retryCount: 0 });
    for (const target of [1_600_000_000 + 3 * 999_999 + 1, timeOf(height) - 30 * 86_400, timeOf(2_500_000) + 1]) {
      const found = await findBlockByTime(client, { timestamp: target });
      const n = Number(found.block!.number);
      assert.ok(timeOf(n) <= target && timeOf(n + 1) > target, `${target}: block ${n}`);
      assert.ok(found.reads <= 2 * Math.ceil(Math.log2(height)) + 2, `${found.reads} reads`);
    }
  });

  it('throws a typed chain error when the node fails', async () => {
    const client = createChainClient('ETH', { rpcUrl: 'http://127.0.0.1:9/', retryCount: 0 });
    await assert.rejects(findBlockByTime(client, { timestamp: 1 }), { name: 'ChainError' });
  });
});
