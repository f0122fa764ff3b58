/**
 * A Solana mint's watched values and their changes in words, over mint accounts encoded by
 * the official Token-2022 client (the bytes a node returns), including an extension the
 * scan does not decode (Pausable), which is still seen through its digest.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extension, getMintEncoder, type ExtensionArgs } from '@solana-program/token-2022';
import { none, some, type Address } from '@solana/kit';
import { compareMintStates, mintWatchState, shortAddress } from './solana-mint-state.ts';
import { MintDecodeError } from '../solana/mint-facts.ts';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../solana/solana-programs.ts';

const MINT = 'Mint111111111111111111111111111111111111111';
const AUTHORITY = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' as Address;
const OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' as Address;

interface MintArgs {
  mintAuthority?: Address | null;
  freezeAuthority?: Address | null;
  supply?: bigint;
  extensions?: ExtensionArgs[];
}

function mintBytes(args: MintArgs = {}): Uint8Array {
  // The client takes null for an unset authority.
  const authority = (a: Address | null | undefined) => (a === undefined ? AUTHORITY : a);
  return new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: authority(args.mintAuthority),
      freezeAuthority: authority(args.freezeAuthority),
      supply: args.supply ?? 1_000_000_000_000n,
      decimals: 6,
      isInitialized: true,
      extensions: args.extensions ? some(args.extensions) : none(),
    }),
  );
}

const fee = (bps: number, withheld = 0n): ExtensionArgs =>
  extension('TransferFeeConfig', {
    transferFeeConfigAuthority: AUTHORITY,
    withdrawWithheldAuthority: AUTHORITY,
    withheldAmount: withheld,
    olderTransferFee: { epoch: 0n, maximumFee: 1_000_000n, transferFeeBasisPoints: 250 },
    newerTransferFee: { epoch: 2n, maximumFee: 1_000_000n, transferFeeBasisPoints: bps },
  });
const pausable = (paused: boolean): ExtensionArgs => extension('PausableConfig', { authority: some(AUTHORITY), paused });

const token = (args: MintArgs = {}) => mintWatchState(MINT, TOKEN_PROGRAM, mintBytes(args));
const token2022 = (args: MintArgs = {}) => mintWatchState(MINT, TOKEN_2022_PROGRAM, mintBytes(args));

describe('a Solana mint as a watch compares it', () => {
  it('reads the authorities, supply and one value per Token-2022 extension', () => {
    assert.deepEqual(token(), { mintAuthority: AUTHORITY, freezeAuthority: AUTHORITY, supply: '1000000000000', decimals: '6' });
    const state = token2022({ extensions: [fee(250), pausable(false)] });
    assert.deepEqual(Object.keys(state).sort(), [
      'decimals',
      'ext:Pausable',
      'ext:TransferFeeConfig',
      'freezeAuthority',
      'mintAuthority',
      'supply',
    ]);
    assert.match(state['ext:Pausable']!, /^sha256:[0-9a-f]{16}$/, 'not decoded by the scan: a digest of its bytes');
    assert.match(state['ext:TransferFeeConfig']!, /"transferFeeBasisPoints":250/);
    // The same account is always the same values.
    assert.deepEqual(token2022({ extensions: [fee(250), pausable(false)] }), state);
  });

  it('says an authority revoked or handed over, naming both keys short', () => {
    const [revoked] = compareMintStates(token(), token({ mintAuthority: null }));
    assert.equal(revoked!.kind, 'solana-authority-changed');
    assert.equal(revoked!.words, 'mint authority 7xKX…gAsU → none (revoked): no more tokens can be minted');
    assert.equal(revoked!.before, AUTHORITY);
    assert.equal(revoked!.after, null);
    const [handed] = compareMintStates(token(), token({ freezeAuthority: OTHER }));
    assert.equal(handed!.words, `freeze authority 7xKX…gAsU → ${shortAddress(OTHER)}: another key holds it now`);
    assert.deepEqual(compareMintStates(token(), token()), []);
  });

  it('says the supply change in whole tokens with its share', () => {
    const [minted] = compareMintStates(token(), token({ supply: 1_100_000_000_000n }));
    assert.equal(minted!.kind, 'supply-changed');
    assert.equal(minted!.words, 'supply 1,000,000 → 1,100,000 (+10 %): tokens were minted');
    const [burned] = compareMintStates(token(), token({ supply: 500_000_000_000n }));
    assert.match(burned!.words, /\(-50 %\): tokens were burned$/);
  });

  it('says a transfer fee raised in percent; fees harvested into the mint are no owner action', () => {
    const before = token2022({ extensions: [fee(250)] });
    const [raised] = compareMintStates(before, token2022({ extensions: [fee(1000)] }));
    assert.equal(raised!.kind, 'solana-extension-changed');
    assert.equal(raised!.words, 'transfer fee 2.5 % → 10 % (from epoch 2)');
    assert.deepEqual(compareMintStates(before, token2022({ extensions: [fee(250, 12_345n)] })), []);
  });

  it('sees a change of an extension it has no words for, and extensions added or removed', () => {
    const [paused] = compareMintStates(token2022({ extensions: [pausable(false)] }), token2022({ extensions: [pausable(true)] }));
    assert.equal(paused!.kind, 'solana-extension-changed');
    assert.match(paused!.words, /^Token-2022 extension Pausable changed \(state [0-9a-f]{8}… → [0-9a-f]{8}…\)$/);
    const [added] = compareMintStates(token2022({ extensions: [fee(250)] }), token2022({ extensions: [fee(250), pausable(false)] }));
    assert.equal(added!.words, 'Token-2022 extension Pausable added');
    const [removed] = compareMintStates(token2022({ extensions: [fee(250), pausable(false)] }), token2022({ extensions: [fee(250)] }));
    assert.equal(removed!.words, 'Token-2022 extension Pausable removed');
  });

  it('says a closed mint once', () => {
    const [closed] = compareMintStates(token(), null);
    assert.match(closed!.words, /the mint account was closed/);
    assert.deepEqual(compareMintStates({ ...token(), closed: 'true' }, null), []);
  });

  it('refuses an account that is not a mint', () => {
    assert.throws(() => mintWatchState(MINT, '11111111111111111111111111111111', mintBytes()), MintDecodeError);
    assert.throws(() => mintWatchState(MINT, TOKEN_PROGRAM, new Uint8Array(165)), MintDecodeError);
  });
});
