/**
 * `domainInfo.dns`: e-mail and name-server hygiene of a project's domain, asked with Node's
 * own resolver (`node:dns` Resolver, servers settable) plus raw UDP questions straight to the
 * domain's name servers for what a resolver cannot ask (`version.bind`, recursion offered).
 * What each flag means and where it stops is in docs/decisions/0186-domain-checks-issue-19-domaininfo-from-rdap.md, "Domain checks".
 *
 * Outbound safety: only the name servers are contacted directly, and only at public
 * addresses unless `allowPrivate` is set; a name server at a private address is not probed,
 * so its two flags stay false. Mail exchangers are only resolved, never contacted.
 */
import { Resolver } from 'node:dns/promises';
import { isPrivateAddress } from '../../infra/private-address.ts';
import { ProviderError, type Provider } from '../provider.ts';
import type { DnsChecks } from '../provider-set.ts';
import { rawDnsQuery, txtText } from './dns-query.ts';
import { asProviderError } from './outbound-target.ts';
import { registrableDomain } from './registrable-domain.ts';
import { isIneffectiveSpf, summariseSpf } from './spf.ts';

/**
 * DKIM keys live at `<selector>._domainkey.<domain>` and selectors cannot be listed, so a
 * domain "misses" DKIM when none of these common ones (Google Workspace, Microsoft 365,
 * Mailchimp, cPanel and generic defaults) has a record.
 */
export const COMMON_DKIM_SELECTORS = ['default', 'google', 'selector1', 'selector2', 'k1', 'mail', 'dkim', 's1', 's2'] as const;

export interface DnsProviderOptions {
  /** Resolver addresses (`ip` or `ip:port`); default: the system's. */
  readonly servers?: readonly string[];
  /** Probe name servers at private or loopback addresses (the tests' local server). */
  readonly allowPrivate?: boolean;
  /** Port the name servers are probed on (53; tests use their server's port). */
  readonly nameServerPort?: number;
  /** Time limit of one DNS question, resolver or raw (default 2000 ms). */
  readonly queryTimeoutMs?: number;
  /** A name outside every checked zone, asked with RD set to see whether a name server recurses. */
  readonly recursionProbeName?: string;
}

const NAME = 'dns';
/** Resolver errors that mean "no such records", not "could not ask". */
const EMPTY_CODES = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME']);

export function createDnsProvider(options: DnsProviderOptions = {}): Provider<{ readonly domain: string }, DnsChecks> {
  return {
    name: NAME,
    fields: ['domainInfo.dns'],
    async fetch(input, ctx) {
      let domain: string;
      try {
        domain = registrableDomain(input.domain);
      } catch (error) {
        throw asProviderError(NAME, error);
      }
      const timeout = options.queryTimeoutMs ?? 2000;
      const resolver = new Resolver({ timeout, tries: 2 });
      if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
      const cancel = () => resolver.cancel();
      ctx.signal.addEventListener('abort', cancel, { once: true });
      try {
        return await checkDomain(domain, resolver, { ...options, timeout, signal: ctx.signal });
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw new ProviderError(NAME, 'unreachable', `DNS questions about ${domain} failed: ${(error as Error).message}`, undefined, {
          cause: error,
        });
      } finally {
        ctx.signal.removeEventListener('abort', cancel);
      }
    },
  };
}

type CheckOptions = DnsProviderOptions & { readonly timeout: number; readonly signal: AbortSignal };

async function checkDomain(domain: string, resolver: Resolver, options: CheckOptions): Promise<DnsChecks> {
  const records = async <T>(query: Promise<T[]>): Promise<T[]> =>
    query.catch((error: NodeJS.ErrnoException) => {
      if (EMPTY_CODES.has(error.code ?? '')) return [];
      throw error;
    });
  const txtOf = async (name: string) => (await records(resolver.resolveTxt(name))).map((chunks) => chunks.join(''));
  const addressesOf = async (name: string) => [...(await records(resolver.resolve4(name))), ...(await records(resolver.resolve6(name)))];

  // Every question that does not depend on another's answer is asked at once.
  const [nameServers, spf, dmarc, dkim, mail] = await Promise.all([
    records(resolver.resolveNs(domain)).then(async (names) => ({
      names,
      facts: await Promise.all(names.map((ns) => nameServerFacts(domain, ns, resolver, addressesOf, records, options))),
    })),
    summariseSpf(domain, txtOf),
    txtOf(`_dmarc.${domain}`),
    hasAnyDkimRecord(domain, txtOf, (name) => records(resolver.resolveCname(name))),
    records(resolver.resolveMx(domain)).then(async (mx) => {
      const exchanges = mx.map((m) => m.exchange).filter((e) => e !== '' && e !== '.'); // "." is RFC 7505's "no mail".
      return { exchanges, addresses: (await Promise.all(exchanges.map(addressesOf))).flat() };
    }),
  ]);
  // A domain with no name servers is not delegated: nothing else can be judged.
  if (nameServers.names.length === 0)
    throw new ProviderError(NAME, 'not-found', `${domain} has no name servers (not registered or not delegated)`);
  const nsFacts = nameServers.facts;
  const missingDMARC = !dmarc.some((t) => /^v=DMARC1(\s*;|\s*$)/i.test(t.trim()));
  return {
    missingSPF: spf.records.length === 0,
    ineffectiveSPF: isIneffectiveSpf(spf),
    softfailWithoutDMARC: spf.records.length === 1 && spf.all === '~' && missingDMARC,
    missingDMARC,
    missingDKIM: !dkim,
    nameServerVersion: nsFacts.some((f) => f.tellsVersion),
    recursiveQueries: nsFacts.some((f) => f.recurses),
    cNameInNS: nsFacts.some((f) => f.isCname),
    mxPrivateIPs: mail.addresses.some(isPrivateAddress),
    mxInvalidChars: mail.exchanges.some((e) => !isLdhHostName(e)),
  };
}

async function hasAnyDkimRecord(
  domain: string,
  txtOf: (name: string) => Promise<string[]>,
  cnamesOf: (name: string) => Promise<string[]>,
): Promise<boolean> {
  const found = await Promise.all(
    COMMON_DKIM_SELECTORS.map(async (selector) => {
      const name = `${selector}._domainkey.${domain}`;
      const [txt, cname] = await Promise.all([txtOf(name), cnamesOf(name)]);
      return txt.length > 0 || cname.length > 0;
    }),
  );
  return found.some(Boolean);
}

interface NameServerFacts {
  readonly isCname: boolean;
  readonly tellsVersion: boolean;
  readonly recurses: boolean;
}

async function nameServerFacts(
  domain: string,
  ns: string,
  resolver: Resolver,
  addressesOf: (name: string) => Promise<string[]>,
  records: <T>(query: Promise<T[]>) => Promise<T[]>,
  options: CheckOptions,
): Promise<NameServerFacts> {
  // RFC 2181 §10.3: an NS record must name a host with address records, never an alias.
  const [cnames, addresses] = await Promise.all([records(resolver.resolveCname(ns)), addressesOf(ns)]);
  const probed = addresses.filter((a) => options.allowPrivate || !isPrivateAddress(a));
  const port = options.nameServerPort ?? 53;
  const probeName = outsideName(domain, options.recursionProbeName ?? 'example.com');
  const ask = (address: string, question: Parameters<typeof rawDnsQuery>[1]) =>
    rawDnsQuery({ address, port }, question, { timeoutMs: options.timeout, signal: options.signal }).catch(() => undefined);
  const probes = await Promise.all(
    probed.map(async (address) => {
      const [version, recursion] = await Promise.all([
        ask(address, { name: 'version.bind', type: 'TXT', class: 'CH' }),
        ask(address, { name: probeName, type: 'A', recursionDesired: true }),
      ]);
      return {
        tellsVersion: version !== undefined && version.rcode === 0 && version.answers.some((a) => txtText(a).trim() !== ''),
        recurses: recursion !== undefined && recursion.recursionAvailable && recursion.rcode === 0 && recursion.answers.length > 0,
      };
    }),
  );
  return { isCname: cnames.length > 0, tellsVersion: probes.some((p) => p.tellsVersion), recurses: probes.some((p) => p.recurses) };
}

/** The recursion probe must be a name the server is not authoritative for: never inside the checked domain. */
function outsideName(domain: string, preferred: string): string {
  const inside = preferred === domain || preferred.endsWith(`.${domain}`);
  return inside ? (domain === 'example.net' ? 'example.org' : 'example.net') : preferred;
}

/** Letters, digits and hyphens in 1–63-character labels, no hyphen at either end (RFC 952/1123). */
export function isLdhHostName(name: string): boolean {
  const labels = name.replace(/\.$/, '').split('.');
  return labels.length > 0 && labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}
