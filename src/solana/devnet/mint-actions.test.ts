/**
 * The sample mints' authorities act for real on the embedded Solana network: each action
 * is an SPL Token / Token-2022 instruction executed by LiteSVM, lands in a slot of its own,
 * and is read back through the network's JSON-RPC as a node would answer it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sampleMint, startSolanaDevnet, MINT_ACTION_METHOD, type SolanaDevnet } from './solana-devnet.ts';
import { decodeMintAccount } from '../mint-facts.ts';

describe('authority actions on the embedded Solana network', () => {
  let devnet: SolanaDevnet;
  const call = async (method: string, params: unknown[] = []) => {
    const answer = (await devnet.request({ jsonrpc: '2.0', id: 1, method, params })) as { result?: unknown; error?: { message: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  };
  const mintFacts = async (address: string) => {
    const info = (await call('getAccountInfo', [address, { encoding: 'base64', commitment: 'finalized' }])) as {
      context: { slot: number };
      value: { owner: string; data: [string, string] };
    };
    return { slot: info.context.slot, facts: decodeMintAccount(address, info.value.owner, Buffer.from(info.value.data[0], 'base64')) };
  };

  before(async () => {
    devnet = await startSolanaDevnet();
  });
  after(() => devnet.close());

  it('the slot advances with each state change and on a tick; getSlot and context.slot answer the current one', async () => {
    const first = (await call('getSlot', [{ commitment: 'finalized' }])) as number;
    assert.equal(first, devnet.slot());
    assert.equal(devnet.advance(), first + 1);
    assert.equal(await call('getSlot'), first + 1);
    const { slot } = await mintFacts(sampleMint(devnet, 'sol-plain').address);
    assert.equal(slot, first + 1);
    const block = (await call('getBlock', [first + 1, { transactionDetails: 'none', rewards: false }])) as {
      blockhash: string;
      parentSlot: number;
    };
    assert.equal(block.parentSlot, first);
    assert.match(block.blockhash, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const missing = (await devnet.request({ jsonrpc: '2.0', id: 1, method: 'getBlock', params: [first + 50] })) as {
      error: { code: number };
    };
    assert.equal(missing.error.code, -32009);
  });

  it('revoke-mint-authority: a SetAuthority signed by the authority, in its own slot, with its signature on the mint', async () => {
    const smint = sampleMint(devnet, 'sol-mint-authority');
    const before = await mintFacts(smint.address);
    assert.equal(before.facts.mintAuthority, devnet.authority);
    const minted = (await call(MINT_ACTION_METHOD, ['SMINT', 'mint'])) as { blockNumber: number; transactionHash: string };
    assert.equal(minted.blockNumber, before.slot + 1);
    const grown = await mintFacts(smint.address);
    assert.equal(grown.facts.supply - before.facts.supply, 100_000n * 10n ** 6n);

    const set = await devnet.act('sol-mint-authority', 'set-mint-authority');
    assert.match(set.description, /the mint authority handed itself to \w+ \(SetAuthority\)/);
    const handed = await mintFacts(smint.address);
    assert.notEqual(handed.facts.mintAuthority, devnet.authority);
    // The new holder's key is the devnet's too: it can act, and revoke itself.
    const revoked = await devnet.act(smint.address, 'revoke-mint-authority');
    const after = await mintFacts(smint.address);
    assert.equal(after.facts.mintAuthority, null);
    assert.equal(after.slot, revoked.blockNumber);
    const signatures = (await call('getSignaturesForAddress', [smint.address, { limit: 2 }])) as { signature: string; slot: number }[];
    assert.deepEqual(
      signatures.map((s) => [s.signature, s.slot]),
      [
        [revoked.transactionHash, revoked.blockNumber],
        [set.transactionHash, set.blockNumber],
      ],
    );
    await assert.rejects(devnet.act('SMINT', 'mint'), /mint authority was revoked: nobody can act as it/);
  });

  it('raise-fee: SetTransferFee by the fee authority changes the Token-2022 extension', async () => {
    const fee = sampleMint(devnet, 'sol-transfer-fee');
    const before = await mintFacts(fee.address);
    assert.equal(before.facts.extensions.transferFeeConfig?.newerTransferFee.transferFeeBasisPoints, 250);
    const done = await devnet.act('SFEE', 'raise-fee');
    assert.equal(done.description, 'the fee authority raised the transfer fee 2.5 % → 10 % (SetTransferFee)');
    const after = await mintFacts(fee.address);
    assert.equal(after.facts.extensions.transferFeeConfig?.newerTransferFee.transferFeeBasisPoints, 1000);
  });

  it('freeze-by-default and revoke-freeze-authority on the default-state sample', async () => {
    const mint = sampleMint(devnet, 'sol-default-state');
    await devnet.act('SDAS', 'freeze-by-default');
    assert.equal((await mintFacts(mint.address)).facts.extensions.defaultAccountState?.state, 'frozen');
    await assert.rejects(devnet.act('SDAS', 'freeze-by-default'), /already start frozen/);
    await devnet.act('SDAS', 'revoke-freeze-authority');
    assert.equal((await mintFacts(mint.address)).facts.freezeAuthority, null);
  });

  it('refuses what a sample cannot do, over JSON-RPC as an error answer', async () => {
    const answer = (await devnet.request({ jsonrpc: '2.0', id: 7, method: MINT_ACTION_METHOD, params: ['SPLAIN', 'mint'] })) as {
      id: number;
      error: { message: string };
    };
    assert.equal(answer.id, 7);
    assert.match(answer.error.message, /SPLAIN \(sol-plain\) has no authority left to act/);
    await assert.rejects(devnet.act('SFEE', 'mint'), /has no authority action mint: it has raise-fee/);
    await assert.rejects(devnet.act('NOPE', 'mint'), /No sample mint NOPE/);
    await assert.rejects(devnet.act('SFRZ', 'set-freeze-authority', 'not-an-address!'), /is not a Solana address/);
  });
});
