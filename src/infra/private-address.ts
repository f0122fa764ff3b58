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
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  const embedded = embeddedIpv4(groups);
  if (embedded) return PRIVATE.check(embedded, 'ipv4');
  return PRIVATE.check(bare.split('%')[0]!, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address isIP accepted (`::` expanded, a dotted tail as two groups, a zone dropped). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...tail].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * The IPv4 address an IPv6 spelling carries, so it is judged by the IPv4 rules: a
 * translator or tunnel would deliver it to that IPv4 host. (Rules for these prefixes in
 * the IPv6 BlockList would not do: BlockList matches plain IPv4 addresses against
 * ::ffff:0:0/96 as well, and a prefix rule cannot look at the embedded bits.)
 *
 * - ::a.b.c.d          IPv4-compatible (::/96, deprecated; `::` and `::1` land in 0.0.0.0/8)
 * - ::ffff:a.b.c.d     IPv4-mapped (::ffff:0:0/96)
 * - ::ffff:0:a.b.c.d   IPv4-translated (::ffff:0:0:0/96, SIIT)
 * - 64:ff9b::a.b.c.d   NAT64 well-known prefix (64:ff9b::/96, RFC 6052)
 * - 2002:AABB:CCDD::/48 6to4, the IPv4 address in bits 16–48 (RFC 3056)
 */
function embeddedIpv4(groups: readonly number[]): string | undefined {
  const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const [g0, g1, g2, , g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (zero(0, 6)) return quad(g6, g7);
  if (zero(0, 5) && g5 === 0xffff) return quad(g6, g7);
  if (zero(0, 4) && g4 === 0xffff && g5 === 0) return quad(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zero(2, 6)) return quad(g6, g7);
  if (g0 === 0x2002) return quad(g1, g2);
  return undefined;
}
