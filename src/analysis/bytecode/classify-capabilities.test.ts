import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyBytecodeCapabilities, type ResolvedSelector } from './classify-capabilities.ts';

const one = (signature: string): ResolvedSelector => ({ selector: '0x00000001', signatures: [signature] });
const capabilitiesOf = (signature: string): string[] => classifyBytecodeCapabilities([one(signature)]).map((f) => f.capability);

test('names and parameters of privileged functions map to capabilities', () => {
  const cases: [string, string[]][] = [
    ['mint(address,uint256)', ['mint']],
    ['mintTo(address,uint256)', ['mint']],
    ['burnFrom(address,uint256)', ['burn']],
    ['setBots(address[],bool)', ['blacklist']],
    ['addToBlacklist(address)', ['blacklist']],
    ['freezeAccount(address,bool)', ['blacklist']],
    ['setFees(uint256,uint256)', ['setFees']],
    ['updateBuyTax(uint256)', ['setFees']],
    ['pause()', ['pause']],
    ['enableTrading()', ['pause']],
    ['setMaxTxAmount(uint256)', ['maxTxAmount']],
    ['removeLimits()', ['maxTxAmount']],
    ['rescueTokens(address,uint256)', ['withdrawTokens']],
    ['clearStuckBalance(uint256)', ['withdrawTokens']],
    ['transferOwnership(address)', ['transferOwnership']],
    ['renounceOwnership()', ['transferOwnership']],
  ];
  for (const [signature, expected] of cases) assert.deepEqual(capabilitiesOf(signature), expected, signature);
});

test('look-alikes that are not privileged operations are not flagged', () => {
  for (const signature of [
    'minter()',
    'mintingFinished()',
    'burnRate()',
    'isBlacklisted(address)',
    'isBot(address)',
    'excludeFromFee(address)',
    'setExcludedFromFee(address,bool)',
    'taxFee()',
    'paused()',
    'maxTxAmount()',
    'withdraw(uint256)',
    'owner()',
    'transfer(address,uint256)',
    'setWhitelisted(address,bool)',
  ]) {
    assert.deepEqual(capabilitiesOf(signature), [], signature);
  }
});

test('findings are marked as from bytecode, stable, and less confident on selector collisions', () => {
  const [certain] = classifyBytecodeCapabilities([one('mint(address,uint256)')]);
  assert.equal(certain?.source, 'bytecode');
  assert.equal(certain?.smartAuditKey, 'mint');
  assert.equal(certain?.checklist, 'MT');
  assert.equal(certain?.confidence, 'medium');
  assert.equal(certain?.id, classifyBytecodeCapabilities([one('mint(address,uint256)')])[0]?.id);
  const [ambiguous] = classifyBytecodeCapabilities([{ selector: '0x40c10f19', signatures: ['mint(address,uint256)', 'f_x_y(uint256)'] }]);
  assert.equal(ambiguous?.confidence, 'low');
  assert.deepEqual(classifyBytecodeCapabilities([{ selector: '0xdeadbeef', signatures: [] }]), []);
});
