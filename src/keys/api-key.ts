/**
 * API key material: generation, hashing and the shape users see.
 *
 * A key is `sw_` + 32 random bytes in base64url (256 bits). Only its SHA-256 is stored:
 * with that much entropy a fast hash is safe (nothing to brute-force), and it lets a
 * lookup be one indexed equality on the hash.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'sw_';
const KEY_BYTES = 32;
/** The characters shown in listings: enough to tell keys apart, useless to an attacker. */
export const VISIBLE_PREFIX_LENGTH = KEY_PREFIX.length + 6;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A cheap format check before any database work; rejects junk and absurd lengths. */
export function looksLikeApiKey(value: string): boolean {
  return value.length === KEY_PREFIX.length + 43 && value.startsWith(KEY_PREFIX) && /^[A-Za-z0-9_-]+$/.test(value.slice(KEY_PREFIX.length));
}

/** Compares two hex digests in constant time (the stored hash against the presented key's). */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
