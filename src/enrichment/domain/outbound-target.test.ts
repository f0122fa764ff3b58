import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkedFetch, checkOutboundHost, checkOutboundTarget, OutboundTargetError, toWebUrl } from './outbound-target.ts';

async function server(handler: RequestListener) {
  const hits: string[] = [];
  const s = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  return { origin, hits, close: () => new Promise<void>((r) => s.close(() => r())) };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof OutboundTargetError, String(error));
  return error.reason;
}

const publicResolver = (table: Record<string, string[]>) => async (host: string) => table[host] ?? [];

test('a bare domain becomes an https URL; other schemes and credentials are invalid', async () => {
  assert.equal(toWebUrl('example.com').href, 'https://example.com/');
  assert.equal(toWebUrl(' http://example.com/a?b ').href, 'http://example.com/a?b');
  for (const bad of ['', 'file:///etc/passwd', 'ftp://example.com/', 'https://user:pw@example.com/', 'http://']) {
    assert.equal(await failure(Promise.resolve().then(() => toWebUrl(bad))), 'invalid', bad);
  }
});

test('loopback, private and mapped addresses are refused unless allowed; public ones pass', async () => {
  const resolve = publicResolver({
    'site.example': ['93.184.216.34'],
    'inner.example': ['93.184.216.34', '10.0.0.7'],
    'mapped.example': ['::ffff:127.0.0.1'],
  });
  assert.deepEqual((await checkOutboundTarget('site.example', { allowPrivate: false, resolve })).addresses, ['93.184.216.34']);
  for (const target of [
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://169.254.169.254/latest',
    'inner.example',
    'mapped.example',
    'http://0.0.0.0/',
  ]) {
    assert.equal(await failure(checkOutboundTarget(target, { allowPrivate: false, resolve })), 'private-address', target);
  }
  assert.deepEqual((await checkOutboundTarget('inner.example', { allowPrivate: true, resolve })).addresses, ['93.184.216.34', '10.0.0.7']);
  assert.equal(await failure(checkOutboundTarget('nowhere.example', { allowPrivate: true, resolve })), 'unresolvable');
  assert.deepEqual(
    await checkOutboundHost('ns1.site.example.', { allowPrivate: false, resolve: publicResolver({ 'ns1.site.example': ['1.1.1.1'] }) }),
    ['1.1.1.1'],
  );
  assert.equal(await failure(checkOutboundHost('::1', { allowPrivate: false })), 'private-address');
});

test('a local server is fetched only when private targets are allowed', async () => {
  const site = await server((_req, res) => res.end('hello'));
  try {
    const signal = AbortSignal.timeout(5000);
    assert.equal(await failure(checkedFetch(`${site.origin}/`, { allowPrivate: false, fetch, signal })), 'private-address');
    assert.deepEqual(site.hits, [], 'nothing was sent to a refused target');
    const answer = await checkedFetch(`${site.origin}/`, { allowPrivate: true, fetch, signal });
    assert.equal(await answer.text(), 'hello');
  } finally {
    await site.close();
  }
});

test('a redirect to a private address is refused before it is followed', async () => {
  const inner = await server((_req, res) => res.end('secret'));
  const outer = await server((_req, res) => {
    res.writeHead(302, { location: `${inner.origin}/admin` });
    res.end();
  });
  try {
    // `site.example` resolves (for the check) to a public address and is served (like an
    // /etc/hosts entry) by the outer local server, which redirects to a loopback address.
    const viaHosts: typeof fetch = (input, init) => fetch(String(input).replace('http://site.example', outer.origin), init);
    const options = {
      allowPrivate: false,
      fetch: viaHosts,
      signal: AbortSignal.timeout(5000),
      resolve: publicResolver({ 'site.example': ['93.184.216.34'] }),
    };
    assert.equal(await failure(checkedFetch('http://site.example/', options)), 'private-address');
    assert.deepEqual(outer.hits, ['/']);
    assert.deepEqual(inner.hits, [], 'the redirect target was never contacted');
  } finally {
    await Promise.all([inner.close(), outer.close()]);
  }
});

test('redirects are followed through the check, and a loop ends', async () => {
  const final = await server((_req, res) => res.end('done'));
  const loop = await server((req, res) => {
    res.writeHead(301, { location: req.url === '/go' ? `${final.origin}/end` : '/' });
    res.end();
  });
  try {
    const options = { allowPrivate: true, fetch, signal: AbortSignal.timeout(5000), maxRedirects: 3 };
    assert.equal(await (await checkedFetch(`${loop.origin}/go`, options)).text(), 'done');
    assert.equal(await failure(checkedFetch(`${loop.origin}/`, options)), 'redirect-loop');
    assert.equal(loop.hits.filter((h) => h === '/').length, 4);
  } finally {
    await Promise.all([final.close(), loop.close()]);
  }
});
