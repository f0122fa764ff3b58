import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { capConnectionsPerClient } from './connection-cap.ts';

/** Opens `n` sockets to the server and resolves once each is accepted or refused. */
async function open(port: number, n: number): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Socket>((resolve) => {
          const s = connect(port, '127.0.0.1', () => resolve(s));
          s.on('error', () => {});
        }),
    ),
  );
}

test('exempt peers (loopback, by default in the app) are never capped; others are', async () => {
  for (const [exempt, served] of [
    [true, 4],
    [false, 2],
  ] as const) {
    let accepted = 0;
    const server = createServer(() => (accepted += 1));
    capConnectionsPerClient(server, 2, exempt ? { exempt: () => true } : {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sockets = await open((server.address() as AddressInfo).port, 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(accepted, served, exempt ? 'exempt: all served' : 'capped at 2');
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
