/**
 * What a sample mint's authority can do to its holders, done for real on the embedded
 * Solana network (issue 32, item 6, the Solana side of src/devnet/owner-actions.ts):
 * `scopeward devnet act SYMBOL ACTION` and the loopback JSON-RPC method `scopeward_act` on
 * /rpc/solana. Each action is an SPL Token / Token-2022 instruction signed by the key that
 * holds the authority now (the devnet's keys are derived from fixed labels, so it can sign
 * again after a restart), executed by the programs LiteSVM ships, in a slot of its own
 * (./slot-ledger.ts), so a watch of the mint has something to report.
 */
import type { LiteSVM } from 'litesvm';
import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import {
  AccountState,
  AuthorityType,
  findAssociatedTokenPda,
  getMintToInstruction,
  getSetAuthorityInstruction,
  getSetTransferFeeInstruction,
  getUpdateDefaultAccountStateInstruction,
} from '@solana-program/token-2022';
import { AppError } from '../../errors/app-error.ts';
import { decodeMintAccount } from '../mint-facts.ts';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../solana-programs.ts';
import { sendTransaction } from './build-sample-mints.ts';
import type { SampleMint, SampleMintBehaviour } from './sample-mints.ts';
import type { SlotLedger } from './slot-ledger.ts';

export const MINT_ACTIONS = [
  'mint',
  'set-mint-authority',
  'revoke-mint-authority',
  'set-freeze-authority',
  'revoke-freeze-authority',
  'raise-fee',
  'freeze-by-default',
] as const;
export type MintAction = (typeof MINT_ACTIONS)[number];

/** The actions each sample allows: those of the authorities it kept (the others were revoked when it was built). */
export const MINT_ACTIONS_BY_BEHAVIOUR: Readonly<Partial<Record<SampleMintBehaviour, readonly MintAction[]>>> = {
  'sol-mint-authority': ['mint', 'set-mint-authority', 'revoke-mint-authority'],
  'sol-freeze-authority': ['set-freeze-authority', 'revoke-freeze-authority'],
  // Updating the default account state is signed by the freeze authority.
  'sol-default-state': ['freeze-by-default', 'set-freeze-authority', 'revoke-freeze-authority'],
  'sol-transfer-fee': ['raise-fee'],
};

/** A mint or action the devnet does not have, or an authority it cannot sign for: the caller's mistake. */
export class MintActionError extends AppError {
  override readonly name = 'MintActionError';
  constructor(message: string) {
    super(400, message);
  }
}

/** The same fields as an EVM owner action's result; the block number is the slot the transaction landed in. */
export interface MintActionResult {
  readonly token: string;
  readonly action: MintAction;
  readonly description: string;
  /** The transaction's signature. */
  readonly transactionHash: string;
  readonly blockNumber: number;
}

export interface MintActionNetwork {
  readonly svm: LiteSVM;
  readonly ledger: SlotLedger;
  readonly mints: readonly SampleMint[];
  /** The keys the devnet holds, by address: the samples' authority and its successor. */
  readonly signers: ReadonlyMap<string, KeyPairSigner>;
  /** The key `set-*-authority` hands an authority to when no account is named. */
  readonly successor: (current: string) => string;
  readonly holders: readonly string[];
}

/** Whole tokens `mint` creates, to the first sample holder. */
const MINTED = 100_000n;

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

/** The sample mint a name stands for: its address, symbol or behaviour (symbol and behaviour in any case). */
export function findSampleMint(mints: readonly SampleMint[], ref: string): SampleMint {
  const wanted = ref.trim();
  const lower = wanted.toLowerCase();
  const mint = mints.find((m) => m.address === wanted || m.symbol.toLowerCase() === lower || m.behaviour === lower);
  if (!mint)
    throw new MintActionError(`No sample mint ${ref}: use a symbol, behaviour or address of ${mints.map((m) => m.symbol).join(', ')}`);
  return mint;
}

export async function actOnMint(
  network: MintActionNetwork,
  mintRef: string,
  actionName: string,
  account?: string,
): Promise<MintActionResult> {
  const sample = findSampleMint(network.mints, mintRef);
  const allowed = MINT_ACTIONS_BY_BEHAVIOUR[sample.behaviour] ?? [];
  const action = MINT_ACTIONS.find((a) => a === actionName.trim().toLowerCase());
  if (!action || !allowed.includes(action))
    throw new MintActionError(
      allowed.length === 0
        ? `${sample.symbol} (${sample.behaviour}) has no authority left to act: its authorities were revoked when it was built`
        : `${sample.symbol} (${sample.behaviour}) has no authority action ${actionName}: it has ${allowed.join(', ')}`,
    );
  const { svm, ledger } = network;
  const mint = sample.address as Address;
  const programAddress = (sample.program === 'token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM) as Address;
  const config = { programAddress };
  const stored = svm.getAccount(mint as never);
  if (!stored.exists) throw new MintActionError(`the mint ${sample.address} is gone from the network`);
  const facts = decodeMintAccount(sample.address, stored.programAddress as string, stored.data as Uint8Array);

  /** The key holding an authority now, or why the devnet cannot act as it. */
  const signerOf = (holder: string | null, what: string): KeyPairSigner => {
    if (holder === null) throw new MintActionError(`${sample.symbol}'s ${what} was revoked: nobody can act as it any more`);
    const signer = network.signers.get(holder);
    if (!signer) throw new MintActionError(`${sample.symbol}'s ${what} is ${holder}, whose key the devnet does not hold`);
    return signer;
  };
  const newHolder = (current: string): Address => {
    if (account === undefined) return network.successor(current) as Address;
    if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(account)) throw new MintActionError(`${account} is not a Solana address`);
    return account as Address;
  };

  let instructions: Instruction[];
  let signer: KeyPairSigner;
  let description: string;
  switch (action) {
    case 'mint': {
      signer = signerOf(facts.mintAuthority, 'mint authority');
      const owner = network.holders[0]! as Address;
      const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: programAddress });
      const amount = MINTED * 10n ** BigInt(facts.decimals);
      instructions = [getMintToInstruction({ mint, token: ata, mintAuthority: signer, amount }, config)];
      description = `the mint authority minted ${MINTED.toLocaleString('en-US')} new tokens to ${short(owner)} (MintTo)`;
      break;
    }
    case 'set-mint-authority':
    case 'revoke-mint-authority':
    case 'set-freeze-authority':
    case 'revoke-freeze-authority': {
      const mintSide = action.endsWith('mint-authority');
      const what = mintSide ? 'mint authority' : 'freeze authority';
      const current = mintSide ? facts.mintAuthority : facts.freezeAuthority;
      signer = signerOf(current, what);
      const next = action.startsWith('set') ? newHolder(current!) : null;
      instructions = [
        getSetAuthorityInstruction(
          {
            owned: mint,
            owner: signer,
            authorityType: mintSide ? AuthorityType.MintTokens : AuthorityType.FreezeAccount,
            newAuthority: next,
          },
          config,
        ),
      ];
      description = next ? `the ${what} handed itself to ${next} (SetAuthority)` : `the ${what} revoked itself (SetAuthority to none)`;
      break;
    }
    case 'raise-fee': {
      const fee = facts.extensions.transferFeeConfig!;
      signer = signerOf(fee.transferFeeConfigAuthority, 'transfer fee authority');
      const before = fee.newerTransferFee.transferFeeBasisPoints;
      // 2.5 % → 10 % on the sample; raised again, up to the program's cap of 100 %.
      const after = Math.min(10_000, before + 750);
      if (after === before) throw new MintActionError(`${sample.symbol}'s transfer fee is already 100 %`);
      instructions = [
        getSetTransferFeeInstruction(
          { mint, transferFeeConfigAuthority: signer, transferFeeBasisPoints: after, maximumFee: BigInt(fee.newerTransferFee.maximumFee) },
          config,
        ),
      ];
      description = `the fee authority raised the transfer fee ${before / 100} % → ${after / 100} % (SetTransferFee)`;
      break;
    }
    case 'freeze-by-default': {
      signer = signerOf(facts.freezeAuthority, 'freeze authority');
      if (facts.extensions.defaultAccountState?.state === 'frozen')
        throw new MintActionError(`${sample.symbol}'s new token accounts already start frozen`);
      instructions = [getUpdateDefaultAccountStateInstruction({ mint, freezeAuthority: signer, state: AccountState.Frozen }, config)];
      description = 'the freeze authority made new token accounts start frozen (UpdateDefaultAccountState)';
      break;
    }
  }
  // The transaction gets a slot of its own: a follower reading the next slot sees it done.
  const slot = ledger.advance();
  const signature = await sendTransaction(svm, signer, instructions, `${action} on ${sample.symbol}`).catch((error: unknown) => {
    throw new MintActionError(error instanceof Error ? error.message : String(error));
  });
  ledger.record(signature, [sample.address]);
  return { token: sample.address, action, description, transactionHash: signature, blockNumber: slot };
}
