import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { keccak256, encodeAbiParameters } from 'viem';
import { compileSolidity } from '../compile/compile-solidity.ts';
import { analyzeSources } from '../analysis/analyze.ts';
import { buildWatchPlan, mappingSlot, valueType } from './watch-plan.ts';

const source = { 'contracts/BlacklistToken.sol': readFileSync(new URL('../devnet/contracts/BlacklistToken.sol', import.meta.url), 'utf8') };
const token = '0x50120c1682dd4b579e178b9112110e5225ca0c29';
const pair = '0x00000000000000000000000000000000000000a1';
const holder = '0x00000000000000000000000000000000000000b2';

describe('the watch plan from the scan model', () => {
  it('reads the owner, the EIP-1967 slots, the supply, the LP supply and the blacklist entries of the pair and a holder', () => {
    const storage = compileSolidity(source).contracts.find((c) => c.name === 'BlacklistToken')!.storage;
    const powers = analyzeSources(source).tokenPowers.find((p) => p.contract === 'BlacklistToken')!;
    const plan = buildWatchPlan({
      token,
      proxy: false,
      storage,
      powers,
      pair,
      accounts: [
        { name: 'pair', address: pair },
        { name: 'holder', address: holder },
      ],
      locks: [{ address: '0x00000000000000000000000000000000000000c3', type: 'lpv2', unlockAt: '2030-01-01T00:00:00.000Z' }],
      sourceNote: null,
    });
    const keys = plan.values.map((v) => v.key);
    for (const key of [
      'owner()',
      'totalSupply()',
      'eip1967:implementation',
      'eip1967:admin',
      'pair:totalSupply()',
      'slot:_owner',
      'map:isBlacklisted[pair]',
      'map:isBlacklisted[holder]',
    ])
      assert.ok(keys.includes(key), `${key} in ${keys.join(', ')}`);
    assert.ok(!keys.some((k) => k.includes('balance')), 'the ledger is watched as the total supply, not entry by entry');
    const entry = plan.values.find((v) => v.key === 'map:isBlacklisted[holder]')!;
    const declared = storage.find((s) => s.label === 'isBlacklisted')!;
    // Solidity's rule for mapping(address => …) at slot p: keccak256(pad32(key) . pad32(p)).
    const expected = keccak256(`0x${holder.slice(2).padStart(64, '0')}${BigInt(declared.slot).toString(16).padStart(64, '0')}`);
    assert.deepEqual(entry.read, { type: 'storage', address: token, slot: expected, offset: 0, bytes: 1 });
    assert.equal(entry.format, 'bool');
    assert.equal(plan.locks.length, 1);
    assert.equal(plan.note, null);
    assert.equal(plan.ownerCalls, undefined, 'a verified token is read slot by slot');
  });

  it('without a storage layout: what any token has, the owner calls, and why', () => {
    const plan = buildWatchPlan({
      token,
      proxy: false,
      storage: [],
      powers: null,
      pair: null,
      accounts: [],
      locks: [],
      sourceNote: 'the contract is not verified',
    });
    assert.deepEqual(
      plan.values.map((v) => v.key),
      ['owner()', 'totalSupply()', 'eip1967:implementation', 'eip1967:admin'],
    );
    assert.equal(plan.ownerCalls, true);
    assert.equal(plan.note, 'the contract is not verified; no pool was found: liquidity is not watched');
  });

  it('reads owner() and totalSupply() at the slot of the variable they return, and calls them when the analysis names none', () => {
    const storage = compileSolidity(source).contracts.find((c) => c.name === 'BlacklistToken')!.storage;
    const powers = analyzeSources(source).tokenPowers.find((p) => p.contract === 'BlacklistToken')!;
    const input = { token, proxy: false, storage, powers, pair, accounts: [], locks: [], sourceNote: null };
    const read = (plan: ReturnType<typeof buildWatchPlan>, key: string) => plan.values.find((v) => v.key === key)!.read;
    const slotOf = (label: string) =>
      `0x${BigInt(storage.find((s) => s.label === label)!.slot)
        .toString(16)
        .padStart(64, '0')}`;
    const plan = buildWatchPlan(input);
    assert.deepEqual(read(plan, 'totalSupply()'), { type: 'storage', address: token, slot: slotOf('totalSupply'), offset: 0, bytes: 32 });
    // Its owner getter is getOwner(): there is no owner() whose variable could be read instead.
    assert.equal(read(plan, 'owner()').type, 'call');
    const plainSource = {
      'contracts/PlainToken.sol': readFileSync(new URL('../devnet/contracts/PlainToken.sol', import.meta.url), 'utf8'),
    };
    const plainStorage = compileSolidity(plainSource).contracts.find((c) => c.name === 'PlainToken')!.storage;
    const plain = buildWatchPlan({
      ...input,
      storage: plainStorage,
      powers: analyzeSources(plainSource).tokenPowers.find((p) => p.contract === 'PlainToken')!,
    });
    const ownerSlot = `0x${BigInt(plainStorage.find((s) => s.label === 'owner')!.slot)
      .toString(16)
      .padStart(64, '0')}`;
    assert.deepEqual(read(plain, 'owner()'), { type: 'storage', address: token, slot: ownerSlot, offset: 0, bytes: 20 });
    // The pool's supply is the pool's business: the plan calls it (the follower reads a known pair's slot).
    assert.equal(read(plan, 'pair:totalSupply()').type, 'call');
    // No view named by the analysis, or a variable of another type than the view answers: called.
    assert.equal(read(buildWatchPlan({ ...input, powers: { ...powers, views: {} } }), 'totalSupply()').type, 'call');
    const misnamed = { ...powers, views: { owner: { name: 'totalSupply', contract: 'BlacklistToken' } } };
    assert.equal(read(buildWatchPlan({ ...input, powers: misnamed }), 'owner()').type, 'call');
  });

  it('knows the sizes of value types and the mapping slot rule', () => {
    assert.deepEqual(valueType('t_uint16'), { bytes: 2, format: 'uint' });
    assert.deepEqual(valueType('t_contract(IRouter)12'), { bytes: 20, format: 'address' });
    assert.equal(valueType('t_string_storage'), undefined);
    assert.equal(mappingSlot(holder, '3'), keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 3n])));
  });
});
