import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type RequestListener } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { startGuardedProxy } from './guarded-proxy.ts';

async function server(address: string, handler: RequestListener) {
  const hits: string[] = [];
  const s = createServer((req, res) => (hits.push(req.url ?? ''), handler(req, res)));
  await new Promise<void>((r) => s.listen(0, address, r));
  return {
    port: (s.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r()))),
  };
}

/** A GET through the proxy in absolute form, as a browser sends plain-HTTP requests to a proxy. */
function viaProxy(proxyUrl: string, target: string): Promise<{ status: number; body: string }> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    request({ host: proxy.hostname, port: proxy.port, path: target, headers: { host: new URL(target).host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** A CONNECT through the proxy, then an HTTP request inside the tunnel; returns the proxy's status line. */
function tunnel(proxyUrl: string, authority: string): Promise<string> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(proxy.port), proxy.hostname, () =>
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`),
    );
    let seen = '';
    let sent = false;
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      // Once the tunnel is up, speak HTTP to the server at its other end.
      if (!sent && seen.startsWith('HTTP/1.1 200') && seen.includes('\r\n\r\n')) {
        sent = true;
        socket.write(`GET /t HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
      }
    });
    socket.on('end', () => resolve(seen));
    socket.on('error', reject);
  });
}

test('requests to allowed hosts are forwarded to the checked address; refused ones never leave', async () => {
  const allowed = await server('127.0.0.1', (_req, res) => res.end('tunnelled or proxied'));
  const forbidden = await server('127.0.0.2', (_req, res) => res.end('secret'));
  // Here 127.0.0.2 stands for a private address; 127.0.0.1 stands for the public web.
  const proxy = await startGuardedProxy({
    refuseAddress: (a) => a === '127.0.0.2',
    resolve: async (h) => (h === 'site.example' ? ['127.0.0.1'] : h === 'inner.example' ? ['127.0.0.2'] : []),
  });
  try {
    assert.deepEqual(await viaProxy(proxy.url, `http://site.example:${allowed.port}/page?x=1`), {
      status: 200,
      body: 'tunnelled or proxied',
    });
    assert.deepEqual(allowed.hits, ['/page?x=1']);
    assert.equal((await viaProxy(proxy.url, `http://inner.example:${forbidden.port}/admin`)).status, 403);
    assert.equal((await viaProxy(proxy.url, `http://127.0.0.2:${forbidden.port}/admin`)).status, 403);
    assert.equal((await viaProxy(proxy.url, `http://unknown.example/`)).status, 403);
    assert.match(
      await tunnel(proxy.url, `site.example:${allowed.port}`),
      /^HTTP\/1\.1 200 Connection Established[\s\S]*tunnelled or proxied/,
    );
    assert.match(await tunnel(proxy.url, `inner.example:${forbidden.port}`), /^HTTP\/1\.1 403/);
    assert.deepEqual(forbidden.hits, [], 'nothing reached the refused address');
    assert.deepEqual(proxy.refused(), [
      `inner.example:${forbidden.port}`,
      `127.0.0.2:${forbidden.port}`,
      'unknown.example',
      `inner.example:${forbidden.port}`,
    ]);
  } finally {
    await Promise.all([proxy.close(), allowed.close(), forbidden.close()]);
  }
});

test('by default every private and loopback address is refused', async () => {
  const local = await server('127.0.0.1', (_req, res) => res.end('local'));
  const proxy = await startGuardedProxy();
  try {
    assert.equal((await viaProxy(proxy.url, `http://127.0.0.1:${local.port}/`)).status, 403);
    assert.match(await tunnel(proxy.url, `[::1]:${local.port}`), /^HTTP\/1\.1 403/);
    assert.deepEqual(local.hits, []);
  } finally {
    await Promise.all([proxy.close(), local.close()]);
  }
});
