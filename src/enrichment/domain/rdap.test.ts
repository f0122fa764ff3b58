import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError, type ProviderContext } from '../provider.ts';
import { createRdapProvider } from './rdap.ts';

async function server(handler: RequestListener) {
  const hits: string[] = [];
  const s = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((r) => s.close(() => r())),
  };
}

const ctx = (): ProviderContext => ({ fetch, signal: AbortSignal.timeout(5000), now: () => new Date('2026-01-01T00:00:00Z') });

/** An RFC 9083 domain object in the shape Verisign's RDAP server answers for a .com name. */
const domainObject = (name: string, events: unknown[]) => ({
  objectClassName: 'domain',
  handle: '2336799_DOMAIN_COM-VRSN',
  ldhName: name.toUpperCase(),
  links: [
    {
      value: `https://rdap.verisign.com/com/v1/domain/${name.toUpperCase()}`,
      rel: 'self',
      href: `https://rdap.verisign.com/com/v1/domain/${name.toUpperCase()}`,
      type: 'application/rdap+json',
    },
  ],
  status: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
  entities: [
    { objectClassName: 'entity', handle: '376', roles: ['registrar'], publicIds: [{ type: 'IANA Registrar ID', identifier: '376' }] },
  ],
  events,
  secureDNS: { delegationSigned: false },
  nameservers: [{ objectClassName: 'nameserver', ldhName: 'A.IANA-SERVERS.NET' }],
  rdapConformance: ['rdap_level_0', 'icann_rdap_technical_implementation_guide_0', 'icann_rdap_response_profile_0'],
  notices: [{ title: 'Terms of Use', description: ['Service subject to Terms of Use.'], links: [] }],
});

const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/rdap+json', ...headers });
  res.end(JSON.stringify(body));
};

/** A registry: example.com registered in 1995, nodate.com without a registration event, 404 for the rest. */
async function registry() {
  return server((req, res) => {
    const name = decodeURIComponent(req.url!.split('/').pop()!).toLowerCase();
    if (name === 'example.com') {
      return json(
        res,
        200,
        domainObject(name, [
          { eventAction: 'registration', eventDate: '1995-08-14T04:00:00Z' },
          { eventAction: 'expiration', eventDate: '2026-08-13T04:00:00Z' },
          { eventAction: 'last changed', eventDate: '2025-08-14T07:01:34Z' },
          { eventAction: 'last update of RDAP database', eventDate: '2025-11-25T23:10:02Z' },
        ]),
      );
    }
    if (name === 'nodate.com')
      return json(res, 200, domainObject(name, [{ eventAction: 'expiration', eventDate: '2027-01-01T00:00:00Z' }]));
    if (name === 'busy.com')
      return json(res, 429, { errorCode: 429, title: 'Too Many Requests', description: ['Query rate exceeded'] }, { 'retry-after': '7' });
    if (name === 'broken.com')
      return json(res, 200, {
        objectClassName: 'domain',
        ldhName: 'BROKEN.COM',
        events: [{ eventAction: 'registration', eventDate: 'yesterday' }],
      });
    return json(res, 404, { errorCode: 404, title: 'Not Found', description: [`The domain ${name} was not found.`] });
  });
}

/** rdap.org's behaviour: a 302 to the registry's RDAP server for known TLDs, 404 for unknown ones. */
async function bootstrap(registryOrigin: string) {
  return server((req, res) => {
    const name = req.url!.replace(/^\/domain\//, '');
    if (!name.endsWith('.com'))
      return json(res, 404, { errorCode: 404, title: 'Not Found', description: ['No RDAP server known for this TLD'] });
    res.writeHead(302, { location: `${registryOrigin}/com/v1/domain/${name}` });
    res.end();
  });
}

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => assert.fail('expected a ProviderError'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProviderError, String(error));
  assert.equal(error.provider, 'rdap');
  return error.kind;
}

test('the registration event of the registrable domain, through the bootstrap redirect', async () => {
  const reg = await registry();
  const boot = await bootstrap(reg.origin);
  try {
    const rdap = createRdapProvider({ baseUrl: boot.origin, allowPrivate: true });
    assert.deepEqual(await rdap.fetch({ domain: 'https://app.example.com/swap' }, ctx()), { creationDate: '1995-08-14T04:00:00.000Z' });
    assert.deepEqual(boot.hits, ['/domain/example.com']);
    assert.deepEqual(reg.hits, ['/com/v1/domain/example.com']);
    assert.deepEqual(rdap.fields, ['domainInfo.whois.creationDate']);
  } finally {
    await Promise.all([reg.close(), boot.close()]);
  }
});

test('unknown domains and TLDs are not-found, a missing date too; 429 carries Retry-After; bad dates are bad-response', async () => {
  const reg = await registry();
  const boot = await bootstrap(reg.origin);
  try {
    const rdap = createRdapProvider({ baseUrl: boot.origin, allowPrivate: true });
    assert.equal(await kindOf(rdap.fetch({ domain: 'unregistered.com' }, ctx())), 'not-found');
    assert.equal(await kindOf(rdap.fetch({ domain: 'example.unknowntld' }, ctx())), 'not-found');
    assert.equal(await kindOf(rdap.fetch({ domain: 'nodate.com' }, ctx())), 'not-found');
    assert.equal(await kindOf(rdap.fetch({ domain: 'broken.com' }, ctx())), 'bad-response');
    const limited = await rdap.fetch({ domain: 'busy.com' }, ctx()).catch((e: unknown) => e);
    assert.ok(limited instanceof ProviderError);
    assert.equal(limited.kind, 'rate-limited');
    assert.equal(limited.retryAfterMs, 7000);
  } finally {
    await Promise.all([reg.close(), boot.close()]);
  }
});

test('a loopback RDAP server is refused unless allowed; bad input and a dead server are clear errors', async () => {
  const reg = await registry();
  const boot = await bootstrap(reg.origin);
  try {
    assert.equal(await kindOf(createRdapProvider({ baseUrl: boot.origin }).fetch({ domain: 'example.com' }, ctx())), 'refused');
    assert.deepEqual(boot.hits, []);
    assert.equal(
      await kindOf(createRdapProvider({ baseUrl: boot.origin, allowPrivate: true }).fetch({ domain: 'http://10.0.0.1/' }, ctx())),
      'refused',
    );
  } finally {
    await Promise.all([reg.close(), boot.close()]);
  }
  // The servers are closed now: nothing listens on that port.
  assert.equal(
    await kindOf(createRdapProvider({ baseUrl: boot.origin, allowPrivate: true }).fetch({ domain: 'example.com' }, ctx())),
    'unreachable',
  );
});
