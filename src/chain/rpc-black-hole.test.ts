import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { createChainClient } from './create-chain-client.ts';

/** A node that accepts connections and never answers. */
describe('a JSON-RPC node that never answers', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<Socket>();
  let accepted = 0;
  before(async () => {
    server = createServer((socket) => {
      accepted += 1;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails after the first-byte timeout, and retries inside the unresponsive window fail at once', async () => {
    let clock = 1_000_000;
    const client = createChainClient('BSC', {
      rpcUrl: url,
      firstByteTimeoutMs: 150,
      unresponsiveMs: 60_000,
      retryCount: 3,
      retryDelayMs: 1,
      now: () => clock,
    });
    await assert.rejects(client.public.getBlockNumber(), /did not answer within 150 ms/);
    // Four attempts; the retries were refused without reaching the node (the one attempt
    // that did may use more than one connection).
    assert.equal(client.stats.requests, 4);
    assert.ok(accepted >= 1 && accepted < 4, `${accepted} connections`);
    const firstRound = accepted;
    // After the window the node is tried again.
    clock += 60_001;
    await assert.rejects(client.public.getBlockNumber(), /did not answer/);
    assert.ok(accepted > firstRound, 'the node is tried again');
    assert.equal(client.stats.requests, 8);
  });
});
