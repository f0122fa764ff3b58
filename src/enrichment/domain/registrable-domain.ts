/**
 * The registrable domain ("example.co.uk") of a website or host ("https://app.example.co.uk/x"):
 * what a registry's RDAP server knows and where a domain's e-mail records live. Uses the
 * public-suffix list through `tldts` (docs/decisions/0186-domain-checks-issue-19-domaininfo-from-rdap.md, "Domain checks"); ICANN suffixes only,
 * so `proj.github.io` gives `github.io`, the domain someone actually registered. Names come
 * back in ASCII (`münchen.de` as `xn--mnchen-3ya.de`).
 */
import { getDomain } from 'tldts';
import { OutboundTargetError, toWebUrl } from './outbound-target.ts';

export function registrableDomain(websiteOrDomain: string): string {
  // Through the URL parser first: it lower-cases and turns an internationalised name into the
  // ASCII (punycode) form that registries and DNS use.
  const host = toWebUrl(websiteOrDomain).hostname;
  const domain = getDomain(host, { allowPrivateDomains: false, detectIp: true, validateHostname: true });
  if (!domain)
    throw new OutboundTargetError(
      `"${websiteOrDomain}" has no registrable domain name (an IP address, a bare suffix or not a host name)`,
      'invalid',
    );
  return domain;
}
