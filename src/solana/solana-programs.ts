/** Program ids and well-known addresses the Solana reader needs, and address helpers. */
import { getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder, isAddress, type Address } from '@solana/kit';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import { MPL_TOKEN_METADATA_PROGRAM_ID } from '@metaplex-foundation/mpl-token-metadata';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM: string = TOKEN_2022_PROGRAM_ADDRESS;
export const METAPLEX_METADATA_PROGRAM: string = MPL_TOKEN_METADATA_PROGRAM_ID;
/** The all-zero key: "no authority" in Token-2022's OptionalNonZeroPubkey fields. */
export const ZERO_ADDRESS = '11111111111111111111111111111111';
/** Wrapped SOL under the Token program and under Token-2022. */
export const NATIVE_MINTS: ReadonlySet<string> = new Set([
  'So11111111111111111111111111111111111111112',
  '9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP',
]);
/** Tokens sent here are gone for good (Solana's burn address by convention). */
export const INCINERATOR = '1nc1nerator11111111111111111111111111111111';

/** A base58 string that decodes to a 32-byte public key. */
export function isSolanaPublicKey(value: unknown): value is string {
  return typeof value === 'string' && isAddress(value);
}

/** The Metaplex metadata account of a mint: PDA of ["metadata", program id, mint]. */
export async function metaplexMetadataAddress(mint: string): Promise<string> {
  const encoder = getAddressEncoder();
  const [pda] = await getProgramDerivedAddress({
    programAddress: METAPLEX_METADATA_PROGRAM as Address,
    seeds: [getUtf8Encoder().encode('metadata'), encoder.encode(METAPLEX_METADATA_PROGRAM as Address), encoder.encode(mint as Address)],
  });
  return pda;
}
