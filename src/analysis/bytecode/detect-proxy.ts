/**
 * Recognises proxies from runtime code alone: EIP-1167 minimal proxies (and the
 * PUSH0 variant of ERC-7511, and vanity addresses pushed with fewer than 20 bytes),
 * whose implementation address is in the code, and contracts that use a standard
 * implementation slot (EIP-1967, EIP-1822), whose implementation must be read from
 * storage by the chain layer.
 */

export type BytecodeProxy =
  | { readonly kind: 'eip1167'; readonly implementation: `0x${string}` }
  | { readonly kind: 'eip1967' | 'eip1967-beacon' | 'eip1822'; readonly slot: `0x${string}` };

// 363d3d373d3d3d363d PUSHn <address> 5af43d82803e903d91 PUSH1 xx 57fd5bf3
const EIP1167 = /^363d3d373d3d3d363d(6[0-9a-f]|7[0-3])([0-9a-f]+?)5af43d82803e903d9160[0-9a-f]{2}57fd5bf3$/;
// ERC-7511: 365f5f375f5f365f73 <address> 5af43d5f5f3e5f3d91602a57fd5bf3
const ERC7511 = /^365f5f375f5f365f73([0-9a-f]{40})5af43d5f5f3e5f3d91602a57fd5bf3$/;

const SLOTS: [BytecodeProxy['kind'], `0x${string}`][] = [
  ['eip1967', '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'],
  ['eip1967-beacon', '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50'],
  ['eip1822', '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7'],
];

/** `hex`: lower-case runtime code without 0x. */
export function detectProxy(hex: string): BytecodeProxy | null {
  const minimal = EIP1167.exec(hex);
  if (minimal) {
    const pushed = Number.parseInt(minimal[1] ?? '0', 16) - 0x5f;
    const address = minimal[2] ?? '';
    if (address.length === pushed * 2) return { kind: 'eip1167', implementation: `0x${address.padStart(40, '0')}` };
  }
  const push0 = ERC7511.exec(hex);
  if (push0) return { kind: 'eip1167', implementation: `0x${push0[1] ?? ''}` };
  for (const [kind, slot] of SLOTS) {
    // PUSH32 <slot>: the code reads or writes the standard slot.
    if (hex.includes(`7f${slot.slice(2)}`)) return { kind, slot } as BytecodeProxy;
  }
  return null;
}
