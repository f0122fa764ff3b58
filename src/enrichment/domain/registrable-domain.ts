/**
 * The registrable domain ("example.co.uk") of a website or host ("https://app.example.co.uk/x"):
 * what a registry's RDAP server knows and where a domain's e-mail records live. Uses the
 * public-suffix list through `tldts` (docs/decisions.md, "Domain checks"); ICANN suffixes only,
 * so `proj.github.io` gives `github.io`, the domain someone actually registered.
 */
import { getDomain } from 'tldts';
import { OutboundTargetError } from './outbound-target.ts';

export function registrableDomain(websiteOrDomain: string): string {
  const text = websiteOrDomain.trim().toLowerCase();
  const domain = getDomain(text, { allowPrivateDomains: false, detectIp: true, validateHostname: true });
  if (!domain)
    throw new OutboundTargetError(
      `"${websiteOrDomain}" has no registrable domain name (an IP address, a bare suffix or not a host name)`,
      'invalid',
    );
  return domain;
}
