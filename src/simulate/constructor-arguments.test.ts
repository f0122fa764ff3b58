import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAbi } from 'viem';
import { constructorArgumentAttempts } from './constructor-arguments.ts';

const ctx = {
  deployer: '0x00000000000000000000000000000000000000d1',
  router: '0x00000000000000000000000000000000000000d2',
  factory: '0x00000000000000000000000000000000000000d3',
  weth: '0x00000000000000000000000000000000000000d4',
} as const;

test('numbers a constructor checks against each other and the chain are searched rising, as blocks then as times', () => {
  const abi = parseAbi(['constructor(address dest, uint256 _saleStartBlock, uint256 _saleEndBlock)']);
  const attempts = constructorArgumentAttempts(abi, ctx);
  const rising = attempts.filter((a) => (a[1] as bigint) > 0n && (a[2] as bigint) > (a[1] as bigint));
  assert.equal(rising.length, 2);
  assert.deepEqual(rising[0], [ctx.deployer, 1_000_000n, 2_000_000n]);
  assert.ok((rising[1]![1] as bigint) > BigInt(Math.floor(Date.now() / 1000)));
});
