/** Address formats the interface accepts. */
// The addresses package alone: all of @solana/kit takes ~0.5 s to load.
import { isAddress } from '@solana/addresses';

/** The schema form of an EVM address (request schemas use it; isEvmAddress below is the same test). */
export const EVM_ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
const EVM_ADDRESS = new RegExp(EVM_ADDRESS_PATTERN);
/** Either family: 0x hex, or base58 of a Solana key's length (the family's own check follows the network). */
export const ANY_ADDRESS_PATTERN = '^(?:0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$';
// Base58 (no 0, O, I, l); a Solana public key is 32 bytes, 32 to 44 characters.
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A 20-byte hex address with 0x; any letter case (checksums are not enforced, see docs/decisions/0007-operation-1-audit-lookup-statuses-and-ambiguous.md). */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS.test(value);
}

/** A base58 string that decodes to a 32-byte public key (the alphabet alone lets 31- and 33-byte strings through). */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value) && isAddress(value);
}

/** The form addresses are stored and compared in: lower-case hex. */
export function normalizeEvmAddress(address: string): string {
  return address.toLowerCase();
}
