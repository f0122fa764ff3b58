import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { created, hitPoolLimit, mintShown } from './exercise-owner-powers.ts';
import { simulateSource } from './simulate-source.ts';

describe('hitPoolLimit', () => {
  it("tells the pair's reserve overflow apart from a token that refuses the sell", () => {
    assert.equal(hitPoolLimit({ ok: false, reason: 'UniswapV2: OVERFLOW' }), true);
    assert.equal(hitPoolLimit({ ok: false, reason: 'Transaction reverted without a reason' }), false);
    assert.equal(hitPoolLimit({ ok: false, reason: 'UniswapV2: TRANSFER_FAILED' }), false);
    assert.equal(hitPoolLimit({ ok: true, reason: '' }), false);
  });
});

describe('a mint is proven by what it created, not by going through (issue 29)', () => {
  const sources = { 'MintTokens.sol': readFileSync(new URL('./__fixtures__/MintTokens.sol', import.meta.url), 'utf8') };

  it('created(): the supply rise, else what the recipients gained; nothing when both stayed', () => {
    assert.equal(created({ supply: 100n, balances: [5n, 0n] }, { supply: 100n, balances: [5n, 0n] }), 0n);
    assert.equal(created({ supply: 100n, balances: [5n, 0n] }, { supply: 160n, balances: [65n, 0n] }), 60n);
    // A supply kept apart from the balances (or unreadable): the recipients' gain.
    assert.equal(created({ supply: null, balances: [5n, null] }, { supply: null, balances: [9n, 3n] }), 4n);
    assert.equal(mintShown({ kind: 'mint', executed: true, minted: '0' }), false);
    assert.equal(mintShown({ kind: 'mint', executed: true }), false);
    assert.equal(mintShown({ kind: 'mint', executed: true, minted: '10' }), true);
  });

  it('a `mint(holder, 0)` that went through is no evidence; a mint that created tokens is', async () => {
    const nothing = await simulateSource(sources, { contractName: 'MintOfNothing', maxBuy: false });
    const action = nothing.ownerActions.find((a) => a.signature === 'mint(address,uint256)');
    assert.ok(action, JSON.stringify(nothing.ownerActions));
    assert.equal(action.executed, true, action.statement);
    assert.match(action.call ?? '', /, 0\)$/);
    assert.equal(action.minted, '0');
    assert.match(action.statement, /created no tokens .* proves no mint/);
    assert.notEqual(nothing.confirmations.mint?.confirmed, true, JSON.stringify(nothing.confirmations.mint));
    assert.ok(
      nothing.exploration?.unproven?.some((u) => u.signature === 'mint(address,uint256)'),
      JSON.stringify(nothing.exploration?.unproven),
    );

    const real = await simulateSource(sources, { contractName: 'RealMint', maxBuy: false });
    const minted = real.ownerActions.find((a) => a.signature === 'mint(address,uint256)');
    assert.ok(minted && BigInt(minted.minted ?? '0') > 0n, JSON.stringify(minted));
    assert.doesNotMatch(minted.call ?? '', /, 0\)$/);
    assert.equal(real.confirmations.mint?.confirmed, true);
    assert.ok(!real.exploration?.unproven?.some((u) => u.signature === 'mint(address,uint256)'));
  });
});
