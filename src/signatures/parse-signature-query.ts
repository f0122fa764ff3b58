/**
 * A Signaturescan query `q`: a 4-byte selector, a 32-byte topic (both hex, `0x`
 * optional) or a text signature.
 */
import { canonicalSignature } from './canonical-signature.ts';
import { SignatureQueryError } from './signature-errors.ts';
import { MESSAGES } from '../interface/messages.ts';

export type SignatureQuery =
  | { readonly by: 'selector'; readonly hash: `0x${string}` }
  | { readonly by: 'topic'; readonly hash: `0x${string}` }
  | { readonly by: 'text'; readonly text: string };

export function parseSignatureQuery(q: unknown): SignatureQuery {
  if (typeof q !== 'string') throw new SignatureQueryError(MESSAGES.signaturescan.queryNotText);
  const trimmed = q.trim();
  const hex = /^(?:0x)?([0-9a-fA-F]+)$/.exec(trimmed)?.[1];
  if (hex !== undefined) {
    if (hex.length === 8) return { by: 'selector', hash: `0x${hex.toLowerCase()}` };
    if (hex.length === 64) return { by: 'topic', hash: `0x${hex.toLowerCase()}` };
    throw new SignatureQueryError(`a hash must be 4 bytes (8 hex digits) or 32 bytes (64 hex digits), got ${hex.length} digits`);
  }
  if (/^0x/i.test(trimmed) && !trimmed.includes('(')) {
    throw new SignatureQueryError('a hash must be 4 bytes (8 hex digits) or 32 bytes (64 hex digits) of hex');
  }
  return { by: 'text', text: canonicalSignature(trimmed) };
}
