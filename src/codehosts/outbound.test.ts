import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress, outboundFetch, OutboundError } from './outbound.ts';

async function server(handler: Parameters<typeof createServer>[1]) {
  const s = createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => s.close(() => r())) };
}

const reason = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof OutboundError, String(error));
  return error.reason;
};

test('private and loopback addresses are recognised', () => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '192.168.0.1',
    '172.20.0.1',
    '169.254.169.254',
    '::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
  ])
    assert.equal(isPrivateAddress(a), true, a);
  for (const a of ['140.82.112.3', '2606:4700::1111', '::ffff:8c52:7003']) assert.equal(isPrivateAddress(a), false, a);
});

test('only configured origins; private addresses only when allowed; redirects checked per hop', async () => {
  const target = await server((_req, res) => res.end('ok'));
  const hop = await server((_req, res) => {
    res.writeHead(302, { location: `${target.url}/x` });
    res.end();
  });
  try {
    assert.equal(
      await reason(outboundFetch(`${target.url}/`, {}, { allowedOrigins: [], allowPrivateAddresses: true }, 100)),
      'not-allowed',
    );
    assert.equal(
      await reason(outboundFetch(`${target.url}/`, {}, { allowedOrigins: [target.url], allowPrivateAddresses: false }, 100)),
      'private-address',
    );
    // A public-looking name resolving to a private address is refused too.
    assert.equal(
      await reason(
        outboundFetch(
          'https://git.example.org/',
          {},
          { allowedOrigins: ['https://git.example.org'], allowPrivateAddresses: false, resolve: async () => ['10.0.0.5'] },
          100,
        ),
      ),
      'private-address',
    );
    const ok = await outboundFetch(`${target.url}/`, {}, { allowedOrigins: [target.url], allowPrivateAddresses: true }, 100);
    assert.equal(ok.body.toString(), 'ok');
    // The redirect leads to an origin not on the list.
    assert.equal(
      await reason(outboundFetch(`${hop.url}/`, {}, { allowedOrigins: [hop.url], allowPrivateAddresses: true }, 100)),
      'not-allowed',
    );
    const followed = await outboundFetch(`${hop.url}/`, {}, { allowedOrigins: [hop.url, target.url], allowPrivateAddresses: true }, 100);
    assert.equal(followed.body.toString(), 'ok');
  } finally {
    await target.close();
    await hop.close();
  }
});

test('answers larger than the bound are cut off', async () => {
  const big = await server((_req, res) => res.end(Buffer.alloc(5000)));
  try {
    assert.equal(
      await reason(outboundFetch(`${big.url}/`, {}, { allowedOrigins: [big.url], allowPrivateAddresses: true }, 4999)),
      'too-large',
    );
    assert.equal(
      (await outboundFetch(`${big.url}/`, {}, { allowedOrigins: [big.url], allowPrivateAddresses: true }, 5000)).body.length,
      5000,
    );
  } finally {
    await big.close();
  }
});
