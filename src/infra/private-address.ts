/**
 * Which IP addresses an outbound request must not reach unless the operator allows it:
 * private, loopback, link-local, CGNAT, benchmark, multicast, reserved and unspecified
 * ranges, IPv4 and IPv6. Shared by every module that calls a host it did not choose
 * (code hosts, a project's website, its domain's name servers), so there is one list.
 */
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for an address we must not reach by default; also true for anything that is not an IP address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true;
  const embedded = embeddedIpv4(bare);
  if (embedded) return PRIVATE.check(embedded, 'ipv4');
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible-in-hex IPv6 address
 * carries, judged as that IPv4 address. (A ::ffff:0:0/96 BlockList rule would not do:
 * BlockList matches plain IPv4 addresses against it as well.)
 */
function embeddedIpv4(address: string): string | undefined {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
