import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ProviderError, type ProviderContext } from '../provider.ts';
import type { DnsChecks } from '../provider-set.ts';
import { startDnsZoneServer, type DnsZoneServer, type NameRecords } from '../../testing/dns-zone-server.ts';
import { wellKeptDomain } from '../../testing/crafted-dns-zones.ts';
import { createDnsProvider, isLdhHostName } from './dns-checks.ts';

const QUIET_NS = '127.0.0.2'; // a hardened name server: no version, no recursion
const VERSION_NS = '127.0.0.3'; // answers version.bind
const OPEN_NS = '127.0.0.4'; // recurses for anyone

const ALL_FALSE: DnsChecks = {
  missingSPF: false,
  missingDMARC: false,
  missingDKIM: false,
  ineffectiveSPF: false,
  softfailWithoutDMARC: false,
  nameServerVersion: false,
  recursiveQueries: false,
  cNameInNS: false,
  mxPrivateIPs: false,
  mxInvalidChars: false,
};

/** One domain per flag (two for softfail, which implies missing DMARC), each otherwise well kept. */
const CASES: Record<string, { records: Record<string, NameRecords>; expect: Partial<DnsChecks> }> = {
  'good.test': { records: wellKeptDomain(QUIET_NS, 'good.test'), expect: {} },
  'nospf.test': {
    records: wellKeptDomain(QUIET_NS, 'nospf.test', {
      'nospf.test': { TXT: ['some-verification=1'], NS: ['ns1.nospf.test'], MX: [{ preference: 10, exchange: 'mail.nospf.test' }] },
    }),
    expect: { missingSPF: true },
  },
  'plusall.test': {
    records: wellKeptDomain(QUIET_NS, 'plusall.test', {
      'plusall.test': {
        TXT: ['v=spf1 ip4:192.0.2.0/24 +all'],
        NS: ['ns1.plusall.test'],
        MX: [{ preference: 10, exchange: 'mail.plusall.test' }],
      },
    }),
    expect: { ineffectiveSPF: true },
  },
  'softfail.test': {
    records: wellKeptDomain(QUIET_NS, 'softfail.test', {
      'softfail.test': { TXT: ['v=spf1 mx ~all'], NS: ['ns1.softfail.test'], MX: [{ preference: 10, exchange: 'mail.softfail.test' }] },
      '_dmarc.softfail.test': null,
    }),
    expect: { softfailWithoutDMARC: true, missingDMARC: true },
  },
  'nodmarc.test': {
    records: wellKeptDomain(QUIET_NS, 'nodmarc.test', { '_dmarc.nodmarc.test': { TXT: ['v=spf1 -all'] } }),
    expect: { missingDMARC: true },
  },
  'nodkim.test': {
    records: wellKeptDomain(QUIET_NS, 'nodkim.test', { 'selector1._domainkey.nodkim.test': null }),
    expect: { missingDKIM: true },
  },
  'nsversion.test': {
    records: wellKeptDomain(QUIET_NS, 'nsversion.test', { 'ns1.nsversion.test': { A: [VERSION_NS] } }),
    expect: { nameServerVersion: true },
  },
  'openns.test': {
    records: wellKeptDomain(QUIET_NS, 'openns.test', { 'ns1.openns.test': { A: [OPEN_NS] } }),
    expect: { recursiveQueries: true },
  },
  'cnamens.test': {
    records: wellKeptDomain(QUIET_NS, 'cnamens.test', {
      'ns1.cnamens.test': { CNAME: 'ns.provider.test' },
      'ns.provider.test': { A: [QUIET_NS] },
    }),
    expect: { cNameInNS: true },
  },
  'mxprivate.test': {
    records: wellKeptDomain(QUIET_NS, 'mxprivate.test', { 'mail.mxprivate.test': { A: ['10.1.2.3'] } }),
    expect: { mxPrivateIPs: true },
  },
  'mxinvalid.test': {
    records: wellKeptDomain(QUIET_NS, 'mxinvalid.test', {
      'mxinvalid.test': {
        TXT: ['v=spf1 mx -all'],
        NS: ['ns1.mxinvalid.test'],
        MX: [{ preference: 10, exchange: 'mail_server.mxinvalid.test' }],
      },
      'mail_server.mxinvalid.test': { A: ['93.184.216.34'] },
    }),
    expect: { mxInvalidChars: true },
  },
};

let dns: DnsZoneServer;
before(async () => {
  dns = await startDnsZoneServer({
    records: { ...Object.assign({}, ...Object.values(CASES).map((c) => c.records)), 'example.com': { A: ['93.184.216.34'] } },
    nameServers: { [QUIET_NS]: {}, [VERSION_NS]: { versionBind: '9.11.4-P2-RedHat-9.11.4-26.P2.el7' }, [OPEN_NS]: { recursion: true } },
  });
});
after(() => dns.close());

const ctx = (signal = AbortSignal.timeout(10_000)): ProviderContext => ({ fetch, signal, now: () => new Date() });
const provider = (allowPrivate = true) =>
  createDnsProvider({ servers: [dns.resolver], allowPrivate, nameServerPort: dns.port, queryTimeoutMs: 1000 });

for (const [domain, { expect }] of Object.entries(CASES)) {
  test(`${domain}: ${Object.keys(expect).join(', ') || 'every flag false'}`, async () => {
    assert.deepEqual(await provider().fetch({ domain: `https://www.${domain}/` }, ctx()), { ...ALL_FALSE, ...expect });
  });
}

test('name servers at loopback addresses are not probed unless private targets are allowed', async () => {
  const before = dns.queries();
  const checks = await provider(false).fetch({ domain: 'nsversion.test' }, ctx());
  assert.equal(checks.nameServerVersion, false);
  assert.equal((await provider(false).fetch({ domain: 'openns.test' }, ctx())).recursiveQueries, false);
  // Both runs asked the resolver only: the same number of questions as a run that probes nothing.
  const asked = dns.queries() - before;
  const probing = dns.queries();
  await provider(true).fetch({ domain: 'nsversion.test' }, ctx());
  assert.equal(dns.queries() - probing, asked / 2 + 2, 'allowing private targets adds exactly the two probes');
});

test('an undelegated domain is not-found; a dead resolver is unreachable; bad input is refused', async () => {
  const kind = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ProviderError, String(error));
    return error.kind;
  };
  assert.equal(await kind(provider().fetch({ domain: 'nowhere.test' }, ctx())), 'not-found');
  assert.equal(await kind(provider().fetch({ domain: 'http://127.0.0.1/' }, ctx())), 'refused');
  const dead = createDnsProvider({ servers: ['127.0.0.1:9'], queryTimeoutMs: 200 });
  assert.equal(await kind(dead.fetch({ domain: 'good.test' }, ctx())), 'unreachable');
});

test('MX host names: letters, digits, hyphens and dots only', () => {
  for (const good of ['mail.example.com', 'MX1.Example.COM.', 'a-b.c0.example']) assert.equal(isLdhHostName(good), true, good);
  for (const bad of [
    'mail_server.example.com',
    '-mx.example.com',
    'mx-.example.com',
    'mx..example.com',
    'm x.example.com',
    'mx.exa*mple.com',
    '',
  ]) {
    assert.equal(isLdhHostName(bad), false, bad);
  }
});
