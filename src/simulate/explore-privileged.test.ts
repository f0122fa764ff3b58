import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseAbi, type AbiFunction } from 'viem';
import { argumentSets, explorableFunctions, signatureOf } from './explore-privileged.ts';
import { simulateSource } from './simulate-source.ts';

const sources = { 'ExploreTokens.sol': readFileSync(new URL('./__fixtures__/ExploreTokens.sol', import.meta.url), 'utf8') };
const run = (contractName: string) => simulateSource(sources, { contractName, maxBuy: false, timeoutMs: 20_000 });

test('holder functions and views are not explored; every other function is, whatever its name', () => {
  const abi = parseAbi([
    'function transfer(address, uint256) returns (bool)',
    'function balanceOf(address) view returns (uint256)',
    'function renounceOwnership()',
    'function zq(address a, uint8 m)',
  ]);
  assert.deepEqual(explorableFunctions(abi).map(signatureOf), ['zq(address,uint8)']);
});

test('argument sets come from types and names, bounded per function', () => {
  const [f] = parseAbi(['function setTaxFee(address account, uint256 fee)']) as unknown as AbiFunction[];
  const actors = {
    holder: '0x1111111111111111111111111111111111111111',
    pair: '0x2222222222222222222222222222222222222222',
    router: '0x3333333333333333333333333333333333333333',
    caller: '0x4444444444444444444444444444444444444444',
    supply: 10n ** 27n,
  } as const;
  const sets = argumentSets(f!, actors, 8);
  assert.equal(sets.length, 8);
  assert.equal(sets[0]!.text, 'holder, 99');
  assert.ok(sets.some((s) => s.text === 'pair, 100'));
});

test('an owner power no name list would recognise is proven by what it does', async () => {
  const r = await run('HiddenMode');
  assert.equal(r.taxes.error, '', r.reason);
  const x = r.exploration;
  assert.ok(x, 'the exploration ran');
  const blocked = x.effects.find((e) => e.kind === 'sell-blocked');
  assert.ok(blocked, JSON.stringify(x.effects));
  assert.equal(blocked.signature, 'zq(address,uint8)');
  assert.match(blocked.call, /^zq\(holder, 1\)$/);
  assert.equal(blocked.anyone, false);
  assert.ok(x.calls > 0 && x.calls <= 240);
});

test('the look-alike whose mode is never read stays clean', async () => {
  const r = await run('LookAlike');
  assert.equal(r.taxes.error, '', r.reason);
  assert.deepEqual(
    r.exploration?.effects.map((e) => e.kind),
    [],
  );
});

test('an address held in state (not the owner) is impersonated and its seizure shown', async () => {
  const r = await run('HiddenKeeper');
  const x = r.exploration!;
  assert.ok(
    x.privileged.some((p) => /^0x0+bEEF$/i.test(p.address)),
    JSON.stringify(x.privileged),
  );
  const seized = x.effects.find((e) => e.kind === 'balance-lowered');
  assert.ok(seized, JSON.stringify(x.effects));
  assert.equal(seized.signature, 'sync2(address,uint256)');
  assert.match(seized.callerRole, /state variable w_|literal/);
});

test('a gate in another contract: trading opens with a permissive stand-in, reported as a dependency', async () => {
  const r = await run('ExternalGate');
  assert.equal(r.taxes.error, '', r.reason);
  assert.ok(r.evidence.some((s) => /open trading: .*setGate\(stand-in 0x/.test(s.description)));
  const d = r.exploration?.dependencies ?? [];
  assert.equal(d.length, 1);
  assert.match(d[0]!.evidence, /external contract that is not in the source/);
});

test('a token calling a public library deploys (the library linked in) and trades', async () => {
  const lib = { 'LibraryToken.sol': readFileSync(new URL('./__fixtures__/LibraryToken.sol', import.meta.url), 'utf8') };
  const r = await simulateSource(lib, { maxBuy: false, confirm: [] });
  assert.equal(r.taxes.error, '', r.reason);
  assert.ok(r.evidence.some((s) => /deploy the libraries LibraryToken calls/.test(s.description)));
});

test('functions that never return or re-enter forever are cut by the gas cap; the exploration still answers', async () => {
  const started = performance.now();
  // The whole simulation's cap is generous here: what is tested is the exploration's own
  // gas cap and wall budget, which must answer even when the machine is loaded.
  const r = await simulateSource(sources, { contractName: 'Bombs', maxBuy: false, timeoutMs: 60_000 });
  assert.equal(r.taxes.error, '', r.reason);
  assert.ok(r.exploration, 'the exploration ran');
  assert.deepEqual(r.exploration.effects, []);
  // Both are left with a reason rather than eating the token's whole budget. (On a loaded
  // machine the wall budget may also drop others or cut the run short: only these two must be there.)
  const skipped = (r.exploration.skipped ?? []).map((s) => s.slice(0, s.indexOf(':')));
  for (const bomb of ['recurse(uint256)', 'spin()'])
    assert.ok(skipped.includes(bomb), `${bomb} skipped: ${JSON.stringify(r.exploration.skipped)}`);
  assert.ok(performance.now() - started < 60_000, 'bounded: no hang');
});
