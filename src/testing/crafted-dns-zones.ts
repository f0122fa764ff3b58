/**
 * Crafted DNS records for the domain checks' tests and benchmark (served by dns-zone-server.ts).
 */
import type { NameRecords } from './dns-zone-server.ts';

/**
 * A well-kept domain: SPF ending in -all through an include, DMARC, a DKIM key at a common
 * selector (a Microsoft 365-style CNAME), one name server at `nameServerAddress`, an MX with a
 * public address (only resolved, never contacted). `overrides` replace or (null) remove names.
 */
export function wellKeptDomain(
  nameServerAddress: string,
  domain: string,
  overrides: Record<string, NameRecords | null> = {},
): Record<string, NameRecords> {
  const tenantKey = `selector1-${domain.replace(/\./g, '-')}._domainkey.tenant.onmicrosoft.test`;
  const zone: Record<string, NameRecords | null> = {
    [domain]: {
      TXT: ['google-site-verification=abc', `v=spf1 include:_spf.${domain} -all`],
      NS: [`ns1.${domain}`],
      MX: [{ preference: 10, exchange: `mail.${domain}` }],
    },
    [`_spf.${domain}`]: { TXT: ['v=spf1 ip4:192.0.2.0/24 ip6:2001:db8::/32 -all'] },
    [`_dmarc.${domain}`]: { TXT: [`v=DMARC1; p=reject; rua=mailto:dmarc@${domain}`] },
    [`selector1._domainkey.${domain}`]: { CNAME: tenantKey },
    [tenantKey]: { TXT: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'] },
    [`ns1.${domain}`]: { A: [nameServerAddress] },
    [`mail.${domain}`]: { A: ['93.184.216.34'], AAAA: ['2606:2800:220:1:248:1893:25c8:1946'] },
    ...overrides,
  };
  return Object.fromEntries(Object.entries(zone).filter((e): e is [string, NameRecords] => e[1] !== null));
}
