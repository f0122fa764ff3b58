/**
 * A Solana mint as the scan sees it: decoded from the raw account data of the mint (SPL
 * Token or Token-2022, with every Token-2022 extension the spec lists) and of its
 * Metaplex metadata account. Pure: bytes in, facts out; the decoders are the official
 * clients' (`@solana-program/token-2022`, `@metaplex-foundation/mpl-token-metadata`).
 */
import { getMintDecoder, AccountState, type Extension } from '@solana-program/token-2022';
import { getMetadataAccountDataSerializer, TokenStandard } from '@metaplex-foundation/mpl-token-metadata';
import { isSome, type Address, type Option } from '@solana/kit';
import { METAPLEX_METADATA_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, ZERO_ADDRESS } from './solana-programs.ts';

/** Token-2022 extensions the spec lists, normalised: an authority that is unset is null. */
export interface MintExtensions {
  permanentDelegate: { delegate: string | null } | null;
  transferHook: { authority: string | null; programId: string | null } | null;
  defaultAccountState: { state: 'uninitialized' | 'initialized' | 'frozen' } | null;
  nonTransferable: Record<string, never> | null;
  transferFeeConfig: {
    transferFeeConfigAuthority: string | null;
    withdrawWithheldAuthority: string | null;
    /** Raw token units, as a decimal string (u64). */
    withheldAmount: string;
    olderTransferFee: TransferFeeView;
    newerTransferFee: TransferFeeView;
  } | null;
  interestBearingMintConfig: {
    rateAuthority: string | null;
    currentRate: number;
    preUpdateAverageRate: number;
    initializationTimestamp: number;
    lastUpdateTimestamp: number;
  } | null;
  metadataPointer: { authority: string | null; metadataAddress: string | null } | null;
  tokenMetadata: {
    updateAuthority: string | null;
    mint: string;
    name: string;
    symbol: string;
    uri: string;
    additionalMetadata: Record<string, string>;
  } | null;
  mintCloseAuthority: { closeAuthority: string | null } | null;
  groupPointer: { authority: string | null; groupAddress: string | null } | null;
  memberPointer: { authority: string | null; memberAddress: string | null } | null;
}

export interface TransferFeeView {
  readonly epoch: number;
  /** Raw token units, as a decimal string (u64). */
  readonly maximumFee: string;
  readonly transferFeeBasisPoints: number;
}

export interface MetaplexMetadata {
  readonly address: string;
  readonly updateAuthority: string;
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly sellerFeeBasisPoints: number;
  readonly creators: readonly { address: string; verified: boolean; share: number }[];
  readonly primarySaleHappened: boolean;
  readonly isMutable: boolean;
  /** null when the account has none. */
  readonly editionNonce: number | null;
  /** Metaplex TokenStandard (0 NonFungible … 5 ProgrammableNonFungibleEdition); null when unset. */
  readonly tokenStandard: number | null;
}

export interface SolanaMintFacts {
  readonly address: string;
  readonly program: 'token' | 'token-2022';
  /** The owning program's address. */
  readonly programAddress: string;
  readonly mintAuthority: string | null;
  readonly freezeAuthority: string | null;
  /** Raw units. */
  readonly supply: bigint;
  readonly decimals: number;
  readonly isInitialized: boolean;
  readonly extensions: MintExtensions;
  /** The Metaplex metadata account, when one exists and decodes. */
  readonly metaplex: MetaplexMetadata | null;
  /** Why the metadata is missing or was not decoded ("" when it was read). */
  readonly metadataNote: string;
}

export const EMPTY_EXTENSIONS: MintExtensions = {
  permanentDelegate: null,
  transferHook: null,
  defaultAccountState: null,
  nonTransferable: null,
  transferFeeConfig: null,
  interestBearingMintConfig: null,
  metadataPointer: null,
  tokenMetadata: null,
  mintCloseAuthority: null,
  groupPointer: null,
  memberPointer: null,
};

/** Why an address cannot be read as a mint: the values of `tokenProgram.error` (docs/decisions/0071-solana-tokens-tokenprogram-error.md). */
export type MintReadError = 'ACCOUNT_NOT_FOUND' | 'NOT_A_MINT' | 'MINT_NOT_INITIALIZED' | 'MALFORMED_MINT';

export class MintDecodeError extends Error {
  override readonly name = 'MintDecodeError';
  constructor(
    readonly code: MintReadError,
    detail: string,
  ) {
    super(detail);
  }
}

/** Size of a Token account (a holder's balance), which a wallet scan sometimes sends instead of the mint. */
const TOKEN_ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;

const some = (value: Option<Address>): string | null => (isSome(value) ? value.value : null);
/** Token-2022's OptionalNonZeroPubkey: the zero key means "none". */
const nonZero = (value: Address): string | null => (value === ZERO_ADDRESS ? null : value);

const fee = (f: { epoch: bigint; maximumFee: bigint; transferFeeBasisPoints: number }): TransferFeeView => ({
  epoch: Number(f.epoch),
  maximumFee: f.maximumFee.toString(),
  transferFeeBasisPoints: f.transferFeeBasisPoints,
});

function normaliseExtensions(list: readonly Extension[]): MintExtensions {
  const out: MintExtensions = { ...EMPTY_EXTENSIONS };
  for (const e of list) {
    switch (e.__kind) {
      case 'PermanentDelegate':
        out.permanentDelegate = { delegate: nonZero(e.delegate) };
        break;
      case 'TransferHook':
        out.transferHook = { authority: nonZero(e.authority), programId: nonZero(e.programId) };
        break;
      case 'DefaultAccountState':
        out.defaultAccountState = {
          state: e.state === AccountState.Frozen ? 'frozen' : e.state === AccountState.Initialized ? 'initialized' : 'uninitialized',
        };
        break;
      case 'NonTransferable':
        out.nonTransferable = {};
        break;
      case 'TransferFeeConfig':
        out.transferFeeConfig = {
          transferFeeConfigAuthority: nonZero(e.transferFeeConfigAuthority),
          withdrawWithheldAuthority: nonZero(e.withdrawWithheldAuthority),
          withheldAmount: e.withheldAmount.toString(),
          olderTransferFee: fee(e.olderTransferFee),
          newerTransferFee: fee(e.newerTransferFee),
        };
        break;
      case 'InterestBearingConfig':
        out.interestBearingMintConfig = {
          rateAuthority: nonZero(e.rateAuthority),
          currentRate: e.currentRate,
          preUpdateAverageRate: e.preUpdateAverageRate,
          initializationTimestamp: Number(e.initializationTimestamp),
          lastUpdateTimestamp: Number(e.lastUpdateTimestamp),
        };
        break;
      case 'MetadataPointer':
        out.metadataPointer = { authority: some(e.authority), metadataAddress: some(e.metadataAddress) };
        break;
      case 'TokenMetadata':
        out.tokenMetadata = {
          updateAuthority: some(e.updateAuthority),
          mint: e.mint,
          name: e.name,
          symbol: e.symbol,
          uri: e.uri,
          additionalMetadata: Object.fromEntries(e.additionalMetadata),
        };
        break;
      case 'MintCloseAuthority':
        out.mintCloseAuthority = { closeAuthority: nonZero(e.closeAuthority) };
        break;
      case 'GroupPointer':
        out.groupPointer = { authority: some(e.authority), groupAddress: some(e.groupAddress) };
        break;
      case 'GroupMemberPointer':
        out.memberPointer = { authority: some(e.authority), memberAddress: some(e.memberAddress) };
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * Decodes a mint account. Throws MintDecodeError when the account is not an initialized
 * mint of the SPL Token or Token-2022 program.
 */
export function decodeMintAccount(address: string, owner: string, data: Uint8Array): Omit<SolanaMintFacts, 'metaplex' | 'metadataNote'> {
  const program = owner === TOKEN_PROGRAM ? 'token' : owner === TOKEN_2022_PROGRAM ? 'token-2022' : null;
  if (!program) throw new MintDecodeError('NOT_A_MINT', `the account is owned by ${owner}, not a token program`);
  if (
    data.length === TOKEN_ACCOUNT_SIZE ||
    (program === 'token-2022' && data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 2)
  ) {
    throw new MintDecodeError('NOT_A_MINT', 'the account is a token account (a balance), not a mint');
  }
  if (data.length < MINT_SIZE || (program === 'token' && data.length !== MINT_SIZE)) {
    throw new MintDecodeError('MALFORMED_MINT', `a ${data.length}-byte account of the ${program} program is not a mint`);
  }
  let mint;
  try {
    mint = getMintDecoder().decode(data);
  } catch (error) {
    throw new MintDecodeError('MALFORMED_MINT', `the mint data does not decode: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!mint.isInitialized) throw new MintDecodeError('MINT_NOT_INITIALIZED', 'the mint account is not initialized');
  return {
    address,
    program,
    programAddress: owner,
    mintAuthority: some(mint.mintAuthority),
    freezeAuthority: some(mint.freezeAuthority),
    supply: mint.supply,
    decimals: mint.decimals,
    isInitialized: mint.isInitialized,
    extensions: isSome(mint.extensions) ? normaliseExtensions(mint.extensions.value) : { ...EMPTY_EXTENSIONS },
  };
}

const stripPadding = (s: string) => s.replace(/\0+$/, '');

/**
 * Decodes a Metaplex metadata account of `mint`. Returns the reason as a string when the
 * account is not a metadata account of that mint (wrong owner, wrong key, other mint,
 * undecodable bytes).
 */
export function decodeMetaplexAccount(address: string, mint: string, owner: string, data: Uint8Array): MetaplexMetadata | string {
  if (owner !== METAPLEX_METADATA_PROGRAM) return `the metadata address is owned by ${owner}, not the Token Metadata program`;
  let decoded;
  try {
    [decoded] = getMetadataAccountDataSerializer().deserialize(data);
  } catch (error) {
    return `malformed metadata: ${error instanceof Error ? error.message : String(error)}`;
  }
  // Key 4 is MetadataV1; anything else is another account type of the program.
  if (decoded.key !== 4) return `malformed metadata: account key ${decoded.key} is not MetadataV1`;
  if (decoded.mint !== mint) return `malformed metadata: it describes mint ${decoded.mint}`;
  return {
    address,
    updateAuthority: decoded.updateAuthority,
    mint: decoded.mint,
    name: stripPadding(decoded.name),
    symbol: stripPadding(decoded.symbol),
    uri: stripPadding(decoded.uri),
    sellerFeeBasisPoints: decoded.sellerFeeBasisPoints,
    creators: isSome(decoded.creators)
      ? decoded.creators.value.map((c) => ({ address: c.address, verified: c.verified, share: c.share }))
      : [],
    primarySaleHappened: decoded.primarySaleHappened,
    isMutable: decoded.isMutable,
    editionNonce: isSome(decoded.editionNonce) ? decoded.editionNonce.value : null,
    tokenStandard: isSome(decoded.tokenStandard) ? decoded.tokenStandard.value : null,
  };
}

/** The Metaplex TokenStandard's name ("" when unset). */
export function tokenStandardName(value: number | null): string {
  return value === null ? '' : (TokenStandard[value] ?? '');
}
