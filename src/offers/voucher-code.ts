/**
 * Voucher codes: `SWV-` and 20 characters of Crockford base32 (100 random bits) in
 * groups of four, easy to read aloud and to type. Only a hash is stored.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newVoucherCode(): string {
  const bytes = randomBytes(20);
  let chars = '';
  for (let i = 0; i < 20; i++) chars += ALPHABET[bytes[i]! & 31];
  return `SWV-${chars.match(/.{4}/g)!.join('-')}`;
}

/** The code as typed: case, spaces and Crockford's look-alikes (O→0, I/L→1) forgiven. */
export function canonicalCode(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1').replace(/^SWV/, '');
}

export function hashVoucherCode(input: string): string {
  return createHash('sha256').update(canonicalCode(input)).digest('hex');
}

/** What listings show: enough to tell codes apart, too little to use one. */
export function codeHint(input: string): string {
  return `SWV-${canonicalCode(input).slice(0, 4)}…`;
}
