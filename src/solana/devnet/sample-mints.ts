/**
 * The sample mints of the embedded Solana network, each built for one behaviour of the
 * token programs. `codes` is what the mint was built to show (each finding code is set
 * up by exactly the mint named after it, plus the documented side effects below); the
 * reader's tests assert that the codes read back are exactly these.
 */
import type { FindingCode } from '../finding-codes.ts';

export const SAMPLE_MINT_BEHAVIOURS = [
  'sol-plain',
  'sol-mint-authority',
  'sol-freeze-authority',
  'sol-mutable-metadata',
  'sol-permanent-delegate',
  'sol-transfer-hook',
  'sol-default-state',
  'sol-default-frozen',
  'sol-transfer-fee',
  'sol-interest-bearing',
  'sol-metadata-pointer',
  'sol-token-metadata',
  'sol-non-transferable',
  'sol-close-group-member',
] as const;
export type SampleMintBehaviour = (typeof SAMPLE_MINT_BEHAVIOURS)[number];

/** Token-2022 extensions a sample mint is built with (authorities are the devnet authority unless revoked). */
export type SampleExtension =
  | 'permanentDelegate'
  | 'transferHook'
  | 'defaultAccountStateInitialized'
  | 'defaultAccountStateFrozen'
  | 'nonTransferable'
  | 'transferFeeConfig'
  | 'interestBearingMintConfig'
  | 'metadataPointer'
  | 'metadataPointerRevoked'
  | 'tokenMetadata'
  | 'mintCloseAuthority'
  | 'groupPointer'
  | 'memberPointer';

export interface SampleMintSpec {
  readonly behaviour: SampleMintBehaviour;
  readonly name: string;
  readonly symbol: string;
  readonly program: 'token' | 'token-2022';
  readonly decimals: number;
  readonly extensions: readonly SampleExtension[];
  /** Authorities left in place after minting (others are revoked). */
  readonly keepMintAuthority: boolean;
  readonly keepFreezeAuthority: boolean;
  /** A Metaplex metadata account at the mint's metadata PDA (Token-2022 mints use it too); absent when undefined. */
  readonly metaplex?: { readonly isMutable: boolean };
  /** The finding codes the mint was built to produce, in the spec's order. */
  readonly codes: readonly FindingCode[];
  /** One line for `scopeward devnet --list` and the README. */
  readonly description: string;
}

export const SAMPLE_MINT_SPECS: readonly SampleMintSpec[] = [
  {
    behaviour: 'sol-plain',
    name: 'Plain Sol Token',
    symbol: 'SPLAIN',
    program: 'token',
    decimals: 6,
    extensions: [],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: [],
    description: 'SPL Token, mint and freeze authorities revoked, immutable metadata',
  },
  {
    behaviour: 'sol-mint-authority',
    name: 'Mintable Sol Token',
    symbol: 'SMINT',
    program: 'token',
    decimals: 6,
    extensions: [],
    keepMintAuthority: true,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['STMA'],
    description: 'SPL Token, mint authority kept',
  },
  {
    behaviour: 'sol-freeze-authority',
    name: 'Freezable Sol Token',
    symbol: 'SFRZ',
    program: 'token',
    decimals: 6,
    extensions: [],
    keepMintAuthority: false,
    keepFreezeAuthority: true,
    metaplex: { isMutable: false },
    codes: ['STFA'],
    description: 'SPL Token, freeze authority kept',
  },
  {
    behaviour: 'sol-mutable-metadata',
    name: 'Mutable Sol Token',
    symbol: 'SMUT',
    program: 'token',
    decimals: 9,
    extensions: [],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: true },
    codes: ['STUA'],
    description: 'SPL Token, Metaplex metadata still mutable',
  },
  {
    behaviour: 'sol-permanent-delegate',
    name: 'Delegated Sol Token',
    symbol: 'SPDA',
    program: 'token-2022',
    decimals: 6,
    extensions: ['permanentDelegate'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['ST2PDA'],
    description: 'Token-2022 with a permanent delegate',
  },
  {
    behaviour: 'sol-transfer-hook',
    name: 'Hooked Sol Token',
    symbol: 'SHOOK',
    program: 'token-2022',
    decimals: 6,
    extensions: ['transferHook'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['ST2THE'],
    description: 'Token-2022 with a transfer hook program',
  },
  // Updating the default state is signed by the freeze authority, so it is kept here.
  {
    behaviour: 'sol-default-state',
    name: 'Default State Sol Token',
    symbol: 'SDAS',
    program: 'token-2022',
    decimals: 6,
    extensions: ['defaultAccountStateInitialized'],
    keepMintAuthority: false,
    keepFreezeAuthority: true,
    metaplex: { isMutable: false },
    codes: ['STFA', 'ST2MDAS'],
    description: 'Token-2022, default account state changeable by the freeze authority',
  },
  // Frozen by default, freeze authority revoked afterwards: new accounts stay frozen for good.
  {
    behaviour: 'sol-default-frozen',
    name: 'Frozen Sol Token',
    symbol: 'SFDAS',
    program: 'token-2022',
    decimals: 6,
    extensions: ['defaultAccountStateFrozen'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['ST2FDAS'],
    description: 'Token-2022, new accounts frozen by default',
  },
  {
    behaviour: 'sol-transfer-fee',
    name: 'Fee Sol Token',
    symbol: 'SFEE',
    program: 'token-2022',
    decimals: 6,
    extensions: ['transferFeeConfig'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['ST2ETFC'],
    description: 'Token-2022, 2.5% transfer fee with a fee authority',
  },
  {
    behaviour: 'sol-interest-bearing',
    name: 'Interest Sol Token',
    symbol: 'SIBT',
    program: 'token-2022',
    decimals: 6,
    extensions: ['interestBearingMintConfig'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['ST2IBTC'],
    description: 'Token-2022, interest-bearing',
  },
  {
    behaviour: 'sol-metadata-pointer',
    name: 'Pointer Sol Token',
    symbol: 'SPTR',
    program: 'token-2022',
    decimals: 6,
    extensions: ['metadataPointer'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['ST2UMA'],
    description: 'Token-2022, metadata pointer with an authority',
  },
  // The metadata lives in the mint (pointer to itself, pointer authority revoked).
  {
    behaviour: 'sol-token-metadata',
    name: 'Token Metadata Sol Token',
    symbol: 'STMM',
    program: 'token-2022',
    decimals: 6,
    extensions: ['metadataPointerRevoked', 'tokenMetadata'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    codes: ['ST2TMM'],
    description: 'Token-2022, on-mint metadata with an update authority',
  },
  {
    behaviour: 'sol-non-transferable',
    name: 'Soulbound Sol Token',
    symbol: 'SNTT',
    program: 'token-2022',
    decimals: 0,
    extensions: ['nonTransferable'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: ['ST2NTT'],
    description: 'Token-2022, non-transferable',
  },
  {
    behaviour: 'sol-close-group-member',
    name: 'Grouped Sol Token',
    symbol: 'SGRP',
    program: 'token-2022',
    decimals: 6,
    extensions: ['mintCloseAuthority', 'groupPointer', 'memberPointer'],
    keepMintAuthority: false,
    keepFreezeAuthority: false,
    metaplex: { isMutable: false },
    codes: [],
    description: 'Token-2022, close authority and group/member pointers (no finding code)',
  },
];

export interface SampleMint {
  readonly behaviour: SampleMintBehaviour;
  readonly name: string;
  readonly symbol: string;
  readonly address: string;
  readonly program: 'token' | 'token-2022';
  readonly codes: readonly FindingCode[];
  readonly description: string;
}
