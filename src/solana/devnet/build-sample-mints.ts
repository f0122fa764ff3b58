/**
 * Builds the sample mints in a LiteSVM with real transactions to the SPL Token,
 * Token-2022 and Associated Token programs that LiteSVM ships: create the mint with its
 * extensions, give three wallets balances, then revoke what the sample does not keep.
 *
 * Metaplex's Token Metadata program is not shipped in any npm package, so a sample's
 * Metaplex metadata account is written directly: its data is encoded by the official
 * client's serializer and the account is owned by the program id, exactly as the
 * program would leave it (docs/decisions/0078-embedded-solana-network-metaplex-s-token-metadata.md).
 */
import { createHash } from 'node:crypto';
import { LiteSVM, FailedTransactionMetadata } from 'litesvm';
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase58Decoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type TransactionSigner,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  AccountState,
  AuthorityType,
  extension,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getPostInitializeInstructionsForMintExtensions,
  getPreInitializeInstructionsForMintExtensions,
  getSetAuthorityInstruction,
  getThawAccountInstruction,
  type ExtensionArgs,
} from '@solana-program/token-2022';
import { getMetadataAccountDataSerializer, TokenStandard } from '@metaplex-foundation/mpl-token-metadata';
import { none, some, publicKey } from '@metaplex-foundation/umi';
import { METAPLEX_METADATA_PROGRAM, metaplexMetadataAddress, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../solana-programs.ts';
import { SAMPLE_MINT_SPECS, type SampleExtension, type SampleMint, type SampleMintSpec } from './sample-mints.ts';

/** A fixed key from a label, so every start builds the same addresses (and the owner actions can sign again later). */
export async function fixedSigner(label: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(createHash('sha256').update(`scopeward solana devnet: ${label}`).digest()));
}

/** Whole-token balances of the three sample wallets: one large holder, two small. */
const HOLDER_BALANCES = [600_000n, 250_000n, 150_000n];
/** A program id the transfer-hook sample points at (the hook runs on transfers only, not on minting). */
const HOOK_PROGRAM_LABEL = 'transfer hook program';

export interface BuiltSampleNetwork {
  readonly mints: readonly SampleMint[];
  readonly authority: string;
  readonly holders: readonly string[];
}

/** Signs and executes a transaction in the SVM; resolves to its signature (base58). */
export function sendTransaction(
  svm: LiteSVM,
  payer: TransactionSigner,
  instructions: readonly Instruction[],
  what: string,
): Promise<string> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return signTransactionMessageWithSigners(message).then((tx) => {
    // The signed transaction is the same wire format whichever kit version LiteSVM bundles.
    const result = svm.sendTransaction(tx as unknown as Parameters<LiteSVM['sendTransaction']>[0]);
    if (result instanceof FailedTransactionMetadata) throw new Error(`solana devnet: ${what} failed: ${result.meta().logs().join('\n')}`);
    // A fresh blockhash per transaction: identical instructions would otherwise be a duplicate.
    svm.expireBlockhash();
    return getBase58Decoder().decode(result.signature());
  });
}

function extensionArgs(
  name: SampleExtension,
  mint: Address,
  authority: Address,
  hookProgram: Address,
  spec: SampleMintSpec,
): ExtensionArgs[] {
  switch (name) {
    case 'permanentDelegate':
      return [extension('PermanentDelegate', { delegate: authority })];
    case 'transferHook':
      return [extension('TransferHook', { authority, programId: hookProgram })];
    case 'defaultAccountStateInitialized':
      return [extension('DefaultAccountState', { state: AccountState.Initialized })];
    case 'defaultAccountStateFrozen':
      return [extension('DefaultAccountState', { state: AccountState.Frozen })];
    case 'nonTransferable':
      return [extension('NonTransferable', {})];
    case 'transferFeeConfig': {
      const fee = { epoch: 0n, maximumFee: 1_000_000_000n, transferFeeBasisPoints: 250 };
      return [
        extension('TransferFeeConfig', {
          transferFeeConfigAuthority: authority,
          withdrawWithheldAuthority: authority,
          withheldAmount: 0n,
          olderTransferFee: fee,
          newerTransferFee: fee,
        }),
      ];
    }
    case 'interestBearingMintConfig':
      return [
        extension('InterestBearingConfig', {
          rateAuthority: authority,
          initializationTimestamp: 0n,
          preUpdateAverageRate: 500,
          lastUpdateTimestamp: 0n,
          currentRate: 500,
        }),
      ];
    case 'metadataPointer':
      return [extension('MetadataPointer', { authority, metadataAddress: mint })];
    case 'metadataPointerRevoked':
      return [extension('MetadataPointer', { authority: null, metadataAddress: mint })];
    case 'tokenMetadata':
      return [
        extension('TokenMetadata', {
          updateAuthority: authority,
          mint,
          name: spec.name,
          symbol: spec.symbol,
          uri: `https://example.org/${spec.symbol.toLowerCase()}.json`,
          additionalMetadata: new Map(),
        }),
      ];
    case 'mintCloseAuthority':
      return [extension('MintCloseAuthority', { closeAuthority: authority })];
    case 'groupPointer':
      return [extension('GroupPointer', { authority: null, groupAddress: mint })];
    case 'memberPointer':
      return [extension('GroupMemberPointer', { authority: null, memberAddress: mint })];
  }
}

async function buildMint(
  svm: LiteSVM,
  spec: SampleMintSpec,
  authority: KeyPairSigner,
  holders: readonly Address[],
  hookProgram: Address,
): Promise<SampleMint> {
  const mint = await fixedSigner(`mint ${spec.behaviour}`);
  const programAddress = (spec.program === 'token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM) as Address;
  const config = { programAddress };
  const extensions = spec.extensions.flatMap((e) => extensionArgs(e, mint.address, authority.address, hookProgram, spec));
  // The token-metadata extension is written by its own instruction, which grows the
  // account: allocate without it, fund with it.
  const sizeOf = (list: ExtensionArgs[]) => (list.length === 0 ? getMintSize() : getMintSize(list));
  const allocated = sizeOf(extensions.filter((e) => e.__kind !== 'TokenMetadata'));
  const funded = sizeOf(extensions);

  await sendTransaction(
    svm,
    authority,
    [
      getCreateAccountInstruction({
        payer: authority,
        newAccount: mint,
        lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(funded))),
        space: allocated,
        programAddress,
      }),
      ...getPreInitializeInstructionsForMintExtensions(mint.address, extensions),
      getInitializeMint2Instruction(
        { mint: mint.address, decimals: spec.decimals, mintAuthority: authority.address, freezeAuthority: authority.address },
        config,
      ),
      ...getPostInitializeInstructionsForMintExtensions(mint.address, authority, extensions),
    ],
    `creating ${spec.behaviour}`,
  );

  const unit = 10n ** BigInt(spec.decimals);
  const fund: Instruction[] = [];
  for (const [i, owner] of holders.entries()) {
    const [ata] = await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: programAddress });
    fund.push(
      getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata, owner, mint: mint.address, tokenProgram: programAddress }),
    );
    // Accounts of a frozen-by-default mint start frozen: thaw them to mint into them.
    if (spec.extensions.includes('defaultAccountStateFrozen'))
      fund.push(getThawAccountInstruction({ account: ata, mint: mint.address, owner: authority }, config));
    fund.push(
      getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: authority, amount: HOLDER_BALANCES[i]! * unit }, config),
    );
  }
  await sendTransaction(svm, authority, fund, `funding ${spec.behaviour}`);

  const revoke: Instruction[] = [];
  if (!spec.keepMintAuthority)
    revoke.push(
      getSetAuthorityInstruction(
        { owned: mint.address, owner: authority, authorityType: AuthorityType.MintTokens, newAuthority: null },
        config,
      ),
    );
  if (!spec.keepFreezeAuthority)
    revoke.push(
      getSetAuthorityInstruction(
        { owned: mint.address, owner: authority, authorityType: AuthorityType.FreezeAccount, newAuthority: null },
        config,
      ),
    );
  if (revoke.length > 0) await sendTransaction(svm, authority, revoke, `revoking authorities of ${spec.behaviour}`);

  if (spec.metaplex) {
    const address = await metaplexMetadataAddress(mint.address);
    const data = getMetadataAccountDataSerializer().serialize({
      updateAuthority: publicKey(authority.address),
      mint: publicKey(mint.address),
      name: spec.name,
      symbol: spec.symbol,
      uri: `https://example.org/${spec.symbol.toLowerCase()}.json`,
      sellerFeeBasisPoints: 0,
      creators: some([{ address: publicKey(authority.address), verified: true, share: 100 }]),
      primarySaleHappened: false,
      isMutable: spec.metaplex.isMutable,
      editionNonce: some(255),
      tokenStandard: some(TokenStandard.Fungible),
      collection: none(),
      uses: none(),
      collectionDetails: none(),
      programmableConfig: none(),
    });
    svm.setAccount({
      address: address as Address,
      data,
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: METAPLEX_METADATA_PROGRAM as Address,
      space: BigInt(data.length),
    } as unknown as Parameters<LiteSVM['setAccount']>[0]);
  }
  return {
    behaviour: spec.behaviour,
    name: spec.name,
    symbol: spec.symbol,
    address: mint.address,
    program: spec.program,
    codes: spec.codes,
    description: spec.description,
  };
}

/** Builds every sample mint into `svm`. */
export async function buildSampleMints(svm: LiteSVM, specs: readonly SampleMintSpec[] = SAMPLE_MINT_SPECS): Promise<BuiltSampleNetwork> {
  const authority = await fixedSigner('authority');
  const holders = await Promise.all([0, 1, 2].map((i) => fixedSigner(`holder ${i}`).then((s) => s.address)));
  const hookProgram = (await fixedSigner(HOOK_PROGRAM_LABEL)).address;
  svm.airdrop(authority.address as never, lamports(1_000_000_000_000n) as never);
  // Funded wallets exist as System accounts, so scanning one shows NOT_A_MINT.
  for (const holder of holders) svm.airdrop(holder as never, lamports(1_000_000_000n) as never);
  const mints: SampleMint[] = [];
  for (const spec of specs) mints.push(await buildMint(svm, spec, authority, holders, hookProgram));
  return { mints, authority: authority.address, holders };
}
