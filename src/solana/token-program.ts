/**
 * The spec's `tokenProgram` object from what the reader found (docs/decisions/0073-solana-tokens-field-meanings.md,
 * "Solana tokenProgram"). Pure.
 */
import type { AuditLayout } from '../interface/schemas/audit-layout.ts';
import { findingCodes } from './finding-codes.ts';
import { EMPTY_EXTENSIONS, tokenStandardName, type SolanaMintFacts } from './mint-facts.ts';
import { NATIVE_MINTS } from './solana-programs.ts';

export type TokenProgram = NonNullable<AuditLayout['tokenProgram']>;

/** Whole tokens from raw units (a number: the spec's type; exact up to 2^53 raw units). */
export function wholeTokens(raw: bigint, decimals: number): number {
  const unit = 10n ** BigInt(decimals);
  return Number(raw / unit) + Number(raw % unit) / Number(unit);
}

/** The tokenProgram of an address that could not be read as a mint. */
export function tokenProgramError(address: string, error: string, now: string, createdAt: string): TokenProgram {
  return {
    updatedAt: now,
    createdAt: createdAt || now,
    findingCodes: [],
    error,
    updateAuthorityAddress: '',
    metadataAddress: '',
    address,
    owner: '',
    freezeAuthorityAddress: '',
    mintAuthorityAddress: '',
    metadata: { name: '', symbol: '', image: '', description: '', creator: { name: '', site: '' } },
    isMutable: false,
    primarySaleHappened: false,
    isWrappedSol: NATIVE_MINTS.has(address),
    isInitialized: false,
    sellerFeeBasisPoints: 0,
    editionNonce: -1,
    tokenStandard: -1,
    decimals: 0,
    totalSupply: 0,
    creators: [],
    model: '',
    namespace: '',
    type: '',
    name: '',
    symbol: '',
    uri: '',
    extensions: { ...EMPTY_EXTENSIONS },
  };
}

export function buildTokenProgram(facts: SolanaMintFacts, now: string, createdAt: string): TokenProgram {
  const metaplex = facts.metaplex;
  const onMint = facts.extensions.tokenMetadata;
  const name = metaplex?.name ?? onMint?.name ?? '';
  const symbol = metaplex?.symbol ?? onMint?.symbol ?? '';
  const base = tokenProgramError(facts.address, '', now, createdAt);
  return {
    ...base,
    findingCodes: findingCodes(facts),
    updateAuthorityAddress: metaplex?.updateAuthority ?? onMint?.updateAuthority ?? '',
    metadataAddress: metaplex?.address ?? facts.extensions.metadataPointer?.metadataAddress ?? '',
    owner: facts.programAddress,
    freezeAuthorityAddress: facts.freezeAuthority ?? '',
    mintAuthorityAddress: facts.mintAuthority ?? '',
    // image, description and creator live in the off-chain JSON at `uri`, which a scan does not fetch.
    metadata: { ...base.metadata, name, symbol },
    isMutable: metaplex ? metaplex.isMutable : onMint ? onMint.updateAuthority !== null : false,
    primarySaleHappened: metaplex?.primarySaleHappened ?? false,
    isInitialized: facts.isInitialized,
    sellerFeeBasisPoints: metaplex?.sellerFeeBasisPoints ?? 0,
    editionNonce: metaplex?.editionNonce ?? -1,
    tokenStandard: metaplex?.tokenStandard ?? -1,
    decimals: facts.decimals,
    totalSupply: wholeTokens(facts.supply, facts.decimals),
    creators: metaplex ? metaplex.creators.map((c) => ({ ...c })) : [],
    model: facts.program === 'token' ? 'spl-token' : 'spl-token-2022',
    namespace: metaplex ? 'metaplex-token-metadata' : onMint ? 'token-2022-metadata' : '',
    type: tokenStandardName(metaplex?.tokenStandard ?? null),
    name,
    symbol,
    uri: metaplex?.uri ?? onMint?.uri ?? '',
    extensions: structuredClone(facts.extensions),
  };
}
